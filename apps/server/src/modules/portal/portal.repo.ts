import type { Db } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { deployProjects, deploys, featureFlags, projects, sessions } from '../../db/schema/index.ts';

export async function listFeatureFlags(db: Db) {
  return db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
}

export async function listDeployRows(db: Db) {
  return db
    .select({
      id: deploys.id,
      name: deploys.name,
      type: deploys.type,
      host: deploys.host,
      projectId: projects.id,
      projectKey: projects.key,
      projectName: projects.name,
      fullKey: deployProjects.fullKey,
    })
    .from(deploys)
    .leftJoin(deployProjects, eq(deployProjects.deployId, deploys.id))
    .leftJoin(projects, eq(projects.id, deployProjects.projectId))
    .orderBy(deploys.name, projects.name);
}

/** Ends a session: its cookie and every access token issued from it stop working. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

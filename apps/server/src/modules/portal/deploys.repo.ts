import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deployProjects, deploys, projects } from '../../db/schema/index.ts';

/** Where the portal runs and which projects answer there (docs/admin.md, "Deploys"). */
export type DeployValues = Pick<typeof deploys.$inferInsert, 'name' | 'type' | 'host'>;

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

/** Every project's addresses on every deploy. */
export async function projectHosts(db: Db) {
  return db
    .select({
      projectId: deployProjects.projectId,
      deploy: deploys.name,
      type: deploys.type,
      host: deployProjects.fullKey,
    })
    .from(deployProjects)
    .innerJoin(deploys, eq(deploys.id, deployProjects.deployId));
}

const hostWithoutPort = (host: string) => host.replace(/:\d+$/, '');

/** Writes a deploy and the projects it serves, replacing the ones it served before. */
export async function saveDeploy(
  db: Db,
  id: string,
  values: DeployValues,
  listed: Array<{ id: string; key: string }>,
  isNew: boolean,
): Promise<void> {
  if (isNew) await db.insert(deploys).values({ id, ...values });
  else {
    await db.update(deploys).set(values).where(eq(deploys.id, id));
    await db.delete(deployProjects).where(eq(deployProjects.deployId, id));
  }
  if (listed.length)
    await db
      .insert(deployProjects)
      .values(
        listed.map((p) => ({ deployId: id, projectId: p.id, fullKey: `${p.key}.${hostWithoutPort(values.host)}` })),
      );
}

export async function deleteDeployRow(db: Db, id: string): Promise<void> {
  await db.delete(deploys).where(eq(deploys.id, id));
}

/** Puts a new project on the deploy at the portal's own host, when there is one. */
export async function placeOnPortalDeploy(
  db: Db,
  { projectId, key, portalHost }: { projectId: string; key: string; portalHost: string },
): Promise<void> {
  const [home] = await db.select({ id: deploys.id }).from(deploys).where(eq(deploys.host, portalHost)).limit(1);
  if (home)
    await db
      .insert(deployProjects)
      .values({ deployId: home.id, projectId, fullKey: `${key}.${portalHost}` })
      .onConflictDoNothing();
}

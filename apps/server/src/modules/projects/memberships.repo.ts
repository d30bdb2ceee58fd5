import { and, eq } from 'drizzle-orm';
import type { ProjectRole } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { memberships, projects } from '../../db/schema/index.ts';

export async function roleInProject(db: Db, projectId: string, userId: string): Promise<ProjectRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

export async function projectsOfUser(db: Db, userId: string) {
  return db
    .select({ id: projects.id, key: projects.key, name: projects.name, role: memberships.role })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(eq(memberships.userId, userId))
    .orderBy(projects.name);
}

export async function allProjects(db: Db) {
  return db.select({ id: projects.id, key: projects.key, name: projects.name }).from(projects).orderBy(projects.name);
}

/** Makes the person a member with at least this role (an existing stronger role stays). */
export async function grantMembership(db: Db, { projectId, userId, role }: { projectId: string; userId: string; role: ProjectRole }) {
  await db
    .insert(memberships)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({
      target: [memberships.projectId, memberships.userId],
      set: { role: role === 'manager' ? 'manager' : memberships.role },
    });
}

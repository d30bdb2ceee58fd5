import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectRole } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { memberships, projects, users } from '../../db/schema/index.ts';

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
export async function grantMembership(
  db: Db,
  { projectId, userId, role }: { projectId: string; userId: string; role: ProjectRole },
) {
  await db
    .insert(memberships)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({
      target: [memberships.projectId, memberships.userId],
      set: { role: role === 'manager' ? 'manager' : memberships.role },
    });
}

/** The projects each of these people belongs to, with their role there, in project-name order. */
export async function membershipsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      userId: memberships.userId,
      projectId: projects.id,
      projectKey: projects.key,
      projectName: projects.name,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(inArray(memberships.userId, userIds))
    .orderBy(projects.name);
}

/** The members of a project with their addresses, in address order. */
export async function membersOf(db: Db, projectId: string) {
  return db
    .select({ userId: memberships.userId, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.projectId, projectId))
    .orderBy(users.email);
}

export async function findMembership(db: Db, projectId: string, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, projectId)));
  return row;
}

/** Sets the person's role in the project, whatever it was (an administrator's choice). */
export async function setMembershipRole(
  db: Db,
  { projectId, userId, role }: { projectId: string; userId: string; role: ProjectRole },
) {
  await db
    .insert(memberships)
    .values({ userId, projectId, role })
    .onConflictDoUpdate({ target: [memberships.projectId, memberships.userId], set: { role } });
}

export async function deleteMembership(db: Db, projectId: string, userId: string) {
  const [removed] = await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, projectId)))
    .returning();
  return removed;
}

/** A person as the project's lists and mails name them. */
export interface Person {
  id: string;
  /** Their name as they gave it ('' when they gave none). */
  name: string;
  email: string;
}

/**
 * The project's people in a role, or the platform's administrators (docs/roles.md): the one
 * query for "who are the managers" whoever asks (a mail to the managers, the people a lead may
 * be given to, a conversation's staff). Active accounts only: a disabled person is told and
 * given nothing. By name, then address.
 */
export async function peopleOf(
  db: Db,
  who: { projectId: string; role: ProjectRole } | { role: 'admin' },
): Promise<Person[]> {
  const active = eq(users.disabled, false);
  const person = { id: users.id, name: users.name, email: users.email };
  const order = [asc(sql`coalesce(nullif(${users.name}, ''), ${users.email})`), asc(users.email)];
  if (who.role === 'admin') {
    return db
      .select(person)
      .from(users)
      .where(and(eq(users.isAdmin, true), active))
      .orderBy(...order);
  }
  return db
    .select(person)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.projectId, who.projectId), eq(memberships.role, who.role), active))
    .orderBy(...order);
}

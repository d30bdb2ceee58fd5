import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { CHANGE_CHANNEL, type FeedEvent } from '../../db/change-feed.ts';
import { sqlRows, type Db } from '../../db/client.ts';
import { projects, projectVersions, users } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/like.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * Projects by key: every API call starts by looking one up. The change feed drops an entry
 * the moment its project changes on any server; the minute's limit is only a backstop for
 * changes made outside the portal.
 */
const projectsByKey = new TtlCache<ProjectRow | undefined>(60_000);

/** Keeps the cache exact: a changed project is looked up again; after a gap in the feed, all are. */
export function onProjectChange(event: FeedEvent): void {
  if (event.op === 'reset') projectsByKey.clear();
  else if (event.collection === '$project') projectsByKey.deleteWhere((row) => row?.id === event.project);
}

/**
 * The project answering at `key`. A miss is never kept: an address asked before its project
 * exists answers as the project the moment it is made, on every server (the feed announces
 * changes, but nothing is announced for a project that did not exist).
 */
export async function findProjectByKey(db: Db, key: string): Promise<ProjectRow | undefined> {
  const row = await projectsByKey.get(key, async () => {
    const [found] = await db.select().from(projects).where(eq(projects.key, key)).limit(1);
    return found;
  });
  if (!row) projectsByKey.delete(key);
  return row;
}

export async function findProjectById(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/**
 * Changes a project and moves its version on; with `expectedVersion`, only if nobody changed it
 * since that version was read (undefined otherwise: the caller answers 409).
 */
export async function updateProject(
  db: Db,
  id: string,
  changes: Partial<typeof projects.$inferInsert>,
  expectedVersion?: number,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...changes, version: sql`${projects.version} + 1`, updatedAt: new Date() })
    .where(
      expectedVersion === undefined
        ? eq(projects.id, id)
        : and(eq(projects.id, id), eq(projects.version, expectedVersion)),
    )
    .returning();
  if (!row) return undefined;
  projectsByKey.delete(row.key);
  await db.execute(
    sql`SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${id}::text, 'collection', '$project', 'id', ${id}::text, 'version', 0, 'op', 'update')::text)`,
  );
  return row;
}

/** A project's settings as one document (what its versions keep). */
export function projectConfigOf(row: ProjectRow) {
  return { name: row.name, currency: row.currency, options: row.options, features: row.features, theme: row.theme };
}

/** Keeps the version a change of a project's settings made (docs/admin.md, "Configs"). */
export async function recordProjectVersion(db: Db, row: ProjectRow, actorId: string | null): Promise<void> {
  await db
    .insert(projectVersions)
    .values({ projectId: row.id, version: row.version, config: projectConfigOf(row), actorId })
    .onConflictDoNothing();
}

export async function isProjectKeyTaken(db: Db, key: string): Promise<boolean> {
  const [taken] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, key)).limit(1);
  return taken !== undefined;
}

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** The keys of these projects by id (a missing id is simply absent). */
export async function projectKeysOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: projects.id, key: projects.key }).from(projects).where(inArray(projects.id, ids));
  return new Map(rows.map((row) => [row.id, row.key]));
}

/** The last hundred versions of a project's settings, newest first, with who made each. */
export async function listProjectVersions(db: Db, projectId: string) {
  return db
    .select({
      version: projectVersions.version,
      at: projectVersions.at,
      config: projectVersions.config,
      actor: users.email,
    })
    .from(projectVersions)
    .leftJoin(users, eq(users.id, projectVersions.actorId))
    .where(eq(projectVersions.projectId, projectId))
    .orderBy(desc(projectVersions.version))
    .limit(100);
}

export async function findProjectVersion(db: Db, projectId: string, version: number) {
  const [row] = await db
    .select()
    .from(projectVersions)
    .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.version, version)));
  return row;
}

export async function listAllProjects(db: Db, { q, id }: { q?: string | undefined; id?: string | undefined } = {}) {
  const needle = q?.trim();
  return db
    .select()
    .from(projects)
    .where(
      and(
        needle
          ? or(ilike(projects.name, `%${escapeLike(needle)}%`), ilike(projects.key, `%${escapeLike(needle)}%`))
          : undefined,
        id ? eq(projects.id, id) : undefined,
      ),
    )
    .orderBy(projects.name);
}

export interface ProjectCountsRow {
  project_id: string;
  members: number;
  managers: number;
}

/** Per project: its members and managers (its units and carts are the engine's to count). */
export async function projectCounts(db: Db): Promise<Map<string, ProjectCountsRow>> {
  const rows = await sqlRows<ProjectCountsRow>(
    db,
    sql`SELECT p.id AS project_id,
          (SELECT count(*)::int FROM memberships m WHERE m.project_id = p.id) AS members,
          (SELECT count(*)::int FROM memberships m WHERE m.project_id = p.id AND m.role = 'manager') AS managers
        FROM projects p`,
  );
  return new Map(rows.map((row) => [row.project_id, row]));
}

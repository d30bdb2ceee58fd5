import { and, eq, sql } from 'drizzle-orm';
import { CHANGE_CHANNEL, type FeedEvent } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { items, projects, projectVersions } from '../../db/schema/index.ts';
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

export async function listRoomItems(db: Db, projectId: string) {
  return db
    .select({ id: items.id, data: items.data })
    .from(items)
    .where(and(eq(items.projectId, projectId), eq(items.collection, 'rooms')));
}

export async function findProjectById(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/**
 * Changes a project and moves its version on; with `expectedVersion`, only if nobody changed it
 * since that version was read (undefined otherwise: the caller answers 409).
 */
export async function updateProject(db: Db, id: string, changes: Partial<typeof projects.$inferInsert>, expectedVersion?: number): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...changes, version: sql`${projects.version} + 1`, updatedAt: new Date() })
    .where(expectedVersion === undefined ? eq(projects.id, id) : and(eq(projects.id, id), eq(projects.version, expectedVersion)))
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
  await db.insert(projectVersions).values({ projectId: row.id, version: row.version, config: projectConfigOf(row), actorId }).onConflictDoNothing();
}

import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import type { Db } from '../../db/client.ts';
import { CHANGE_CHANNEL } from '../../db/change-feed.ts';
import { collections } from '../../db/schema/index.ts';

/** A project's stored collection definitions: its own models and the fields added to the built-ins (docs/collections.md). */
export type CollectionRow = typeof collections.$inferSelect;

export async function collectionRowsOf(db: Db, projectId: string): Promise<CollectionRow[]> {
  return db.select().from(collections).where(eq(collections.projectId, projectId)).orderBy(collections.name);
}

export async function findCollectionRow(db: Db, projectId: string, name: string): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.projectId, projectId), eq(collections.name, name)));
  return row;
}

/** Writes a collection's definition (a new row when `existingId` is null) and tells every server its project's collections changed. */
export async function saveCollectionRow(
  db: Db,
  {
    existingId,
    projectId,
    name,
    schema,
    ui,
  }: {
    existingId: string | null;
    projectId: string;
    name: string;
    schema: Record<string, unknown>;
    ui: Record<string, unknown>;
  },
): Promise<void> {
  if (existingId)
    await db.update(collections).set({ schema, ui, updatedAt: new Date() }).where(eq(collections.id, existingId));
  else await db.insert(collections).values({ id: uuidv7(), projectId, name, schema, ui });
  await db.execute(
    sql`SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${projectId}::text, 'collection', '$collections', 'id', ${projectId}::text, 'version', 0, 'op', 'update')::text)`,
  );
}

/** A new project's definitions, copied from another (an import). */
export async function insertCollectionRows(
  db: Db,
  projectId: string,
  rows: Array<{ name: string; schema: Record<string, unknown>; ui: Record<string, unknown> }>,
): Promise<void> {
  if (rows.length)
    await db
      .insert(collections)
      .values(rows.map((row) => ({ id: uuidv7(), projectId, name: row.name, schema: row.schema, ui: row.ui })));
}

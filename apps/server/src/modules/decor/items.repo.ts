import { eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { BUILT_IN_COLLECTIONS } from '@decor/core';
import { preparedRows, queryRows, type Db } from '../../db/client.ts';
import { jsonPathOf } from './refs.ts';
import { CHANGE_CHANNEL } from '../../db/change-feed.ts';
import { items } from '../../db/schema/index.ts';

export interface ItemRow {
  id: string;
  data: Record<string, unknown>;
  version: number;
}

/** The API shape of an item, built by PostgreSQL: `{ _id, ...fields, _version, createdAt, updatedAt }`. */
export function documentSql(fields: SQL): SQL {
  return sql`jsonb_build_object('_id', i.id) || ${fields} || jsonb_build_object('_version', i.version, 'createdAt', i.created_at, 'updatedAt', i.updated_at)`;
}

/** A filter of a list as the query string asked it: a bound on a number, or a value a field holds. */
export type ItemFilter = { field: string; op: 'gte' | 'lte'; bound: number } | { field: string; op: 'holds'; value: unknown };

function filterCondition(filter: ItemFilter): SQL {
  if (filter.op === 'holds') return sql`i.data @> ${JSON.stringify({ [filter.field]: filter.value })}::jsonb`;
  return filter.op === 'gte' ? sql`(i.data->>${filter.field})::numeric >= ${filter.bound}` : sql`(i.data->>${filter.field})::numeric <= ${filter.bound}`;
}

export interface ListQuery {
  projectId: string;
  collection: string;
  where: SQL;
  document: SQL;
  filters: ItemFilter[];
  afterId: string | null;
  limit: number;
}

/** One keyset page, as the JSON text of an array (PostgreSQL builds it; Node only forwards it). */
export async function listItemsJson(db: Db, query: ListQuery): Promise<string> {
  const conditions = [
    sql`i.project_id = ${query.projectId}`,
    sql`i.collection = ${query.collection}`,
    query.where,
    ...query.filters.map(filterCondition),
    // Always a lower bound, so the first page takes the same keyset plan as every other.
    sql`i.id > ${query.afterId ?? '00000000-0000-0000-0000-000000000000'}`,
  ];
  const [row] = await preparedRows<{ body: string }>(
    db,
    sql`SELECT coalesce(json_agg(page.doc ORDER BY page.id), '[]')::text AS body FROM (
          SELECT i.id, ${documentSql(query.document)} AS doc FROM items i
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY i.id LIMIT ${query.limit}) page`,
  );
  return row?.body ?? '[]';
}

export async function getItemJson(
  db: Db,
  {
    projectId,
    collection,
    id,
    where = sql`true`,
    document = sql`i.data`,
  }: { projectId: string; collection: string; id: string; where?: SQL | undefined; document?: SQL | undefined },
): Promise<string | null> {
  const [row] = await preparedRows<{ body: string }>(
    db,
    sql`SELECT (${documentSql(document)})::text AS body FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}`,
  );
  return row?.body ?? null;
}

/** The item for a write, locked until the transaction ends; `where` limits it to what the caller may change. */
export async function lockItem(
  db: Db,
  { projectId, collection, id, where = sql`true` }: { projectId: string; collection: string; id: string; where?: SQL | undefined },
): Promise<ItemRow | null> {
  const [row] = await preparedRows<ItemRow>(
    db,
    sql`SELECT i.id, i.data, i.version FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}
        FOR UPDATE`,
  );
  return row ?? null;
}

/** The item as stored, with its version, without a lock (a write that follows checks the version instead). */
export async function readItemRow(
  db: Db,
  { projectId, collection, id, where = sql`true` }: { projectId: string; collection: string; id: string; where?: SQL | undefined },
): Promise<ItemRow | null> {
  const [row] = await preparedRows<ItemRow>(
    db,
    sql`SELECT i.id, i.data, i.version FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}`,
  );
  return row ?? null;
}

/** SQL that announces a change on commit: ids only, `{ project, collection, id, version, op }`. */
function announce(projectId: string, collection: string, id: SQL | string, version: SQL, op: 'create' | 'update' | 'delete'): SQL {
  return sql`pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${projectId}::text, 'collection', ${collection}::text, 'id', ${id}::text, 'version', ${version}, 'op', ${op}::text)::text)`;
}

/** Inserts the item, writes its audit entry and announces it: one round trip. Answers with the id and the API document. */
export async function insertItemAudited(
  db: Db,
  {
    projectId,
    collection,
    data,
    actorId,
    id = uuidv7(),
  }: { projectId: string; collection: string; data: Record<string, unknown>; actorId: string | null; id?: string },
): Promise<{ id: string; body: string }> {
  const after = JSON.stringify(data);
  const [row] = await preparedRows<{ body: string }>(
    db,
    sql`WITH i AS (
          INSERT INTO items (project_id, collection, id, data, created_by, updated_by)
          VALUES (${projectId}, ${collection}, ${id}, ${after}::jsonb, ${actorId}, ${actorId})
          RETURNING id, data, version, created_at, updated_at),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, before, after)
          VALUES (${uuidv7()}, ${projectId}, ${collection}, ${id}, 'create', ${actorId}, NULL, ${after}::jsonb))
        SELECT (${documentSql(sql`i.data`)})::text AS body, ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'create')} AS announced FROM i`,
  );
  return { id, body: row!.body };
}

/**
 * Saves the new document, writes the audit entry, announces it and returns the API document:
 * one round trip. With `ifVersion`, only while the item is still at that version: otherwise
 * nothing is written (no row, no audit entry) and the answer is null.
 */
export async function updateItemAudited(
  db: Db,
  {
    projectId,
    collection,
    id,
    data,
    before,
    actorId,
    ifVersion = null,
  }: {
    projectId: string;
    collection: string;
    id: string;
    data: Record<string, unknown>;
    before: Record<string, unknown>;
    actorId: string | null;
    ifVersion?: number | null;
  },
): Promise<string | null> {
  const after = JSON.stringify(data);
  const [row] = await preparedRows<{ body: string }>(
    db,
    sql`WITH i AS (
          UPDATE items SET data = ${after}::jsonb, version = version + 1, updated_at = now(), updated_by = ${actorId}
          WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}
            AND (${ifVersion}::int IS NULL OR version = ${ifVersion}::int)
          RETURNING id, data, version, created_at, updated_at),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, before, after)
          SELECT ${uuidv7()}, ${projectId}, ${collection}, i.id, 'update', ${actorId}, ${JSON.stringify(before)}::jsonb, ${after}::jsonb FROM i)
        SELECT (${documentSql(sql`i.data`)})::text AS body, ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'update')} AS announced FROM i`,
  );
  return row?.body ?? null;
}

/** Deletes the item, writes the audit entry and announces it: one round trip. */
export async function deleteItemAudited(
  db: Db,
  {
    projectId,
    collection,
    id,
    before,
    actorId,
  }: { projectId: string; collection: string; id: string; before: Record<string, unknown>; actorId: string | null },
) {
  await preparedRows(
    db,
    sql`WITH i AS (
          DELETE FROM items WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}
          RETURNING id, version),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, before, after)
          VALUES (${uuidv7()}, ${projectId}, ${collection}, ${id}, 'delete', ${actorId}, ${JSON.stringify(before)}::jsonb, NULL))
        SELECT ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'delete')} AS announced FROM i`,
  );
}

/** Which of these (collection, id) pairs exist in the project, in one query. */
export async function existingRefs(db: Db, projectId: string, refs: Array<{ collection: string; id: string }>): Promise<Set<string>> {
  const valid = refs.filter((ref) => /^[0-9a-f-]{36}$/i.test(ref.id));
  if (!valid.length) return new Set();
  const rows = await preparedRows<{ key: string }>(
    db,
    sql`SELECT i.collection || ':' || i.id AS key FROM items i
        JOIN unnest(string_to_array(${valid.map((r) => r.collection).join(',')}, ','), string_to_array(${valid.map((r) => r.id).join(',')}, ',')::uuid[]) AS wanted(collection, id)
          ON i.collection = wanted.collection AND i.id = wanted.id
        WHERE i.project_id = ${projectId}`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Items of the project that refer to this one, through any built-in reference. */
export async function referrers(db: Db, { projectId, collection, id }: { projectId: string; collection: string; id: string }) {
  const found: Array<{ collection: string; _id: string }> = [];
  for (const definition of BUILT_IN_COLLECTIONS) {
    for (const ref of definition.refs.filter((r) => r.collection === collection)) {
      const path = `${jsonPathOf(ref.path)} ? (@ == $id)`;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM items WHERE project_id = ${projectId} AND collection = ${definition.name}
            AND jsonb_path_exists(data, ${path}::jsonpath, jsonb_build_object('id', ${id}::text)) LIMIT 20`,
      );
      for (const row of rows) found.push({ collection: definition.name, _id: row.id });
    }
  }
  return found;
}

/** Every item of a project, collection by collection (an export). */
export async function itemsOfProject(db: Db, projectId: string) {
  return db.select().from(items).where(eq(items.projectId, projectId)).orderBy(items.collection, items.id);
}

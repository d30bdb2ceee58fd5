import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { BUILT_IN_COLLECTIONS } from '@decor/core';
import { queryRows, type Db } from '../../db/client.ts';
import { jsonPathOf } from './refs.ts';

export interface ItemRow {
  id: string;
  data: Record<string, unknown>;
  version: number;
}

/** The API shape of an item, built by PostgreSQL: `{ _id, ...fields, _version, createdAt, updatedAt }`. */
export function documentSql(fields: SQL): SQL {
  return sql`jsonb_build_object('_id', i.id) || ${fields} || jsonb_build_object('_version', i.version, 'createdAt', i.created_at, 'updatedAt', i.updated_at)`;
}

export interface ListQuery {
  projectId: string;
  collection: string;
  where: SQL;
  document: SQL;
  filters: SQL[];
  afterId: string | null;
  limit: number;
}

/** One keyset page, as the JSON text of an array (PostgreSQL builds it; Node only forwards it). */
export async function listItemsJson(db: Db, query: ListQuery): Promise<string> {
  const conditions = [
    sql`i.project_id = ${query.projectId}`,
    sql`i.collection = ${query.collection}`,
    query.where,
    ...query.filters,
    ...(query.afterId ? [sql`i.id > ${query.afterId}`] : []),
  ];
  const [row] = await queryRows<{ body: string }>(
    db,
    sql`SELECT coalesce(json_agg(page.doc ORDER BY page.id), '[]')::text AS body FROM (
          SELECT i.id, ${documentSql(query.document)} AS doc FROM items i
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY i.id LIMIT ${query.limit}) page`,
  );
  return row?.body ?? '[]';
}

export async function getItemJson(db: Db, { projectId, collection, id, where, document }: { projectId: string; collection: string; id: string; where: SQL; document: SQL }): Promise<string | null> {
  const [row] = await queryRows<{ body: string }>(
    db,
    sql`SELECT (${documentSql(document)})::text AS body FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}`,
  );
  return row?.body ?? null;
}

/** The item for a write, locked until the transaction ends; `where` limits it to what the caller may change. */
export async function lockItem(db: Db, { projectId, collection, id, where = sql`true` }: { projectId: string; collection: string; id: string; where?: SQL }): Promise<ItemRow | null> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`SELECT i.id, i.data, i.version FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}
        FOR UPDATE`,
  );
  return row ?? null;
}

export async function itemExists(db: Db, { projectId, collection, id }: { projectId: string; collection: string; id: string }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM items WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}`);
  return rows.length > 0;
}

export async function insertItem(db: Db, { projectId, collection, data, actorId }: { projectId: string; collection: string; data: Record<string, unknown>; actorId: string }): Promise<string> {
  const id = uuidv7();
  await db.execute(sql`INSERT INTO items (project_id, collection, id, data, created_by, updated_by)
                       VALUES (${projectId}, ${collection}, ${id}, ${JSON.stringify(data)}::jsonb, ${actorId}, ${actorId})`);
  return id;
}

export async function updateItem(db: Db, { projectId, collection, id, data, actorId }: { projectId: string; collection: string; id: string; data: Record<string, unknown>; actorId: string }) {
  await db.execute(sql`UPDATE items SET data = ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = now(), updated_by = ${actorId}
                       WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}`);
}

export async function deleteItem(db: Db, { projectId, collection, id }: { projectId: string; collection: string; id: string }) {
  await db.execute(sql`DELETE FROM items WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}`);
}

/** Which of these ids exist in a collection of the project. */
export async function existingIds(db: Db, { projectId, collection, ids }: { projectId: string; collection: string; ids: string[] }): Promise<Set<string>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!valid.length) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM items WHERE project_id = ${projectId} AND collection = ${collection} AND id = ANY(string_to_array(${valid.join(',')}, ',')::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
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

/** Current prices of options, for computing a cart's total on the server. */
export async function optionPrices(db: Db, projectId: string, ids: string[]): Promise<Map<string, number>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!valid.length) return new Map();
  const rows = await queryRows<{ id: string; price: number }>(
    db,
    sql`SELECT id, (data->>'price')::bigint AS price FROM items WHERE project_id = ${projectId} AND collection = 'options' AND id = ANY(string_to_array(${valid.join(',')}, ',')::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.price)]));
}

export async function packageAdjustment(db: Db, projectId: string, id: string | null): Promise<number> {
  if (!id) return 0;
  const rows = await queryRows<{ adjustment: number | null }>(
    db,
    sql`SELECT (data->>'priceAdjustment')::bigint AS adjustment FROM items WHERE project_id = ${projectId} AND collection = 'packages' AND id = ${id}`,
  );
  return Number(rows[0]?.adjustment ?? 0);
}

export async function writeAudit(
  db: Db,
  entry: { projectId: string; collection: string; itemId: string; action: 'create' | 'update' | 'delete'; actorId: string; before: unknown; after: unknown },
) {
  await db.execute(sql`INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, before, after)
                       VALUES (${uuidv7()}, ${entry.projectId}, ${entry.collection}, ${entry.itemId}, ${entry.action}, ${entry.actorId},
                               ${entry.before === null ? null : JSON.stringify(entry.before)}::jsonb, ${entry.after === null ? null : JSON.stringify(entry.after)}::jsonb)`);
}

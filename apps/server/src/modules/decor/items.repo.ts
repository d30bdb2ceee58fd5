import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { BUILT_IN_COLLECTIONS } from '@decor/core';
import { atRun, coalescedQuery, listAtRun, hotSqlRows, sqlRows, type Db } from '../../db/client.ts';
import { jsonPathOf } from './refs.ts';
import { CHANGE_CHANNEL } from '../../db/change-feed.ts';
import { items } from '../../db/schema/index.ts';

export interface ItemRow {
  id: string;
  data: Record<string, unknown>;
  version: number;
}

/**
 * The API shape of an item as JSON text: `{ _id, ...fields, _version, createdAt, updatedAt }`.
 * The whole item's is stored (`items.doc`, kept by PostgreSQL on every write: docs/architecture.md,
 * "Stored documents"); a part of it (`fields`, e.g. a unit's public face) is built per read.
 */
function documentText(fields: SQL | null): SQL {
  if (!fields) return sql`i.doc`;
  return sql`item_document(i.id, ${fields}, i.version, i.created_at, i.updated_at)`;
}

/** A filter of a list as the query string asked it: a bound on a number, or a value a field holds. */
export type ItemFilter =
  { field: string; op: 'gte' | 'lte'; bound: number } | { field: string; op: 'holds'; value: unknown };

/** A list's filter, its value read at run time so that every value shares one plan (`atRun`). */
function filterCondition(filter: ItemFilter): SQL {
  if (filter.op === 'holds') return sql`i.data @> ${atRun('jsonb', JSON.stringify({ [filter.field]: filter.value }))}`;
  const bound = atRun('numeric', filter.bound);
  return filter.op === 'gte'
    ? sql`(i.data->>${filter.field})::numeric >= ${bound}`
    : sql`(i.data->>${filter.field})::numeric <= ${bound}`;
}

export interface ListQuery {
  projectId: string;
  collection: string;
  where: SQL;
  /** The fields of each item the caller sees; null: the whole item (its stored document). */
  document: SQL | null;
  filters: ItemFilter[];
  afterId: string | null;
  limit: number;
  /**
   * A name for `where` and `document`, when the caller has one (a read everyone of one kind
   * shares): pages asked at once are then grouped by it with the project, the collection, the
   * filters and the size, without their SQL being built for each request.
   */
  shape?: string | undefined;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The SQL of one keyset page after `afterId` (a parameter, or the column of a batch's ids).
 * The project, the collection and the filters' values are read at run time, so that one plan
 * serves them all (`atRun`); the size is written into the text, since a size the planner
 * cannot see is taken for a tenth of the collection.
 */
function pageSql(query: ListQuery, afterId: SQL): SQL {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1)
    throw new Error(`A page's size must be a positive whole number, not ${query.limit}.`);
  const conditions = [
    sql`i.project_id = ${atRun('uuid', query.projectId)}`,
    sql`i.collection = ${atRun('text', query.collection)}`,
    query.where,
    ...query.filters.map(filterCondition),
    // Always a lower bound, so the first page takes the same keyset plan as every other.
    sql`i.id > ${afterId}`,
  ];
  return sql`SELECT i.id, ${documentText(query.document)} AS doc FROM items i
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY i.id LIMIT ${sql.raw(String(query.limit))}`;
}

/**
 * Pages of one shape after each of these ids, in one query: each page walks the index on its
 * own and comes back as one row, the JSON text of its array.
 */
export function pagesSql(query: ListQuery, afterIds: string[]): SQL {
  return sql`SELECT k.n, page.body FROM unnest(${listAtRun('uuid', afterIds)}) WITH ORDINALITY AS k(after, n)
    CROSS JOIN LATERAL (
      SELECT '[' || coalesce(string_agg(rows.doc, ',' ORDER BY rows.id), '') || ']' AS body FROM (${pageSql(query, sql`k.after`)}) rows
    ) page
    ORDER BY k.n`;
}

/**
 * One keyset page, as the JSON text of an array, from the items' stored documents; pages of
 * the same shape asked at once are read by one query (docs/architecture.md, "Stored
 * documents" and "Round trips").
 */
export async function listItemsJson(db: Db, query: ListQuery): Promise<string> {
  const afterId = query.afterId ?? NO_ID;
  const group = query.shape
    ? `page\u0000${query.shape}\u0000${query.projectId}\u0000${query.collection}\u0000${query.limit}\u0000${JSON.stringify(query.filters)}`
    : pageSql(query, sql`k.after`);
  return coalescedQuery(db, group, afterId, async (afterIds) =>
    (await hotSqlRows<{ n: string; body: string }>(db, pagesSql(query, afterIds))).map((row) => row.body),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OneItem {
  projectId: string;
  collection: string;
  id: string;
  where?: SQL | undefined;
  /** A name for `where` and the fields read, when the caller has one (a read everyone of one kind shares). */
  shape?: string | undefined;
}

/**
 * One item by id, read together with the other requests' ids for the same collection and
 * condition (db/coalesce.ts): `columns` names what is read, and the row comes back as `T`.
 * `name`, when given, says everything the read depends on besides the project, the collection
 * and the id: reads are then grouped by it, without their SQL being built for each request.
 * An id that is not a UUID names no item.
 */
function oneItem<T extends { id: string }>(
  db: Db,
  columns: SQL,
  name: string | null,
  { projectId, collection, id, where = sql`true` }: OneItem,
): Promise<T | null> {
  if (!UUID.test(id)) return Promise.resolve(null);
  const shared = name
    ? `one\u0000${name}\u0000${projectId}\u0000${collection}`
    : sql`SELECT ${columns} FROM items i WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND ${where}`;
  return coalescedQuery(db, shared, id.toLowerCase(), async (ids) => {
    const rows = await hotSqlRows<T>(
      db,
      sql`SELECT ${columns} FROM items i
          WHERE i.project_id = ${atRun('uuid', projectId)} AND i.collection = ${atRun('text', collection)} AND i.id = ANY(${listAtRun('uuid', ids)}) AND ${where}`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((wanted) => byId.get(wanted) ?? null);
  });
}

/** One item's API document (or the part of it `document` names), as JSON text. */
export async function getItemJson(
  db: Db,
  { document = null, ...item }: OneItem & { document?: SQL | null | undefined },
): Promise<string | null> {
  const name = item.shape ? `document ${item.shape}` : !document && !item.where ? 'document' : null;
  const row = await oneItem<{ id: string; body: string }>(db, sql`i.id, ${documentText(document)} AS body`, name, item);
  return row?.body ?? null;
}

/** The item for a write, locked until the transaction ends; `where` limits it to what the caller may change. */
export async function lockItem(
  db: Db,
  {
    projectId,
    collection,
    id,
    where = sql`true`,
  }: { projectId: string; collection: string; id: string; where?: SQL | undefined },
): Promise<ItemRow | null> {
  const [row] = await hotSqlRows<ItemRow>(
    db,
    sql`SELECT i.id, i.data, i.version FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = ${collection} AND i.id = ${id} AND ${where}
        FOR UPDATE`,
  );
  return row ?? null;
}

/** The item as stored, with its version, without a lock (a write that follows checks the version instead). */
export async function readItemRow(db: Db, item: OneItem): Promise<ItemRow | null> {
  return oneItem<ItemRow>(db, sql`i.id, i.data, i.version`, item.where ? null : 'row', item);
}

/** SQL that announces a change on commit: ids only, `{ project, collection, id, version, op }`. */
function announce(
  projectId: string,
  collection: string,
  id: SQL | string,
  version: SQL,
  op: 'create' | 'update' | 'delete',
): SQL {
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
    apiKeyId = null,
    id = uuidv7(),
  }: {
    projectId: string;
    collection: string;
    data: Record<string, unknown>;
    actorId: string | null;
    apiKeyId?: string | null;
    id?: string;
  },
): Promise<{ id: string; body: string }> {
  const after = JSON.stringify(data);
  const [row] = await hotSqlRows<{ body: string }>(
    db,
    sql`WITH i AS (
          INSERT INTO items (project_id, collection, id, data, created_by, updated_by)
          VALUES (${projectId}, ${collection}, ${id}, ${after}::jsonb, ${actorId}, ${actorId})
          RETURNING id, version, doc),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, api_key_id, before, after)
          VALUES (${uuidv7()}, ${projectId}, ${collection}, ${id}, 'create', ${actorId}, ${apiKeyId}::uuid, NULL, ${after}::jsonb))
        SELECT i.doc AS body, ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'create')} AS announced FROM i`,
  );
  return { id, body: row!.body };
}

interface ItemUpdate {
  projectId: string;
  collection: string;
  id: string;
  data: Record<string, unknown>;
  before: Record<string, unknown>;
  actorId: string | null;
  /** The API key the change is made with (docs/integrations.md), written in its audit entry. */
  apiKeyId?: string | null;
  ifVersion?: number | null;
}

/** One row of a batch of updates, as the statement reads it from JSON: the new document, and what changed for the audit entry. */
interface UpdateRow {
  id: string;
  data: Record<string, unknown>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  actor: string | null;
  key: string | null;
  version: number | null;
  audit: string;
}

/** Updates of one collection, each with its audit entry and announcement, in one statement; the API document of each, or null where its version had moved. */
async function updateRows(
  db: Db,
  projectId: string,
  collection: string,
  rows: UpdateRow[],
): Promise<Array<string | null>> {
  const written = await hotSqlRows<{ n: number; body: string }>(
    db,
    sql`WITH w AS (
          SELECT * FROM ROWS FROM (
            jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (id uuid, data jsonb, before jsonb, after jsonb, actor text, key uuid, version int, audit uuid)
          ) WITH ORDINALITY AS w(id, data, before, after, actor, key, version, audit, n)),
        i AS (
          UPDATE items AS t SET data = w.data, version = t.version + 1, updated_at = now(), updated_by = w.actor
          FROM w
          WHERE t.project_id = ${projectId} AND t.collection = ${collection}
            -- The batch's ids as an index condition: one probe of the primary key each, whatever the join.
            AND t.id = ANY(ARRAY(SELECT w.id FROM w)) AND t.id = w.id AND (w.version IS NULL OR t.version = w.version)
          RETURNING w.n, t.id, t.version, t.doc, w.before, w.after, w.actor, w.key, w.audit),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, api_key_id, before, after)
          SELECT i.audit, ${projectId}, ${collection}, i.id, 'update', i.actor, i.key, i.before, i.after FROM i)
        SELECT i.n, i.doc AS body, ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'update')} AS announced FROM i`,
  );
  const bodies: Array<string | null> = rows.map(() => null);
  for (const row of written) bodies[Number(row.n) - 1] = row.body;
  return bodies;
}

type Outcome = { body: string | null } | { error: unknown };

/**
 * Updates asked at once (db/coalesce.ts), in one statement and one commit: one round trip and
 * one announcement lock for all of them. Each item appears once per statement (a second change
 * of the same item waits for the next), and when the statement fails — one update breaking a
 * rule of the table, two batches crossing each other — each is written on its own, so that
 * only the one at fault fails.
 */
async function updateBatch(db: Db, projectId: string, collection: string, rows: UpdateRow[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let rest = rows.map((row, index) => ({ row, index }));
  while (rest.length) {
    const ids = new Set<string>();
    const round = rest.filter(({ row }) => !ids.has(row.id) && Boolean(ids.add(row.id)));
    rest = rest.filter((entry) => !round.includes(entry));
    try {
      const bodies = await updateRows(
        db,
        projectId,
        collection,
        round.map(({ row }) => row),
      );
      round.forEach(({ index }, i) => (outcomes[index] = { body: bodies[i]! }));
    } catch (error) {
      if (round.length === 1) {
        outcomes[round[0]!.index] = { error };
        continue;
      }
      for (const { row, index } of round) {
        outcomes[index] = await updateRows(db, projectId, collection, [row]).then(
          ([body]) => ({ body: body! }),
          (alone: unknown) => ({ error: alone }),
        );
      }
    }
  }
  return outcomes;
}

/**
 * Saves the new document, writes the audit entry (the fields that changed, before and after),
 * announces it and returns the API document: one round trip, shared with the other updates of
 * the collection asked at the same moment.
 * With `ifVersion`, only while the item is still at that version: otherwise nothing is written
 * (no row, no audit entry) and the answer is null.
 */
export async function updateItemAudited(
  db: Db,
  { projectId, collection, id, data, before, actorId, apiKeyId = null, ifVersion = null }: ItemUpdate,
): Promise<string | null> {
  const row: UpdateRow = {
    id: id.toLowerCase(),
    data,
    ...changedFields(before, data),
    actor: actorId,
    key: apiKeyId,
    version: ifVersion,
    audit: uuidv7(),
  };
  const outcome = await coalescedQuery(db, `UPDATE items\u0000${projectId}\u0000${collection}`, row, (rows) =>
    updateBatch(db, projectId, collection, rows),
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.body;
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
    apiKeyId = null,
  }: {
    projectId: string;
    collection: string;
    id: string;
    before: Record<string, unknown>;
    actorId: string | null;
    apiKeyId?: string | null;
  },
) {
  await hotSqlRows(
    db,
    sql`WITH i AS (
          DELETE FROM items WHERE project_id = ${projectId} AND collection = ${collection} AND id = ${id}
          RETURNING id, version),
        audit AS (
          INSERT INTO audit_log (id, project_id, collection, item_id, action, actor_id, api_key_id, before, after)
          VALUES (${uuidv7()}, ${projectId}, ${collection}, ${id}, 'delete', ${actorId}, ${apiKeyId}::uuid, ${JSON.stringify(before)}::jsonb, NULL))
        SELECT ${announce(projectId, collection, sql`i.id`, sql`i.version`, 'delete')} AS announced FROM i`,
  );
}

/** Which of these (collection, id) pairs exist in the project, in one query. */
export async function existingRefs(
  db: Db,
  projectId: string,
  refs: Array<{ collection: string; id: string }>,
): Promise<Set<string>> {
  const valid = refs.filter((ref) => /^[0-9a-f-]{36}$/i.test(ref.id));
  if (!valid.length) return new Set();
  const [collections, ids] = [valid.map((r) => r.collection), valid.map((r) => r.id)];
  const rows = await hotSqlRows<{ key: string }>(
    db,
    sql`SELECT i.collection || ':' || i.id AS key FROM items i
        JOIN unnest(${listAtRun('text', collections)}, ${listAtRun('uuid', ids)}) AS wanted(collection, id)
          ON i.collection = wanted.collection AND i.id = wanted.id
        WHERE i.project_id = ${atRun('uuid', projectId)}`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Items of the project that refer to this one, through any built-in reference. */
export async function referrers(
  db: Db,
  { projectId, collection, id }: { projectId: string; collection: string; id: string },
) {
  const found: Array<{ collection: string; _id: string }> = [];
  for (const definition of BUILT_IN_COLLECTIONS) {
    for (const ref of definition.refs.filter((r) => r.collection === collection)) {
      const path = `${jsonPathOf(ref.path)} ? (@ == $id)`;
      const rows = await sqlRows<{ id: string }>(
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
  const { doc: _document, ...columns } = getTableColumns(items);
  return db.select(columns).from(items).where(eq(items.projectId, projectId)).orderBy(items.collection, items.id);
}

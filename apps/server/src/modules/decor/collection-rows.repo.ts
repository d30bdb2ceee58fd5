import { sql, type SQL } from 'drizzle-orm';
import { hotSqlRows, sqlRows, type Db } from '../../db/client.ts';

/** A collection's name as it may stand in SQL text: the engine's names are lower-case words. */
const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * One or more collections' rows as a relation another module's query reads from, in place of
 * the engine's table (docs/architecture.md, "Server modules": how the engine keeps collections
 * is its own business, and only its repositories name that table). The caller gives it an
 * alias: `FROM ${rowsOf('carts')} c JOIN ${rowsOf('units')} u ON u.project_id = c.project_id …`.
 * Its columns are the engine's: `id`, `project_id`, `collection`, `version`, `data`, `doc`,
 * `created_at`, `updated_at`. Without a name, every collection's rows.
 *
 * The names are written into the SQL text, not bound: the text stays the same for every call,
 * so a prepared statement keeps its plan, and PostgreSQL reads the subquery as the table itself.
 */
export function rowsOf(...collections: string[]): SQL {
  for (const name of collections) if (!COLLECTION_NAME.test(name)) throw new Error(`not a collection name: ${name}`);
  if (!collections.length) return sql.raw('items');
  const names = collections.map((name) => `'${name}'`).join(', ');
  return sql.raw(
    collections.length === 1
      ? `(SELECT * FROM items WHERE collection = ${names})`
      : `(SELECT * FROM items WHERE collection IN (${names}))`,
  );
}

/** An item's name (a unit's, an option's), or '' when there is no such item. */
export async function itemName(
  db: Db,
  { projectId, collection, id }: { projectId: string; collection: string; id: string },
): Promise<string> {
  const [row] = await hotSqlRows<{ name: string | null }>(
    db,
    sql`SELECT data->>'name' AS name FROM ${rowsOf(collection)} r WHERE r.project_id = ${projectId} AND r.id::text = ${id}`,
  );
  return row?.name ?? '';
}

/**
 * The names of items of any collection by id (options, rooms, packages: the ones that exist), in
 * the reader's language where the item has a translation (docs/languages.md, "Content in several languages").
 */
export async function itemNames(
  db: Db,
  { projectId, ids, language }: { projectId: string; ids: string[]; language?: string | undefined },
) {
  if (!ids.length) return new Map<string, string>();
  const name = language
    ? sql`coalesce(nullif(data->'translations'->${language}->>'name', ''), data->>'name')`
    : sql`data->>'name'`;
  // A statement of its own for each number of ids: not prepared.
  const rows = await sqlRows<{ id: string; name: string | null }>(
    db,
    sql`SELECT id::text AS id, ${name} AS name FROM ${rowsOf()} r WHERE r.project_id = ${projectId} AND r.id::text IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, row.name ?? '']));
}

/** Per project: its units, and its carts by status (the platform's list of projects counts them). */
export async function collectionCountsByProject(db: Db) {
  const rows = await hotSqlRows<{
    project_id: string;
    units: number;
    draft: number;
    submitted: number;
    approved: number;
  }>(
    db,
    sql`SELECT r.project_id::text AS project_id,
               count(*) FILTER (WHERE r.collection = 'units')::int AS units,
               count(*) FILTER (WHERE r.collection = 'carts' AND r.data->>'status' = 'draft')::int AS draft,
               count(*) FILTER (WHERE r.collection = 'carts' AND r.data->>'status' = 'submitted')::int AS submitted,
               count(*) FILTER (WHERE r.collection = 'carts' AND r.data->>'status' = 'approved')::int AS approved
        FROM ${rowsOf('units', 'carts')} r GROUP BY r.project_id`,
  );
  return new Map(rows.map(({ project_id, ...counts }) => [project_id, counts]));
}

/** A project's rooms, as the project's own answer carries them. */
export async function roomRows(db: Db, projectId: string) {
  return hotSqlRows<{ id: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id::text AS id, data FROM ${rowsOf('rooms')} r WHERE r.project_id = ${projectId}`,
  );
}

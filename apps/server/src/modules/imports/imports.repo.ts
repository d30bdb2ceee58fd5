import { rowsOf } from '../decor/index.ts';
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client.ts';
import { imports } from '../../db/schema/index.ts';

/** The reads and writes of CSV imports (docs/imports.md): items to match rows to, buyers' addresses, the history. */

export interface StoredItem {
  id: string;
  collection: string;
  version: number;
  data: Record<string, unknown>;
}

/** Every item of these collections in the project: what rows are matched to and references resolved against. */
export async function itemsOf(db: Db, projectId: string, collections: string[]): Promise<StoredItem[]> {
  if (!collections.length) return [];
  return sqlRows<StoredItem>(
    db,
    sql`SELECT id::text AS id, collection, version, data FROM ${rowsOf()} r
        WHERE project_id = ${projectId} AND collection IN (${sql.join(
          collections.map((c) => sql`${c}`),
          sql`, `,
        )})
        ORDER BY created_at, id`,
  );
}

/**
 * Who each unit's buyers are, by e-mail address: the accounts named in its `buyers`, and the
 * people with an invitation to it that can still be used (they are buyers-to-be).
 */
export async function buyerEmailsByUnit(db: Db, projectId: string): Promise<Map<string, Set<string>>> {
  const rows = await sqlRows<{ unit: string; email: string }>(
    db,
    sql`SELECT i.id::text AS unit, lower(u.email) AS email
          FROM ${rowsOf()} i CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(i.data->'buyers', '[]'::jsonb)) AS b(user_id)
          JOIN users u ON u.id = b.user_id
         WHERE i.project_id = ${projectId} AND i.collection = 'units'
        UNION
        SELECT a.unit_id::text AS unit, lower(a.email) AS email FROM access_codes a
         WHERE a.project_id = ${projectId} AND a.unit_id IS NOT NULL AND a.email IS NOT NULL AND a.revoked_at IS NULL
           AND a.uses < a.max_uses AND (a.expires_at IS NULL OR a.expires_at > now())`,
  );
  const byUnit = new Map<string, Set<string>>();
  for (const { unit, email } of rows) byUnit.set(unit, (byUnit.get(unit) ?? new Set()).add(email));
  return byUnit;
}

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: Db, row: typeof imports.$inferInsert): Promise<ImportRow> {
  const [created] = await db.insert(imports).values(row).returning();
  return created!;
}

/** The project's imports, newest first, with who made each, a page at a time. */
export async function listImports(
  db: Db,
  { projectId, before, limit }: { projectId: string; before: { at: string; id: string } | null; limit: number },
) {
  return sqlRows<ImportRow & { byName: string | null }>(
    db,
    sql`SELECT i.id, i.project_id AS "projectId", i.kind, i.file_id AS "fileId", i.file_name AS "fileName", i.mapping, i.counts,
               i.created_by AS "createdBy", i.created_at AS "createdAt", u.name AS "byName"
          FROM imports i LEFT JOIN users u ON u.id = i.created_by
         WHERE i.project_id = ${projectId}
           ${before ? sql`AND (i.created_at, i.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``}
         ORDER BY i.created_at DESC, i.id DESC
         LIMIT ${limit}`,
  );
}

/** The mapping of the latest import of each kind: where the next file of that kind starts. */
export async function latestMappings(db: Db, projectId: string) {
  return sqlRows<{ kind: string; mapping: Record<string, string | null> }>(
    db,
    sql`SELECT DISTINCT ON (kind) kind, mapping FROM imports WHERE project_id = ${projectId} ORDER BY kind, created_at DESC`,
  );
}

/**
 * Holds the project's imports of one kind until the transaction ends: two applies of a file
 * at once run one after the other, the second seeing what the first wrote.
 */
export async function lockImports(db: Db, projectId: string, kind: string): Promise<void> {
  await sqlRows(
    db,
    sql`SELECT pg_advisory_xact_lock(hashtext(${`decor-import:${projectId}:${kind}`}))::text AS locked`,
  );
}

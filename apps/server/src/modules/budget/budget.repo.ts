import { sql } from 'drizzle-orm';
import { hotSqlRows, type Db } from '../../db/client.ts';
import { rowsOf } from '../decor/index.ts';

/** The catalogue Fit my budget reads: every option, category and package of the project, in one query. */
export function catalogueRows(db: Db, projectId: string) {
  return hotSqlRows<{ id: string; collection: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id::text AS id, collection, data FROM ${rowsOf('options', 'categories', 'packages')} r
        WHERE project_id = ${projectId}`,
  );
}

/** A unit's plan and base price (null: none given). */
export async function unitOf(db: Db, projectId: string, unitId: string) {
  const [row] = await hotSqlRows<{ plan: string | null; base_price: string | null }>(
    db,
    sql`SELECT data->>'plan' AS plan, data->>'basePrice' AS base_price FROM ${rowsOf('units')} r
        WHERE project_id = ${projectId} AND id::text = ${unitId}`,
  );
  return { planId: row?.plan ?? null, basePrice: row?.base_price == null ? null : Number(row.base_price) };
}

import { rowsOf } from '../decor/index.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/client.ts';

export interface PurchaseRow {
  id: string;
  project_key: string;
  project_name: string;
  unit_name: string | null;
  buyer_email: string | null;
  approved_at: string;
  revision: number;
  currency: string;
  total: string;
  change_order_open: boolean;
}

/**
 * The purchase in force of every cart ever approved, in every project (the last approval's: a
 * reopened cart's stays in force, marked, until its change order is approved), newest
 * first, filtered by project key, currency and the moments of approval (`from` inclusive, `to`
 * exclusive: the start of the first day and of the day after the last, in the admin's zone).
 */
export async function purchasesAcrossProjects(
  db: Db,
  filter: {
    project?: string | undefined;
    currency?: string | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
  },
) {
  return sqlRows<PurchaseRow>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (c.project_id, c.id) pu.id::text AS id, p.key AS project_key, p.name AS project_name,
                 u.data->>'name' AS unit_name, b.email AS buyer_email, pu.data->>'approvedAt' AS approved_at,
                 coalesce((pu.data->>'revision')::int, 1) AS revision, coalesce(pu.data->>'currency', p.currency) AS currency, pu.data->>'total' AS total,
                 (c.data->>'status') IS DISTINCT FROM 'approved' AS change_order_open
          FROM ${rowsOf()} c
          JOIN projects p ON p.id = c.project_id
          JOIN ${rowsOf('purchases')} pu ON pu.project_id = c.project_id AND pu.data->>'cart' = c.id::text
          LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
          LEFT JOIN users b ON b.id = c.data->>'owner'
          WHERE c.collection = 'carts'
            ${filter.project ? sql`AND p.key = ${filter.project}` : sql``}
          ORDER BY c.project_id, c.id, (pu.data->>'revision')::int DESC, pu.id DESC
        ) AS inforce
        WHERE true
          ${filter.currency ? sql`AND currency = ${filter.currency}` : sql``}
          ${filter.from ? sql`AND approved_at::timestamptz >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`AND approved_at::timestamptz < ${filter.to.toISOString()}::timestamptz` : sql``}
        ORDER BY approved_at DESC, id DESC`,
  );
}

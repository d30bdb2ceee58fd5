import { rowsOf } from '../decor/index.ts';
import { sql } from 'drizzle-orm';
import { hotSqlRows, type Db } from '../../db/client.ts';

/** A draft cart whose deadline falls within the reminder horizon, with whom to remind. */
export interface DueCart {
  id: string;
  deadline: string;
  unit_name: string | null;
  project_key: string;
  project_id: string;
  project_name: string;
  project_options: Record<string, unknown>;
  recipients: Array<{ email: string }> | null;
}

const dueCartColumns = sql`c.id, c.data->>'deadline' AS deadline, u.data->>'name' AS unit_name,
    p.id::text AS project_id, p.key AS project_key, p.name AS project_name, p.options AS project_options,
    (SELECT json_agg(json_build_object('email', us.email)) FROM users us
      WHERE NOT us.disabled AND (us.id = c.data->>'owner' OR (u.data->'buyers') ? us.id)) AS recipients`;

/** Draft carts of every project whose deadline falls between `from` and `to`. */
export async function cartsDueBetween(db: Db, from: Date, to: Date): Promise<DueCart[]> {
  return hotSqlRows<DueCart>(
    db,
    sql`SELECT ${dueCartColumns}
        FROM ${rowsOf()} c
        JOIN projects p ON p.id = c.project_id AND p.archived_at IS NULL
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.collection = 'carts' AND c.data->>'status' = 'draft' AND c.data->>'deadline' IS NOT NULL
          AND (c.data->>'deadline')::timestamptz > ${from.toISOString()}::timestamptz
          AND (c.data->>'deadline')::timestamptz <= ${to.toISOString()}::timestamptz`,
  );
}

/** A project's open selections (drafts before their deadline), all or those of `ids`, with how many choices each has. */
export async function openCartsOf(
  db: Db,
  projectId: string,
  now: Date,
  ids?: string[],
): Promise<Array<DueCart & { choices: number }>> {
  return hotSqlRows<DueCart & { choices: number }>(
    db,
    sql`SELECT ${dueCartColumns}, jsonb_array_length(coalesce(c.data->'selections', '[]'::jsonb)) AS choices
        FROM ${rowsOf()} c
        JOIN projects p ON p.id = c.project_id
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.project_id = ${projectId} AND c.collection = 'carts' AND c.data->>'status' = 'draft'
          AND (c.data->>'deadline')::timestamptz > ${now.toISOString()}::timestamptz
          ${ids ? sql`AND c.id::text = ANY(string_to_array(${ids.join(',')}, ','))` : sql``}
        ORDER BY c.id
        LIMIT 5000`,
  );
}

/** Claims a reminder (false when another run or server already has): at most one mail per kind. */
export async function claimReminder(db: Db, cartId: string, kind: string): Promise<boolean> {
  const claimed = await hotSqlRows<{ cart_id: string }>(
    db,
    sql`INSERT INTO cart_reminders (cart_id, kind) VALUES (${cartId}, ${kind}) ON CONFLICT DO NOTHING RETURNING cart_id`,
  );
  return claimed.length > 0;
}

/** Gives a claimed reminder back, to be tried again at the next run. */
export async function releaseReminder(db: Db, cartId: string, kind: string): Promise<void> {
  await db.execute(sql`DELETE FROM cart_reminders WHERE cart_id = ${cartId} AND kind = ${kind}`);
}

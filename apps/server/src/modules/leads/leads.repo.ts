import { rowsOf } from '../decor/index.ts';
import { sql } from 'drizzle-orm';
import { fieldIn, RETURNING_LEAD_DAYS, type Language, type Translations } from '@decor/core';
import { atRun, hotSqlRows, sqlRows, type Db } from '../../db/client.ts';

/** Spends a form token: true the first time, false when it was already sent (a replay). Spent tokens older than a day are let go. */
export async function spendFormToken(db: Db, projectId: string, nonce: string): Promise<boolean> {
  const rows = await sqlRows<{ nonce: string }>(
    db,
    sql`WITH swept AS (DELETE FROM spent_form_tokens WHERE spent_at < now() - interval '1 day')
        INSERT INTO spent_form_tokens (nonce, project_id) VALUES (${nonce}, ${projectId}) ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
  );
  return rows.length === 1;
}

/** The lead of this e-mail address in the project that was last active within 30 days, to which a new inquiry is added. */
export async function recentLeadOf(db: Db, projectId: string, email: string): Promise<string | null> {
  const [row] = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM ${rowsOf('leads')} r WHERE project_id = ${projectId} AND data->>'email' = ${email}
          AND updated_at > now() - make_interval(days => ${RETURNING_LEAD_DAYS})
        ORDER BY updated_at DESC LIMIT 1`,
  );
  return row?.id ?? null;
}

/** What the project shows the public that a visitor may say they are interested in: plans, available units, packages. */
const INTEREST_COLLECTIONS = { plan: 'plans', unit: 'units', package: 'packages' } as const;

/** The name of one thing a visitor says they are interested in, when the project shows it publicly; null otherwise. */
export async function publicInterestName(
  db: Db,
  projectId: string,
  interest: { kind: keyof typeof INTEREST_COLLECTIONS; id: string },
): Promise<string | null> {
  const [row] = await hotSqlRows<{ name: string }>(
    db,
    sql`SELECT coalesce(data->>'name', '') AS name FROM ${rowsOf()} r
        WHERE project_id = ${projectId} AND collection = ${INTEREST_COLLECTIONS[interest.kind]} AND id = ${interest.id}::uuid
          AND (collection <> 'units' OR coalesce(data->>'status', 'available') = 'available')`,
  );
  return row ? row.name : null;
}

export async function publicInterests(db: Db, projectId: string, language?: Language) {
  const rows = await hotSqlRows<{
    kind: 'plan' | 'unit' | 'package';
    id: string;
    name: string;
    translations: Translations | null;
  }>(
    db,
    sql`SELECT CASE collection WHEN 'plans' THEN 'plan' WHEN 'units' THEN 'unit' ELSE 'package' END AS kind, id::text AS id, data->>'name' AS name,
          data->'translations' AS translations
        FROM ${rowsOf()} r
        WHERE project_id = ${projectId} AND (collection IN ('plans', 'packages') OR (collection = 'units' AND coalesce(data->>'status', 'available') = 'available'))
        ORDER BY CASE collection WHEN 'plans' THEN 0 WHEN 'units' THEN 1 ELSE 2 END, data->>'name', id
        LIMIT 300`,
  );
  // Named in the reader's language where the catalogue has it (docs/languages.md).
  return rows.map(({ translations, ...row }) => ({
    ...row,
    name: fieldIn({ name: row.name, translations }, language),
  }));
}

/** Where a first page starts: before every lead, so that it takes the same plan as every later page. */
const BEFORE_EVERY_LEAD = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * A page of the project's leads, newest activity first, after the cursor (`updated_at` and id of
 * the last one shown). It walks `items_leads_recent_idx` in its order from the cursor and stops
 * at the page's end: the order names the table's columns (`r.`), not the text the page prints;
 * a status not asked is left out of the statement, the values are read at run time (`atRun`)
 * and the size is written in, so the plan kept for each shape walks the index too
 * (docs/performance.md, "Plans kept").
 */
export async function leadsPage(
  db: Db,
  projectId: string,
  { status, after, limit }: { status: string | null; after: { at: string; id: string } | null; limit: number },
) {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`A page's size must be a positive whole number, not ${limit}.`);
  const from = after ?? BEFORE_EVERY_LEAD;
  return hotSqlRows<{
    id: string;
    version: number;
    created_at: string;
    updated_at: string;
    cursor: string;
    data: Record<string, unknown>;
  }>(
    db,
    sql`SELECT r.id::text AS id, r.version, r.created_at::text AS created_at, r.updated_at::text AS updated_at,
               r.updated_at::text || '|' || r.id::text AS cursor, r.data
        FROM ${rowsOf('leads')} r
        WHERE r.project_id = ${atRun('uuid', projectId)}
          AND (r.updated_at, r.id) < (${atRun('text', from.at)}::timestamptz, ${atRun('uuid', from.id)})
          ${status === null ? sql`` : sql`AND r.data->>'status' = ${atRun('text', status)}`}
        ORDER BY r.updated_at DESC NULLS LAST, r.id DESC NULLS LAST
        LIMIT ${sql.raw(String(limit))}`,
  );
}

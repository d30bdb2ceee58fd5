import { sql, type SQL } from 'drizzle-orm';
import type { Selection } from '@decor/core';
import { sqlRows, withTransaction, type Db } from '../../db/client.ts';
import { rowsOf } from '../decor/index.ts';

/**
 * The reports' figures (docs/reports.md), each one statement over the project's rows, its JSON
 * built by PostgreSQL: the selections in scope (their unit's plan and floor), the period by the
 * date each was last decided, their option lines (what was signed once signed, else today's).
 */

/**
 * A report's one row, planned for what it really reads (docs/reports.md, "Speed"): the planner's
 * estimates over JSON are fifty times the rows read, which put every report past the JIT
 * compiler's threshold (0.9 s of a 1.2 s report was compiling) and chose merge joins that sort
 * ten thousand selections twice. Both are set aside for the statement's own transaction only, so
 * a connection pooler hands on no changed setting.
 */
async function reportRow<T>(db: Db, statement: SQL): Promise<T> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
    const [row] = await sqlRows<{ data: T }>(tx, statement);
    return row!.data;
  });
}

export interface ReportScope {
  projectId: string;
  plan?: string | undefined;
  floor?: number | undefined;
  category?: string | undefined;
  /** The period's months, each with the instant it starts, and the instant after its last. */
  months: Array<{ month: string; start: string }>;
  end: string;
  now: Date;
}

/**
 * The selections in scope, each with its status as it stands now (a draft past its deadline is
 * locked), its unit's plan and floor, the moment it was last decided (approved: its approval;
 * submitted: its signature; otherwise its last change) and that moment's month in the project's
 * zone; then their option lines with their price (as signed, else today's) and category.
 */
const linesOf = (scope: ReportScope) => sql`
  months AS (
    SELECT (e->>'start')::timestamptz AS start, e->>'month' AS month
    FROM jsonb_array_elements(${JSON.stringify(scope.months)}::jsonb) e
  ), units AS MATERIALIZED (
    SELECT id::text AS id, data->>'plan' AS plan, (data->>'floor')::int AS floor FROM ${rowsOf('units')} u
    WHERE u.project_id = ${scope.projectId}
  ), options AS MATERIALIZED (
    SELECT o.id::text AS id, (o.data->>'price')::bigint AS price, o.data->>'category' AS category, oc.cost
    FROM ${rowsOf('options')} o
    LEFT JOIN option_costs oc ON oc.project_id = o.project_id AND oc.option_id = o.id
    WHERE o.project_id = ${scope.projectId}
  ), carts AS MATERIALIZED (
    SELECT c.id, u.plan, u.floor, d.package,
      CASE WHEN d.status = 'draft' AND d.deadline IS NOT NULL AND d.deadline < ${scope.now.toISOString()}::timestamptz THEN 'locked'
           ELSE d.status END AS status,
      CASE d.status
        WHEN 'approved' THEN coalesce((SELECT max((h->>'at')::timestamptz) FROM jsonb_array_elements(d.history) h
                                       WHERE h->>'status' = 'approved'), c.updated_at)
        WHEN 'submitted' THEN coalesce((d.signature->>'signedAt')::timestamptz, c.updated_at)
        ELSE c.updated_at END AS decided,
      CASE WHEN d.status IN ('submitted', 'approved') AND jsonb_typeof(d.signature->'lines') = 'array'
           THEN d.signature->'lines' ELSE coalesce(d.selections, '[]'::jsonb) END AS items
    FROM ${rowsOf('carts')} c
    -- The document read once (a stored selection is compressed out of line: each field read from
    -- it would read all of it again).
    CROSS JOIN LATERAL jsonb_to_record(c.data) AS d(unit text, status text, deadline timestamptz, package text,
                                                    selections jsonb, signature jsonb, history jsonb)
    JOIN units u ON u.id = d.unit
    WHERE c.project_id = ${scope.projectId}
      AND (${scope.plan ?? null}::text IS NULL OR u.plan = ${scope.plan ?? null}::text)
      AND (${scope.floor ?? null}::int IS NULL OR u.floor = ${scope.floor ?? null}::int)
  ), scoped AS MATERIALIZED (
    SELECT c.*, (SELECT m.month FROM months m WHERE m.start <= c.decided ORDER BY m.start DESC LIMIT 1) AS month
    FROM carts c
    WHERE c.decided >= (SELECT min(start) FROM months) AND c.decided < ${scope.end}::timestamptz
  ), lines AS (
    SELECT s.id AS cart, s.status, s.plan, s.floor, s.month, l->>'option' AS option,
      coalesce((l->>'quantity')::int, 1) AS quantity,
      coalesce((l->>'price')::bigint, o.price, 0) AS price, o.category, o.cost
    FROM scoped s
    CROSS JOIN LATERAL jsonb_array_elements(s.items) l
    LEFT JOIN options o ON o.id = l->>'option'
    WHERE ${scope.category ?? null}::text IS NULL OR o.category = ${scope.category ?? null}::text
  )`;

export interface TakeRateRows {
  selections: number;
  categories: Array<{ id: string; name: string; count: number }>;
  options: Array<{ id: string; name: string; category: string; count: number; upgrade: boolean }>;
  unchosen: Array<{ id: string; name: string; category: string }>;
  packages: Array<{ id: string; name: string; count: number }>;
}

/** How many selections in scope choose each option, category and package; the offered options none chose. */
export async function takeRateRows(db: Db, scope: ReportScope): Promise<TakeRateRows> {
  return reportRow<TakeRateRows>(db, takeRateStatement(scope));
}

/** The take rate's statement (exported for the query-plan tests and the bench). */
export const takeRateStatement = (scope: ReportScope) => sql`WITH ${linesOf(scope)},
        -- Only what the take rate counts, kept narrow for the three passes over it.
        pairs AS MATERIALIZED (SELECT cart, option, category FROM lines)
        SELECT json_build_object(
          'selections', (SELECT count(*)::int FROM scoped),
          'categories', (SELECT coalesce(json_agg(json_build_object('id', t.category, 'name', coalesce(k.data->>'name', ''), 'count', t.n)
                           ORDER BY t.n DESC, k.data->>'name'), '[]'::json)
                         FROM (SELECT category, count(DISTINCT cart)::int AS n FROM pairs WHERE category IS NOT NULL GROUP BY category) t
                         LEFT JOIN ${rowsOf('categories')} k ON k.project_id = ${scope.projectId} AND k.id::text = t.category),
          'options', (SELECT coalesce(json_agg(json_build_object('id', t.option, 'name', coalesce(o.data->>'name', ''),
                           'category', coalesce(o.data->>'category', ''), 'count', t.n,
                           'upgrade', coalesce((o.data->>'price')::bigint, 0) > 0) ORDER BY t.n DESC, o.data->>'name'), '[]'::json)
                      FROM (SELECT option, count(DISTINCT cart)::int AS n FROM pairs GROUP BY option) t
                      LEFT JOIN ${rowsOf('options')} o ON o.project_id = ${scope.projectId} AND o.id::text = t.option),
          'unchosen', (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.data->>'name', 'category', o.data->>'category')
                           ORDER BY o.data->>'name'), '[]'::json)
                       FROM ${rowsOf('options')} o
                       WHERE o.project_id = ${scope.projectId} AND coalesce((o.data->>'active')::boolean, true)
                         AND (${scope.category ?? null}::text IS NULL OR o.data->>'category' = ${scope.category ?? null}::text)
                         AND o.id::text NOT IN (SELECT l.option FROM pairs l WHERE l.option IS NOT NULL)),
          'packages', (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.data->>'name', 'count',
                           (SELECT count(*)::int FROM scoped s WHERE s.package = p.id::text)) ORDER BY p.data->>'name'), '[]'::json)
                       FROM ${rowsOf('packages')} p WHERE p.project_id = ${scope.projectId})
        ) AS data`;

type Sums = { approved: string; submitted: string; open: string; costed: string; cost: string };
export interface RevenueRows {
  total: Sums;
  categories: Array<{ id: string; name: string } & Sums>;
  months: Array<{ month: string } & Sums>;
  plans: Array<{ id: string; name: string } & Sums>;
  floors: Array<{ floor: number } & Sums>;
}

/** The option lines' sums (price × quantity) by status: approved, submitted, open (draft or locked). */
const sums = sql`
  coalesce(sum(price * quantity) FILTER (WHERE status = 'approved'), 0)::text AS approved,
  coalesce(sum(price * quantity) FILTER (WHERE status = 'submitted'), 0)::text AS submitted,
  coalesce(sum(price * quantity) FILTER (WHERE status IN ('draft', 'locked')), 0)::text AS open,
  coalesce(sum(price * quantity) FILTER (WHERE status IN ('approved', 'submitted') AND cost IS NOT NULL), 0)::text AS costed,
  coalesce(sum(cost * quantity) FILTER (WHERE status IN ('approved', 'submitted') AND cost IS NOT NULL), 0)::text AS cost`;

/** Upgrade revenue of the selections in scope: the option lines, by status, category, month, plan and floor. */
export async function revenueRows(db: Db, scope: ReportScope): Promise<RevenueRows> {
  return reportRow<RevenueRows>(db, revenueStatement(scope));
}

/** The revenue's statement (exported for the query-plan tests and the bench). */
export const revenueStatement = (scope: ReportScope) => sql`WITH ${linesOf(scope)},
        -- Every sum in one pass over the lines (GROUPING names the set a row belongs to).
        grouped AS MATERIALIZED (
          SELECT category, month, plan, floor, GROUPING(category, month, plan, floor) AS g, ${sums}
          FROM lines GROUP BY GROUPING SETS ((category), (month), (plan), (floor), ())
        ),
        by_category AS (SELECT category, approved, submitted, open, costed, cost FROM grouped WHERE g = 7 AND category IS NOT NULL),
        by_month AS (SELECT month, approved, submitted, open, costed, cost FROM grouped WHERE g = 11),
        by_plan AS (SELECT plan, approved, submitted, open, costed, cost FROM grouped WHERE g = 13 AND plan IS NOT NULL),
        by_floor AS (SELECT floor, approved, submitted, open, costed, cost FROM grouped WHERE g = 14 AND floor IS NOT NULL)
        SELECT json_build_object(
          'total', (SELECT row_to_json(t) FROM (SELECT approved, submitted, open, costed, cost FROM grouped WHERE g = 15) t),
          'categories', (SELECT coalesce(json_agg(json_build_object('id', b.category, 'name', coalesce(k.data->>'name', ''),
                            'approved', b.approved, 'submitted', b.submitted, 'open', b.open, 'costed', b.costed, 'cost', b.cost)
                            ORDER BY k.data->>'name'), '[]'::json)
                         FROM by_category b
                         LEFT JOIN ${rowsOf('categories')} k ON k.project_id = ${scope.projectId} AND k.id::text = b.category),
          'months', (SELECT coalesce(json_agg(row_to_json(b) ORDER BY b.month), '[]'::json) FROM by_month b),
          'plans', (SELECT coalesce(json_agg(json_build_object('id', b.plan, 'name', coalesce(p.data->>'name', ''),
                        'approved', b.approved, 'submitted', b.submitted, 'open', b.open, 'costed', b.costed, 'cost', b.cost)
                        ORDER BY p.data->>'name'), '[]'::json)
                    FROM by_plan b LEFT JOIN ${rowsOf('plans')} p ON p.project_id = ${scope.projectId} AND p.id::text = b.plan),
          'floors', (SELECT coalesce(json_agg(row_to_json(b) ORDER BY b.floor), '[]'::json) FROM by_floor b)
        ) AS data`;

/** What each option of the project costs, by option (staff only: docs/reports.md, "Cost and margin"). */
export async function optionCostsOf(db: Db, projectId: string): Promise<Map<string, number>> {
  const rows = await sqlRows<{ option: string; cost: number }>(
    db,
    sql`SELECT option_id::text AS option, cost::float8 AS cost FROM option_costs WHERE project_id = ${projectId} ORDER BY option_id`,
  );
  return new Map(rows.map((row) => [row.option, row.cost]));
}

/** Sets these options' costs (in the caller's transaction): what the option editor and the options' CSV write. */
export async function writeOptionCosts(
  db: Db,
  projectId: string,
  costs: Array<{ option: string; cost: number }>,
  by: string | null,
) {
  for (const { option, cost } of costs)
    await db.execute(sql`INSERT INTO option_costs (project_id, option_id, cost, updated_at, updated_by)
      VALUES (${projectId}, ${option}::uuid, ${cost}, now(), ${by})
      ON CONFLICT (project_id, option_id) DO UPDATE SET cost = excluded.cost, updated_at = now(), updated_by = excluded.updated_by`);
}

/** Sets an option's cost, or takes it away (null); false when the project has no such option. */
export async function writeOptionCost(
  db: Db,
  input: { projectId: string; optionId: string; cost: number | null; by: string },
): Promise<boolean> {
  const [found] = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM ${rowsOf('options')} o WHERE o.project_id = ${input.projectId} AND o.id = ${input.optionId}::uuid`,
  );
  if (!found) return false;
  if (input.cost === null)
    await db.execute(
      sql`DELETE FROM option_costs WHERE project_id = ${input.projectId} AND option_id = ${input.optionId}::uuid`,
    );
  else await writeOptionCosts(db, input.projectId, [{ option: input.optionId, cost: input.cost }], input.by);
  return true;
}

/**
 * When each selection of the scope started (its unit's first invitation, else the selection's
 * creation), its first choice (the first write of the audit log that left it with a choice), its
 * first submission and its first approval (its history; a signature where the history is older).
 */
const decisionTimesOf = (scope: ReportScope) => sql`
  carts AS MATERIALIZED (
    -- The fields read, out of each document once; the choices of open selections only.
    SELECT c.id, c.created_at, u.data->>'name' AS unit_name, u.data->>'plan' AS plan, d.unit, d.status, d.deadline,
      d.signature->>'signedAt' AS signed_at, d.history, CASE WHEN d.status = 'draft' THEN d.selections END AS selections
    FROM ${rowsOf('carts')} c
    CROSS JOIN LATERAL jsonb_to_record(c.data) AS d(unit text, status text, deadline text, selections jsonb,
                                                    signature jsonb, history jsonb)
    JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = d.unit
    WHERE c.project_id = ${scope.projectId}
      AND (${scope.plan ?? null}::text IS NULL OR u.data->>'plan' = ${scope.plan ?? null}::text)
      AND (${scope.floor ?? null}::int IS NULL OR (u.data->>'floor')::int = ${scope.floor ?? null}::int)
  ), invited AS MATERIALIZED (
    -- Each unit's first invitation, read once for all of them.
    SELECT unit_id::text AS unit, min(created_at) AS at FROM access_codes
    WHERE project_id = ${scope.projectId} AND kind = 'invitation' AND unit_id IS NOT NULL GROUP BY unit_id
  ), times AS MATERIALIZED (
    SELECT c.id,
      coalesce(i.at, c.created_at) AS start,
      (SELECT min(a.at) FROM audit_log a
       WHERE a.project_id = ${scope.projectId} AND a.collection = 'carts' AND a.item_id = c.id
         AND jsonb_typeof(a.after->'selections') = 'array' AND jsonb_array_length(a.after->'selections') > 0) AS choice,
      coalesce((SELECT min((h->>'at')::timestamptz) FROM jsonb_array_elements(c.history) h WHERE h->>'status' = 'submitted'),
               CASE WHEN c.status IN ('submitted', 'approved') THEN c.signed_at::timestamptz END) AS submitted,
      (SELECT min((h->>'at')::timestamptz) FROM jsonb_array_elements(c.history) h WHERE h->>'status' = 'approved') AS approved
    FROM carts c
    LEFT JOIN invited i ON i.unit = c.unit
  ), in_period AS (
    SELECT * FROM times
    WHERE start >= (SELECT min((e->>'start')::timestamptz) FROM jsonb_array_elements(${JSON.stringify(scope.months)}::jsonb) e)
      AND start < ${scope.end}::timestamptz
  ), durations AS (
    SELECT 'choice' AS stage, greatest(0, extract(epoch FROM choice - start) / 86400) AS d FROM in_period WHERE choice IS NOT NULL
    UNION ALL
    SELECT 'submitted', greatest(0, extract(epoch FROM submitted - start) / 86400) FROM in_period WHERE submitted IS NOT NULL
    UNION ALL
    SELECT 'approved', greatest(0, extract(epoch FROM approved - start) / 86400) FROM in_period WHERE approved IS NOT NULL
  )`;

export interface DecisionRows {
  started: number;
  stages: Array<{
    stage: string;
    count: number;
    median: number;
    p25: number;
    p75: number;
    buckets: number[];
  }>;
  open: Array<{
    id: string;
    unit: string;
    plan: string | null;
    deadline: string;
    start: string;
    /** The choices in required categories (option and room), and how many choices in all. */
    selections: Selection[];
    chosen: number;
  }>;
}

/** Decision time of the selections started in the period, and every open selection with a deadline ahead. */
export async function decisionRows(db: Db, scope: ReportScope): Promise<DecisionRows> {
  return reportRow<DecisionRows>(db, decisionsStatement(scope));
}

/** The decision time's statement (exported for the query-plan tests and the bench). */
export const decisionsStatement = (scope: ReportScope) => sql`WITH ${decisionTimesOf(scope)},
        needed AS MATERIALIZED (
          SELECT o.id::text AS id FROM ${rowsOf('options')} o
          JOIN ${rowsOf('categories')} k ON k.project_id = o.project_id AND k.id::text = o.data->>'category'
          WHERE o.project_id = ${scope.projectId} AND (k.data->>'required')::boolean IS TRUE
        )
        SELECT json_build_object(
          'started', (SELECT count(*)::int FROM in_period),
          'stages', (SELECT coalesce(json_agg(t), '[]'::json) FROM (
              SELECT stage, count(*)::int AS count,
                round(percentile_cont(0.5) WITHIN GROUP (ORDER BY d)::numeric, 1)::float8 AS median,
                round(percentile_cont(0.25) WITHIN GROUP (ORDER BY d)::numeric, 1)::float8 AS p25,
                round(percentile_cont(0.75) WITHIN GROUP (ORDER BY d)::numeric, 1)::float8 AS p75,
                json_build_array(count(*) FILTER (WHERE d <= 7), count(*) FILTER (WHERE d > 7 AND d <= 14),
                  count(*) FILTER (WHERE d > 14 AND d <= 30), count(*) FILTER (WHERE d > 30 AND d <= 60),
                  count(*) FILTER (WHERE d > 60)) AS buckets
              FROM durations GROUP BY stage) t),
          'open', (SELECT coalesce(json_agg(json_build_object(
                'id', c.id, 'unit', coalesce(c.unit_name, ''), 'plan', c.plan, 'deadline', c.deadline, 'start', t.start,
                'chosen', jsonb_array_length(coalesce(c.selections, '[]'::jsonb)),
                -- Only the choices in required categories: all the progress reads.
                'selections', (SELECT coalesce(json_agg(json_build_object('option', x->>'option', 'room', x->'room')), '[]'::json)
                               FROM jsonb_array_elements(coalesce(c.selections, '[]'::jsonb)) x
                               WHERE x->>'option' IN (SELECT id FROM needed)))
                ORDER BY c.deadline, c.id), '[]'::json)
              FROM carts c JOIN times t ON t.id = c.id
              WHERE c.status = 'draft' AND c.deadline::timestamptz > ${scope.now.toISOString()}::timestamptz)
        ) AS data`;

/** What the rules need to tell a selection's required choices: each option's category, each plan's rooms. */
export async function requiredCatalogue(db: Db, projectId: string) {
  const rows = await sqlRows<{ id: string; collection: string; category: string | null; rooms: string[] | null }>(
    db,
    sql`SELECT id::text AS id, collection, data->>'category' AS category, data->'rooms' AS rooms
        FROM ${rowsOf('options', 'plans')} r WHERE project_id = ${projectId}`,
  );
  return {
    options: new Map(rows.filter((r) => r.collection === 'options').map((r) => [r.id, r.category ?? ''])),
    plans: new Map(rows.filter((r) => r.collection === 'plans').map((r) => [r.id, r.rooms ?? []])),
  };
}

type LeadCounts = { inquiries: number; contacted: number; buyers: number };
export interface FunnelRows {
  views: number;
  clicks: number;
  sites: Array<{ site: string; views: number; clicks: number }>;
  /** Lead counts grouped by one of source, campaign, code or referrer (the others null), and in all (every one null). */
  leads: Array<
    {
      source: string | null;
      campaign: string | null;
      code: string | null;
      referrer: string | null;
      grouped: string;
    } & LeadCounts
  >;
  visits: number;
  looks: number;
}

/**
 * The funnel's counts: the widget's views and clicks on the days of the period; the leads first
 * heard from in the period (spam aside), followed up (any status but new and held) and become
 * buyers (a purchaser of the project with their address), grouped by each dimension at once; the
 * screens' pairings and looks mailed.
 */
export async function funnelRows(db: Db, scope: ReportScope, days: { from: string; to: string }): Promise<FunnelRows> {
  const start = scope.months[0]!.start;
  return reportRow<FunnelRows>(
    db,
    sql`WITH buyers AS (
          SELECT DISTINCT lower(us.email) AS email FROM memberships m JOIN users us ON us.id = m.user_id
          WHERE m.project_id = ${scope.projectId} AND m.role = 'purchaser'
        ), leads AS (
          SELECT l.data->>'source' AS source, coalesce(l.data->'utm'->>'campaign', '') AS campaign,
                 coalesce(l.data->>'code', '') AS code,
                 CASE WHEN l.data->>'source' = 'embed' THEN coalesce(l.data->>'referrer', '') END AS referrer,
                 l.data->>'status' NOT IN ('new', 'held') AS contacted,
                 lower(l.data->>'email') IN (SELECT email FROM buyers) AS bought
          FROM ${rowsOf('leads')} l
          WHERE l.project_id = ${scope.projectId} AND l.data->>'status' <> 'spam'
            AND l.created_at >= ${start}::timestamptz AND l.created_at < ${scope.end}::timestamptz
        ), embed AS (
          SELECT origin, sum(views)::int AS views, sum(clicks)::int AS clicks FROM embed_counts
          WHERE project_id = ${scope.projectId} AND day >= ${days.from}::date AND day <= ${days.to}::date GROUP BY origin
        )
        SELECT json_build_object(
          'views', (SELECT coalesce(sum(views), 0)::int FROM embed),
          'clicks', (SELECT coalesce(sum(clicks), 0)::int FROM embed),
          'sites', (SELECT coalesce(json_agg(json_build_object('site', origin, 'views', views, 'clicks', clicks) ORDER BY views DESC, origin), '[]'::json) FROM embed),
          'leads', (SELECT coalesce(json_agg(t), '[]'::json) FROM (
              SELECT CASE WHEN GROUPING(source) = 0 THEN source END AS source,
                     CASE WHEN GROUPING(campaign) = 0 THEN campaign END AS campaign,
                     CASE WHEN GROUPING(code) = 0 THEN code END AS code,
                     CASE WHEN GROUPING(referrer) = 0 THEN referrer END AS referrer,
                     CASE WHEN GROUPING(source) = 0 THEN 'source' WHEN GROUPING(campaign) = 0 THEN 'campaign'
                          WHEN GROUPING(code) = 0 THEN 'code' WHEN GROUPING(referrer) = 0 THEN 'referrer' ELSE 'all' END AS grouped,
                     count(*)::int AS inquiries, count(*) FILTER (WHERE contacted)::int AS contacted,
                     count(*) FILTER (WHERE bought)::int AS buyers
              FROM leads GROUP BY GROUPING SETS ((source), (campaign), (code), (referrer), ())) t),
          'visits', (SELECT count(*)::int FROM display_events e JOIN displays d ON d.id = e.display_id
                     WHERE d.project_id = ${scope.projectId} AND e.kind = 'paired'
                       AND e.at >= ${start}::timestamptz AND e.at < ${scope.end}::timestamptz),
          'looks', (SELECT count(*)::int FROM showroom_looks
                    WHERE project_id = ${scope.projectId} AND created_at >= ${start}::timestamptz AND created_at < ${scope.end}::timestamptz)
        ) AS data`,
  );
}

/** The buyers (their names, else addresses) and the last reminder of the selections at risk: read for those only. */
export async function riskDetails(db: Db, projectId: string, cartIds: string[]) {
  if (!cartIds.length) return new Map<string, { buyers: string[]; lastReminded: string | null }>();
  const rows = await sqlRows<{ id: string; buyers: string[]; last_reminded: string | null }>(
    db,
    sql`SELECT c.id::text AS id,
               (SELECT coalesce(json_agg(coalesce(nullif(us.name, ''), us.email) ORDER BY us.email), '[]'::json)
                  FROM users us WHERE coalesce(u.data->'buyers', '[]'::jsonb) ? us.id) AS buyers,
               (SELECT max(r.sent_at) FROM cart_reminders r WHERE r.cart_id = c.id) AS last_reminded
          FROM ${rowsOf('carts')} c
          LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
         WHERE c.project_id = ${projectId} AND c.id = ANY(${`{${cartIds.join(',')}}`}::uuid[])`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { buyers: row.buyers, lastReminded: row.last_reminded ? new Date(row.last_reminded).toISOString() : null },
    ]),
  );
}

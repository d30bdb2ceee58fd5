import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client.ts';
import { rowsOf } from '../decor/index.ts';

/**
 * The reports' figures (docs/reports.md), each one statement over the project's rows, its JSON
 * built by PostgreSQL: the selections in scope (their unit's plan and floor), the period by the
 * date each was last decided, their option lines (what was signed once signed, else today's).
 */

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
    SELECT c.id, u.plan, u.floor, c.data->>'package' AS package,
      CASE WHEN c.data->>'status' = 'draft' AND c.data->>'deadline' IS NOT NULL
             AND (c.data->>'deadline')::timestamptz < ${scope.now.toISOString()}::timestamptz THEN 'locked'
           ELSE c.data->>'status' END AS status,
      CASE c.data->>'status'
        WHEN 'approved' THEN coalesce((SELECT max((h->>'at')::timestamptz) FROM jsonb_array_elements(c.data->'history') h
                                       WHERE h->>'status' = 'approved'), c.updated_at)
        WHEN 'submitted' THEN coalesce((c.data->'signature'->>'signedAt')::timestamptz, c.updated_at)
        ELSE c.updated_at END AS decided,
      CASE WHEN c.data->>'status' IN ('submitted', 'approved') AND jsonb_typeof(c.data->'signature'->'lines') = 'array'
           THEN c.data->'signature'->'lines' ELSE coalesce(c.data->'selections', '[]'::jsonb) END AS items
    FROM ${rowsOf('carts')} c
    JOIN units u ON u.id = c.data->>'unit'
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
  options: Array<{ id: string; name: string; category: string; count: number }>;
  unchosen: Array<{ id: string; name: string; category: string }>;
  packages: Array<{ id: string; name: string; count: number }>;
}

/** How many selections in scope choose each option, category and package; the offered options none chose. */
export async function takeRateRows(db: Db, scope: ReportScope): Promise<TakeRateRows> {
  const [row] = await sqlRows<{ data: TakeRateRows }>(db, takeRateStatement(scope));
  return row!.data;
}

/** The take rate's statement (exported for the query-plan tests and the bench). */
export const takeRateStatement = (scope: ReportScope) => sql`WITH ${linesOf(scope)}
        SELECT json_build_object(
          'selections', (SELECT count(*)::int FROM scoped),
          'categories', (SELECT coalesce(json_agg(json_build_object('id', t.category, 'name', coalesce(k.data->>'name', ''), 'count', t.n)
                           ORDER BY t.n DESC, k.data->>'name'), '[]'::json)
                         FROM (SELECT category, count(DISTINCT cart)::int AS n FROM lines WHERE category IS NOT NULL GROUP BY category) t
                         LEFT JOIN ${rowsOf('categories')} k ON k.project_id = ${scope.projectId} AND k.id::text = t.category),
          'options', (SELECT coalesce(json_agg(json_build_object('id', t.option, 'name', coalesce(o.data->>'name', ''),
                           'category', coalesce(o.data->>'category', ''), 'count', t.n) ORDER BY t.n DESC, o.data->>'name'), '[]'::json)
                      FROM (SELECT option, count(DISTINCT cart)::int AS n FROM lines GROUP BY option) t
                      LEFT JOIN ${rowsOf('options')} o ON o.project_id = ${scope.projectId} AND o.id::text = t.option),
          'unchosen', (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.data->>'name', 'category', o.data->>'category')
                           ORDER BY o.data->>'name'), '[]'::json)
                       FROM ${rowsOf('options')} o
                       WHERE o.project_id = ${scope.projectId} AND coalesce((o.data->>'active')::boolean, true)
                         AND (${scope.category ?? null}::text IS NULL OR o.data->>'category' = ${scope.category ?? null}::text)
                         AND o.id::text NOT IN (SELECT l.option FROM lines l WHERE l.option IS NOT NULL)),
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
  const [row] = await sqlRows<{ data: RevenueRows }>(db, revenueStatement(scope));
  return row!.data;
}

/** The revenue's statement (exported for the query-plan tests and the bench). */
export const revenueStatement = (scope: ReportScope) => sql`WITH ${linesOf(scope)},
        by_category AS (SELECT category, ${sums} FROM lines WHERE category IS NOT NULL GROUP BY category),
        by_month AS (SELECT month, ${sums} FROM lines GROUP BY month),
        by_plan AS (SELECT plan, ${sums} FROM lines WHERE plan IS NOT NULL GROUP BY plan),
        by_floor AS (SELECT floor, ${sums} FROM lines WHERE floor IS NOT NULL GROUP BY floor)
        SELECT json_build_object(
          'total', (SELECT row_to_json(t) FROM (SELECT ${sums} FROM lines) t),
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

/** The project's option costs (staff only: docs/reports.md, "Cost and margin"). */
export async function optionCostRows(db: Db, projectId: string) {
  return sqlRows<{ option: string; cost: number }>(
    db,
    sql`SELECT option_id AS option, cost::float8 AS cost FROM option_costs WHERE project_id = ${projectId} ORDER BY option_id`,
  );
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
  await db.execute(
    input.cost === null
      ? sql`DELETE FROM option_costs WHERE project_id = ${input.projectId} AND option_id = ${input.optionId}::uuid`
      : sql`INSERT INTO option_costs (project_id, option_id, cost, updated_at, updated_by)
            VALUES (${input.projectId}, ${input.optionId}::uuid, ${input.cost}, now(), ${input.by})
            ON CONFLICT (project_id, option_id) DO UPDATE SET cost = excluded.cost, updated_at = now(), updated_by = excluded.updated_by`,
  );
  return true;
}

import { rowsOf } from '../decor/index.ts';
import { type SQL, sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client.ts';
import { escapeLike } from '../../lib/like.ts';

/**
 * The back office's reads (docs/back-office.md): every unit's cart with its buyers, the
 * dashboard's counts, a cart's history from the audit log, the units grid and the approved
 * purchases for purchasing. Each is one query over the project's rows.
 */

/** A draft past its deadline is locked (docs/selection-rules.md, "Status"): the same rule in SQL. */
const effectiveStatus = (now: Date) =>
  sql`CASE WHEN c.data->>'status' = 'draft' AND c.data->>'deadline' IS NOT NULL
            AND (c.data->>'deadline')::timestamptz < ${now.toISOString()}::timestamptz THEN 'locked'
       ELSE c.data->>'status' END`;

/** The people of a cart: its owner and the buyers named on its unit, as JSON. */
const buyersOf = sql`(SELECT coalesce(json_agg(json_build_object('_id', us.id, 'name', us.name, 'email', us.email) ORDER BY us.email), '[]'::json)
    FROM users us WHERE us.id = c.data->>'owner' OR coalesce(u.data->'buyers', '[]'::jsonb) ? us.id)`;

export interface CartListFilter {
  status?: 'draft' | 'submitted' | 'approved' | 'locked' | undefined;
  floor?: number | undefined;
  /** Drafts whose deadline falls before this time (and after now). */
  dueBefore?: Date | undefined;
  /** Submitted carts signed before this time: their review is overdue (reviewOverdueBefore). */
  signedBefore?: Date | undefined;
  /** Submitted or approved: every home whose buyers have signed. */
  signed?: boolean | undefined;
  /** Carts that chose this option. */
  option?: string | undefined;
  /** Part of the unit's name or of a buyer's name or e-mail address. */
  q?: string | undefined;
  /** One cart. */
  id?: string | undefined;
}

export interface CartListRow {
  id: string;
  version: number;
  updated_at: string;
  status: 'draft' | 'locked' | 'submitted' | 'approved';
  deadline: string | null;
  total: string;
  revision: number;
  unit_id: string | null;
  unit_name: string | null;
  floor: number | null;
  buyers: Array<{ _id: string; name: string; email: string }>;
}

/** Cursor of the cart list: its rows are ordered by floor, unit name and cart id. */
export interface CartCursor {
  floor: number;
  name: string;
  id: string;
}

export async function listCarts(
  db: Db,
  {
    projectId,
    filter,
    after,
    limit,
    now,
  }: { projectId: string; filter: CartListFilter; after: CartCursor | null; limit: number; now: Date },
) {
  const where: SQL[] = [sql`c.project_id = ${projectId}`, sql`c.collection = 'carts'`];
  const status = effectiveStatus(now);
  if (filter.status) where.push(sql`${status} = ${filter.status}`);
  if (filter.signedBefore) {
    where.push(
      sql`${status} = 'submitted' AND (c.data->'signature'->>'signedAt')::timestamptz < ${filter.signedBefore.toISOString()}::timestamptz`,
    );
  }
  if (filter.signed) where.push(sql`${status} IN ('submitted', 'approved')`);
  if (filter.id) where.push(sql`c.id = ${filter.id}::uuid`);
  if (filter.floor !== undefined) where.push(sql`(u.data->>'floor')::int = ${filter.floor}`);
  if (filter.dueBefore) {
    where.push(sql`c.data->>'status' = 'draft' AND (c.data->>'deadline')::timestamptz >= ${now.toISOString()}::timestamptz
      AND (c.data->>'deadline')::timestamptz < ${filter.dueBefore.toISOString()}::timestamptz`);
  }
  if (filter.option) where.push(sql`c.data->'selections' @> ${JSON.stringify([{ option: filter.option }])}::jsonb`);
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(sql`(u.data->>'name' ILIKE ${like} OR EXISTS (SELECT 1 FROM users us WHERE (us.id = c.data->>'owner' OR coalesce(u.data->'buyers', '[]'::jsonb) ? us.id)
      AND (us.name ILIKE ${like} OR us.email ILIKE ${like})))`);
  }
  const floor = sql`coalesce((u.data->>'floor')::int, 0)`;
  const name = sql`coalesce(u.data->>'name', '')`;
  if (after)
    where.push(sql`(${floor}, ${name} COLLATE "C", c.id) > (${after.floor}, ${after.name}, ${after.id}::uuid)`);
  return sqlRows<CartListRow>(
    db,
    sql`SELECT c.id, c.version, c.updated_at, ${status} AS status, c.data->>'deadline' AS deadline, c.data->>'total' AS total,
               coalesce((c.data->>'revision')::int, 1) AS revision, u.id AS unit_id, u.data->>'name' AS unit_name,
               (u.data->>'floor')::int AS floor, ${buyersOf} AS buyers
        FROM ${rowsOf()} c
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${floor}, ${name} COLLATE "C", c.id
        LIMIT ${limit}`,
  );
}

export interface DashboardRows {
  units: Array<{ status: string; count: number }>;
  carts: Array<{ status: string; count: number; total: string }>;
  due: { week: number; reviewOverdue: number };
  people: { members: number; signedIn: number };
  front: { leadsNew: number; leadsHeld: number; widgetViews: number; widgetClicks: number };
}

/** The numbers of the back office's first page, in one round trip. */
export async function dashboardRows(db: Db, projectId: string, now: Date, reviewOverdue: Date): Promise<DashboardRows> {
  const week = new Date(now.getTime() + 7 * 86_400_000);
  const [row] = await sqlRows<{ data: DashboardRows }>(
    db,
    sql`WITH carts AS (
          SELECT c.*, ${effectiveStatus(now)} AS status FROM ${rowsOf('carts')} c WHERE c.project_id = ${projectId}
        )
        SELECT json_build_object(
          'units', (SELECT coalesce(json_agg(json_build_object('status', status, 'count', n)), '[]'::json) FROM (
              SELECT coalesce(data->>'status', 'available') AS status, count(*)::int AS n FROM ${rowsOf('units')} r
              WHERE project_id = ${projectId} GROUP BY 1) t),
          'carts', (SELECT coalesce(json_agg(json_build_object('status', status, 'count', n, 'total', total::text)), '[]'::json) FROM (
              SELECT status, count(*)::int AS n, sum(coalesce((data->>'total')::bigint, 0)) AS total FROM carts GROUP BY 1) t),
          'due', json_build_object(
              'week', (SELECT count(*)::int FROM carts WHERE status = 'draft' AND data->>'deadline' IS NOT NULL
                        AND (data->>'deadline')::timestamptz < ${week.toISOString()}::timestamptz),
              'reviewOverdue', (SELECT count(*)::int FROM carts WHERE status = 'submitted'
                        AND (data->'signature'->>'signedAt')::timestamptz < ${reviewOverdue.toISOString()}::timestamptz)),
          'people', json_build_object(
              'members', (SELECT count(*)::int FROM memberships WHERE project_id = ${projectId} AND role = 'purchaser'),
              'signedIn', (SELECT count(*)::int FROM memberships m JOIN users us ON us.id = m.user_id
                           WHERE m.project_id = ${projectId} AND m.role = 'purchaser' AND us.last_sign_in_at IS NOT NULL)),
          'front', json_build_object(
              'leadsNew', (SELECT count(*)::int FROM ${rowsOf('leads')} r WHERE project_id = ${projectId} AND data->>'status' = 'new'),
              'leadsHeld', (SELECT count(*)::int FROM ${rowsOf('leads')} r WHERE project_id = ${projectId} AND data->>'status' = 'held'),
              'widgetViews', (SELECT coalesce(sum(views), 0)::int FROM embed_counts WHERE project_id = ${projectId} AND day > current_date - 30),
              'widgetClicks', (SELECT coalesce(sum(clicks), 0)::int FROM embed_counts WHERE project_id = ${projectId} AND day > current_date - 30))
        ) AS data`,
  );
  return row!.data;
}

export interface AuditRow {
  id: string;
  at: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  actor_admin: boolean | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  collection: string;
}

/** A cart's changes from the audit log, with the messages of its conversation (docs/comments.md), newest first, in keyset pages. */
export async function cartAudit(
  db: Db,
  {
    projectId,
    cartId,
    before,
    limit,
  }: { projectId: string; cartId: string; before: { at: string; id: string } | null; limit: number },
) {
  return sqlRows<AuditRow>(
    db,
    sql`SELECT a.id, a.at, a.action, a.actor_id, us.name AS actor_name, us.email AS actor_email, m.role AS actor_role, us.is_admin AS actor_admin,
               a.before, a.after, a.collection
        FROM audit_log a
        LEFT JOIN users us ON us.id = a.actor_id
        LEFT JOIN memberships m ON m.project_id = a.project_id AND m.user_id = a.actor_id
        WHERE a.project_id = ${projectId}
          AND ((a.collection = 'carts' AND a.item_id = ${cartId}) OR (a.collection = 'comments' AND a.action = 'create' AND a.after->>'cart' = ${cartId}))
          ${before ? sql`AND (a.at, a.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``}
        ORDER BY a.at DESC, a.id DESC
        LIMIT ${limit}`,
  );
}

export interface UnitGridRow {
  id: string;
  version: number;
  name: string | null;
  floor: number | null;
  status: 'available' | 'reserved' | 'sold';
  deadline: string | null;
  plan_name: string | null;
  cart_id: string | null;
  cart_status: 'draft' | 'locked' | 'submitted' | 'approved' | null;
  buyers: Array<{ _id: string; name: string; email: string }>;
}

/** The units of a project with their plan, buyers and cart, by floor and name, in keyset pages. */
export async function unitGrid(
  db: Db,
  { projectId, after, limit, now }: { projectId: string; after: CartCursor | null; limit: number; now: Date },
) {
  const floor = sql`coalesce((u.data->>'floor')::int, 0)`;
  const name = sql`coalesce(u.data->>'name', '')`;
  return sqlRows<UnitGridRow>(
    db,
    sql`SELECT u.id, u.version, u.data->>'name' AS name, (u.data->>'floor')::int AS floor, coalesce(u.data->>'status', 'available') AS status,
               u.data->>'deadline' AS deadline, p.data->>'name' AS plan_name, c.id AS cart_id, ${effectiveStatus(now)} AS cart_status,
               (SELECT coalesce(json_agg(json_build_object('_id', us.id, 'name', us.name, 'email', us.email) ORDER BY us.email), '[]'::json)
                  FROM users us WHERE coalesce(u.data->'buyers', '[]'::jsonb) ? us.id) AS buyers
        FROM ${rowsOf()} u
        LEFT JOIN ${rowsOf('plans')} p ON p.project_id = u.project_id AND p.id::text = u.data->>'plan'
        LEFT JOIN LATERAL (SELECT c.id, c.data FROM ${rowsOf('carts')} c WHERE c.project_id = u.project_id
                             AND c.data->>'unit' = u.id::text ORDER BY c.id LIMIT 1) c ON true
        WHERE u.project_id = ${projectId} AND u.collection = 'units'
          ${after ? sql`AND (${floor}, ${name} COLLATE "C", u.id) > (${after.floor}, ${after.name}, ${after.id}::uuid)` : sql``}
        ORDER BY ${floor}, ${name} COLLATE "C", u.id
        LIMIT ${limit}`,
  );
}

export interface PurchaseLineRow {
  purchase_id: string;
  unit_name: string | null;
  floor: number | null;
  approved_at: string;
  revision: number;
  currency: string;
  total: string;
  lines: Array<{ option: string; room?: string; quantity: number; price: number }>;
  adjustments: Array<{ label: string; amount: number }>;
  change_order_open: boolean;
  cart_id: string;
}

/**
 * The purchase in force for every cart ever approved: the one written when it was last
 * approved. A cart reopened as a change order keeps its last approved purchase in force (and
 * says so) until the change order is approved, which writes the next (docs/selection-rules.md,
 * "Change orders").
 */
export async function approvedPurchases(db: Db, projectId: string) {
  return sqlRows<PurchaseLineRow>(
    db,
    sql`SELECT DISTINCT ON (c.id) pu.id AS purchase_id, c.id::text AS cart_id, u.data->>'name' AS unit_name, (u.data->>'floor')::int AS floor,
               pu.data->>'approvedAt' AS approved_at, (pu.data->>'revision')::int AS revision, pu.data->>'currency' AS currency,
               pu.data->>'total' AS total, pu.data->'lines' AS lines, coalesce(pu.data->'adjustments', '[]'::jsonb) AS adjustments,
               (c.data->>'status') IS DISTINCT FROM 'approved' AS change_order_open
        FROM ${rowsOf()} c
        JOIN ${rowsOf('purchases')} pu ON pu.project_id = c.project_id AND pu.data->>'cart' = c.id::text
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.project_id = ${projectId} AND c.collection = 'carts'
        ORDER BY c.id, (pu.data->>'revision')::int DESC, pu.id DESC`,
  );
}

/** What the purchasing list needs of each option: name, SKU, vendor and category name. */
export async function optionFacts(db: Db, projectId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; sku: string; vendor: string; category: string }>();
  const rows = await sqlRows<{
    id: string;
    name: string | null;
    sku: string | null;
    vendor: string | null;
    category: string | null;
  }>(
    db,
    sql`SELECT o.id::text AS id, o.data->>'name' AS name, o.data->>'sku' AS sku, o.data->>'vendor' AS vendor, k.data->>'name' AS category
        FROM ${rowsOf()} o LEFT JOIN ${rowsOf('categories')} k ON k.project_id = o.project_id AND k.id::text = o.data->>'category'
        WHERE o.project_id = ${projectId} AND o.collection = 'options' AND o.id::text IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name ?? '', sku: row.sku ?? '', vendor: row.vendor ?? '', category: row.category ?? '' },
    ]),
  );
}

/** The open (draft) carts of these units, whose deadline follows their unit's. */
export async function draftCartsOfUnits(db: Db, projectId: string, unitIds: string[]) {
  if (!unitIds.length) return [];
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM ${rowsOf('carts')} r WHERE project_id = ${projectId} AND data->>'status' = 'draft'
          AND data->>'unit' IN (${sql.join(
            unitIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return rows.map((row) => row.id);
}

/** The whole catalogue a check needs: options, categories, packages, plans and rooms. */
export async function catalogueRows(db: Db, projectId: string) {
  return sqlRows<{ id: string; collection: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id::text AS id, collection, data FROM ${rowsOf('options', 'categories', 'packages', 'plans', 'rooms')} r
        WHERE project_id = ${projectId}`,
  );
}

export interface BuyerListRow {
  id: string;
  name: string;
  email: string;
  joined_at: string;
  last_sign_in_at: string | null;
  units: string[];
}

/**
 * The project's buyers (its purchaser memberships) by e-mail address, in keyset pages, with the
 * units they are named on — what the dashboard's "Joined" counts; `signedIn` keeps those who
 * have signed in ("Signed in"); `q` searches name and address.
 */
export async function listBuyers(
  db: Db,
  {
    projectId,
    signedIn,
    q,
    after,
    limit,
  }: { projectId: string; signedIn: boolean; q?: string | undefined; after: string | null; limit: number },
) {
  const where: SQL[] = [sql`m.project_id = ${projectId}`, sql`m.role = 'purchaser'`];
  if (signedIn) where.push(sql`us.last_sign_in_at IS NOT NULL`);
  if (q) {
    const like = `%${escapeLike(q)}%`;
    where.push(sql`(us.name ILIKE ${like} OR us.email ILIKE ${like})`);
  }
  if (after !== null) where.push(sql`lower(us.email) COLLATE "C" > ${after}`);
  return sqlRows<BuyerListRow>(
    db,
    sql`SELECT us.id, us.name, us.email, m.created_at AS joined_at, us.last_sign_in_at,
               (SELECT coalesce(json_agg(u.data->>'name' ORDER BY u.data->>'name'), '[]'::json) FROM ${rowsOf('units')} u WHERE u.project_id = m.project_id AND coalesce(u.data->'buyers', '[]'::jsonb) ? us.id) AS units
        FROM memberships m JOIN users us ON us.id = m.user_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY lower(us.email) COLLATE "C"
        LIMIT ${limit}`,
  );
}

/** How many items each collection of a project holds (the catalogue page's cards). */
export async function collectionCounts(db: Db, projectId: string): Promise<Record<string, number>> {
  const rows = await sqlRows<{ collection: string; count: number }>(
    db,
    sql`SELECT collection, count(*)::int AS count FROM ${rowsOf()} r WHERE project_id = ${projectId} GROUP BY collection`,
  );
  return Object.fromEntries(rows.map((row) => [row.collection, row.count]));
}

/** The selections waiting for the design centre's review: submitted, oldest signature first (docs/back-office.md, "Waiting for you"). */
export async function submittedCarts(db: Db, projectId: string) {
  return sqlRows<CartListRow & { signed_at: string }>(
    db,
    sql`SELECT c.id, c.version, c.updated_at, 'submitted' AS status, c.data->>'deadline' AS deadline, c.data->>'total' AS total,
               coalesce((c.data->>'revision')::int, 1) AS revision, u.id AS unit_id, u.data->>'name' AS unit_name,
               (u.data->>'floor')::int AS floor, ${buyersOf} AS buyers, c.data->'signature'->>'signedAt' AS signed_at
        FROM ${rowsOf()} c
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.project_id = ${projectId} AND c.collection = 'carts' AND c.data->>'status' = 'submitted'
        ORDER BY (c.data->'signature'->>'signedAt')::timestamptz NULLS FIRST, c.id
        LIMIT 500`,
  );
}

import { rowsOf } from '../decor/index.ts';
import { sql, type SQL } from 'drizzle-orm';
import { fail, fieldIn, type CoreKey, type Language, type Selection, type Translations } from '@decor/core';
import { atRun, coalescedQuery, listAtRun, hotSqlRows, type Db } from '../../db/client.ts';
import { getItemJson } from '../decor/index.ts';

/** A cart's document as stored (docs/data-model.md, "Carts"). */
export type CartData = Record<string, unknown> & {
  unit: string;
  status: 'draft' | 'submitted' | 'approved';
  deadline: string | null;
  selections: Selection[];
  package?: string | null;
  total: number;
  notes?: string;
  revision?: number;
  /** Change-order fees added when an approved selection was reopened. */
  fees?: Array<{ label: string; amount: number; changeOrder?: number; appointment?: string }>;
  owner?: string;
  signature?: {
    name: string;
    signedAt: string;
    total: number;
    lines?: Array<{ option: string; room?: string; quantity: number; price: number }>;
    adjustments?: Array<{ label: string; amount: number }>;
    language?: Language;
  } | null;
  priceChanges?: Array<{ option: string; name: string; from: number; to: number; at: string }>;
  /** Where every buyer signs: each one's signature of the choices as they now are. */
  signatures?: Array<{ by: string; name: string; signedAt: string; language?: Language }>;
};

/** The reads carts need beyond the collection engine: the items a cart refers to, prices, summaries. */

export interface ItemOfCart {
  id: string;
  collection: string;
  data: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The collections a cart refers to: naming them lets the primary key (project, collection, id)
 * find each item directly. Written into the statement, not passed as a value: the planner then
 * counts them the same for every run (docs/performance.md, "Plans kept").
 */
const CART_REFERENCED = sql.raw(`'{options,units,packages,categories,plans,rooms}'::text[]`);

/** Items a cart refers to, by id, whatever their collection. */
export async function itemsById(db: Db, projectId: string, ids: string[]): Promise<ItemOfCart[]> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!valid.length) return [];
  return hotSqlRows<ItemOfCart>(
    db,
    sql`SELECT id, collection, data FROM ${rowsOf()} r
        WHERE project_id = ${atRun('uuid', projectId)} AND collection = ANY(${CART_REFERENCED})
          AND id = ANY(${listAtRun('uuid', valid)})`,
  );
}

type Wanted = Array<{ collection: string; id: string }>;

/**
 * The items each request wants, and the categories of its options, in one query for all of
 * them. Carts asked at once mostly name the same options: each item comes back once, with
 * the requests (`ks`) that want it, and its one parsed copy is given to each of them, frozen,
 * since they only read it.
 */
async function cartItemsOfMany(db: Db, projectId: string, requests: Wanted[]): Promise<ItemOfCart[][]> {
  const rows = requests.flatMap((wanted, k) => wanted.map((w) => ({ k: k + 1, ...w })));
  const [requesters, collections, ids] = [rows.map((r) => r.k), rows.map((r) => r.collection), rows.map((r) => r.id)];
  const found = await hotSqlRows<ItemOfCart & { ks: number[] }>(
    db,
    sql`WITH w AS (
          SELECT w.collection, w.id, array_agg(w.k) AS ks
          FROM unnest(${listAtRun('int', requesters)}, ${listAtRun('text', collections)}, ${listAtRun('uuid', ids)}) AS w(k, collection, id)
          GROUP BY w.collection, w.id),
        named AS (
          SELECT w.ks, i.id, i.collection, i.data,
                 CASE WHEN i.collection = 'options' AND i.data->>'category' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      THEN (i.data->>'category')::uuid END AS category
          FROM w JOIN ${rowsOf()} i ON i.project_id = ${atRun('uuid', projectId)} AND i.collection = w.collection AND i.id = w.id),
        categories AS (
          SELECT n.category AS id, array_agg(DISTINCT k) AS ks FROM named n CROSS JOIN unnest(n.ks) AS k
          WHERE n.category IS NOT NULL GROUP BY n.category)
        SELECT ks, id, collection, data FROM named
        UNION ALL
        SELECT c.ks, i.id, i.collection, i.data FROM categories c
        JOIN ${rowsOf()} i ON i.project_id = ${atRun('uuid', projectId)} AND i.collection = 'categories' AND i.id = c.id`,
  );
  const answers = requests.map((): ItemOfCart[] => []);
  for (const { ks, id, collection, data } of found) {
    const item = Object.freeze({ id, collection, data: Object.freeze(data) });
    for (const k of ks) answers[Number(k) - 1]!.push(item);
  }
  return answers;
}

/**
 * Everything the rules and the total of a cart need: the items it names (options, unit,
 * package) and the categories of those options, each by its primary key. Asked by several
 * requests at once, one query answers them all (docs/performance.md, "Round trips").
 */
export async function cartItems(
  db: Db,
  projectId: string,
  named: { options: string[]; units?: string[]; packages?: string[] },
): Promise<ItemOfCart[]> {
  const wanted: Wanted = (['options', 'units', 'packages'] as const).flatMap((collection) =>
    [...new Set((named[collection] ?? []).filter((id) => UUID.test(id)))].map((id) => ({
      collection,
      id: id.toLowerCase(),
    })),
  );
  if (!wanted.length) return [];
  return coalescedQuery(db, `cart items\u0000${projectId}`, wanted, (requests) =>
    cartItemsOfMany(db, projectId, requests),
  );
}

/** Every category of the project, as the rules see it, named in `language` where written. */
export async function allCategories(db: Db, projectId: string, language?: Language) {
  const rows = await hotSqlRows<{ id: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id, data FROM ${rowsOf('categories')} r WHERE project_id = ${projectId}`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        _id: row.id,
        name: fieldIn(row.data, language),
        required: row.data.required === true,
        multiple: row.data.multiple === true,
        allowance: Number(row.data.allowance ?? 0),
        rooms: Array.isArray(row.data.rooms) ? row.data.rooms.map(String) : [],
      },
    ]),
  );
}

/** The rooms of a plan (null when there is no such plan) and every room's name, for what is still required. */
export async function planRooms(
  db: Db,
  projectId: string,
  planId: string | null,
  language?: Language,
): Promise<{ rooms: string[] | null; names: Map<string, string> }> {
  const rows = await hotSqlRows<{ id: string; collection: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id::text AS id, collection, data FROM ${rowsOf()} r
        WHERE project_id = ${projectId} AND (collection = 'rooms' OR (collection = 'plans' AND id::text = ${planId ?? ''}))`,
  );
  const plan = rows.find((row) => row.collection === 'plans');
  return {
    rooms: plan && Array.isArray(plan.data.rooms) ? plan.data.rooms.map(String) : null,
    names: new Map(
      rows.filter((row) => row.collection === 'rooms').map((row) => [row.id, fieldIn(row.data, language)]),
    ),
  };
}

/** Current option prices and the package's adjustment (with its name in `language` where written), for a cart's total, in one query. */
export async function pricesFor(
  db: Db,
  projectId: string,
  optionIds: string[],
  packageId: string | null,
  language?: Language,
) {
  const ids = [...optionIds, ...(packageId ? [packageId] : [])].filter((id) => UUID.test(id));
  const prices = new Map<string, number>();
  let adjustment = 0;
  let packageName = '';
  if (!ids.length) return { prices, adjustment, packageName };
  const rows = await hotSqlRows<{
    id: string;
    collection: string;
    amount: string | null;
    name: string | null;
    translations: Translations | null;
  }>(
    db,
    sql`SELECT id, collection, CASE WHEN collection = 'options' THEN data->>'price' ELSE data->>'priceAdjustment' END AS amount, data->>'name' AS name,
          CASE WHEN collection = 'packages' THEN data->'translations' END AS translations
        FROM ${rowsOf()} r WHERE project_id = ${atRun('uuid', projectId)} AND collection IN ('options', 'packages')
        AND id = ANY(${listAtRun('uuid', ids)})`,
  );
  for (const row of rows) {
    if (row.collection === 'options') prices.set(row.id, Number(row.amount ?? 0));
    else if (row.id === packageId) {
      adjustment = Number(row.amount ?? 0);
      packageName = fieldIn({ name: row.name ?? '', translations: row.translations }, language);
    }
  }
  return { prices, adjustment, packageName };
}

/** A cart the caller may read, as stored; 404 when there is none (or it is not theirs). */
export async function readCart(
  db: Db,
  {
    projectId,
    where,
    cartId,
    missing = 'cart.no-such',
  }: { projectId: string; where?: SQL | undefined; cartId: string; missing?: CoreKey },
): Promise<CartData> {
  const body = await getItemJson(db, { projectId, collection: 'carts', id: cartId, where });
  if (!body) throw fail('not_found', missing);
  return JSON.parse(body) as CartData;
}

/** The carts of a person's own units (or that they own), with the unit and its plan. */
export async function cartsOfBuyer(db: Db, projectId: string, userId: string) {
  return hotSqlRows<{
    id: string;
    data: Record<string, unknown>;
    version: number;
    unit: Record<string, unknown> | null;
    plan_id: string | null;
    plan: Record<string, unknown> | null;
  }>(
    db,
    sql`SELECT c.id, c.data, c.version, u.data AS unit, p.id AS plan_id, p.data AS plan
        FROM ${rowsOf()} c
        JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        LEFT JOIN ${rowsOf('plans')} p ON p.project_id = c.project_id AND p.id::text = u.data->>'plan'
        WHERE c.project_id = ${projectId} AND c.collection = 'carts'
          AND (c.data->>'owner' = ${userId} OR u.data->'buyers' ? ${userId})
        ORDER BY c.id`,
  );
}

/** One cart of the project with its unit's plan id (null when it has none), or undefined. */
export async function cartPlanOf(db: Db, projectId: string, cartId: string) {
  const [row] = await hotSqlRows<{ data: Record<string, unknown>; plan_id: string | null }>(
    db,
    sql`SELECT c.data, u.data->>'plan' AS plan_id
        FROM ${rowsOf()} c
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.project_id = ${projectId} AND c.collection = 'carts' AND c.id = ${cartId}::uuid`,
  );
  return row;
}

/** Draft carts that choose any of these options or use any of these packages. */
export async function draftCartsUsing(
  db: Db,
  projectId: string,
  { optionIds, packageIds }: { optionIds: string[]; packageIds: string[] },
) {
  const rows = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM ${rowsOf('carts')} r
        WHERE project_id = ${projectId} AND data->>'status' = 'draft'
          AND (data->>'package' = ANY(string_to_array(${packageIds.join(',')}, ','))
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(data->'selections', '[]'::jsonb)) s
                          WHERE s->>'option' = ANY(string_to_array(${optionIds.join(',')}, ','))))
        ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

/** The addresses of a cart's buyers: its owner and the buyers named on its unit (disabled accounts left out). */
export async function buyerEmails(db: Db, projectId: string, cart: { owner?: string | null; unit: string }) {
  const rows = await hotSqlRows<{ email: string }>(
    db,
    sql`SELECT us.email FROM users us
        WHERE NOT us.disabled AND (us.id = ${cart.owner ?? ''} OR us.id IN (
          SELECT jsonb_array_elements_text(u.data->'buyers') FROM ${rowsOf('units')} u WHERE u.project_id = ${projectId} AND u.id::text = ${cart.unit}))
        ORDER BY us.email`,
  );
  return rows.map((row) => row.email);
}

/** The id of a unit's cart, if it has one. */
export async function cartOfUnit(db: Db, projectId: string, unitId: string): Promise<string | null> {
  const [row] = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM ${rowsOf('carts')} r WHERE project_id = ${projectId} AND data->>'unit' = ${unitId} LIMIT 1`,
  );
  return row?.id ?? null;
}

/**
 * The purchase a cart's approval of an earlier revision wrote — the one in force while the
 * change order of `revision` is open, and the one it replaced once approved.
 */
export async function purchaseBefore(db: Db, projectId: string, cartId: string, revision: number) {
  const [row] = await hotSqlRows<{ data: PurchaseData }>(
    db,
    sql`SELECT data FROM ${rowsOf('purchases')} r WHERE project_id = ${projectId} AND data->>'cart' = ${cartId}
          AND (data->>'revision')::int < ${revision}::int
        ORDER BY (data->>'revision')::int DESC, id DESC LIMIT 1`,
  );
  return row?.data ?? null;
}

/** A purchase as stored: what an approval fixed (docs/data-model.md, the purchases collection). */
export interface PurchaseData {
  cart: string;
  revision: number;
  total: number;
  approvedAt: string;
  lines?: Array<{ option: string; room?: string; quantity: number; price: number }>;
  /** Absent from purchases written before adjustments were recorded. */
  adjustments?: Array<{ label: string; amount: number }>;
}

/** The user ids listed as a unit's buyers. */
export async function unitBuyerIds(db: Db, projectId: string, unitId: string): Promise<string[]> {
  const rows = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT jsonb_array_elements_text(coalesce(data->'buyers', '[]'::jsonb)) AS id FROM ${rowsOf('units')} r
        WHERE project_id = ${projectId} AND id::text = ${unitId}`,
  );
  return rows.map((row) => row.id);
}

import { sql } from 'drizzle-orm';
import type { LedgerKind, PaymentMethod } from '@decor/core';
import { hotSqlRows, sqlRows, type Db } from '../../db/client.ts';
import { rowsOf } from '../decor/index.ts';

export interface PlanRow {
  revision: number;
  signed_at: string;
  currency: string;
  terms: Record<string, unknown>;
  deposit_percent: number;
  net: number;
  taxes: Array<{ name: string; rate: number; amount: number }>;
  gross: number;
  special_order_gross: number;
}

export interface NewPlan extends Omit<PlanRow, 'signed_at'> {
  projectId: string;
  cartId: string;
  unitId: string;
  signedAt: string;
}

/** Records what a signed version owes (its revision's row replaced when it is signed again). */
export async function savePlan(db: Db, plan: NewPlan): Promise<void> {
  await sqlRows(
    db,
    sql`INSERT INTO payment_plans (project_id, cart_id, unit_id, revision, signed_at, currency, terms, deposit_percent, net, taxes, gross, special_order_gross)
        VALUES (${plan.projectId}, ${plan.cartId}, ${plan.unitId}, ${plan.revision}, ${plan.signedAt}, ${plan.currency},
                ${JSON.stringify(plan.terms)}::jsonb, ${JSON.stringify(plan.deposit_percent)}::jsonb, ${plan.net},
                ${JSON.stringify(plan.taxes)}::jsonb, ${plan.gross}, ${plan.special_order_gross})
        ON CONFLICT (cart_id, revision) DO UPDATE SET signed_at = excluded.signed_at, currency = excluded.currency,
          terms = excluded.terms, deposit_percent = excluded.deposit_percent, net = excluded.net, taxes = excluded.taxes,
          gross = excluded.gross, special_order_gross = excluded.special_order_gross, unit_id = excluded.unit_id`,
  );
}

/** A cart's signed versions, oldest first. */
export async function plansOfCart(db: Db, { projectId, cartId }: { projectId: string; cartId: string }) {
  return hotSqlRows<PlanRow>(
    db,
    sql`SELECT revision, to_char(signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS signed_at, currency, terms,
               deposit_percent, net::float8 AS net, taxes, gross::float8 AS gross, special_order_gross::float8 AS special_order_gross
          FROM payment_plans WHERE project_id = ${projectId} AND cart_id = ${cartId} ORDER BY revision`,
  );
}

export interface EntryRow {
  id: string;
  kind: LedgerKind;
  method: PaymentMethod | null;
  amount: number;
  currency: string;
  reference: string;
  paid_on: string;
  reason: string;
  receipt_number: number;
  created_by_name: string;
  created_at: string;
  external_id: string | null;
  refund_of: string | null;
}

/** A cart's ledger, oldest first. */
export async function entriesOfCart(db: Db, { projectId, cartId }: { projectId: string; cartId: string }) {
  return hotSqlRows<EntryRow>(
    db,
    sql`SELECT id::text, kind, method, amount::float8 AS amount, currency, reference, to_char(paid_on, 'YYYY-MM-DD') AS paid_on,
               reason, receipt_number, created_by_name, external_id, refund_of::text AS refund_of,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM ledger_entries WHERE project_id = ${projectId} AND cart_id = ${cartId} ORDER BY receipt_number`,
  );
}

/** Holds a cart's ledger for the rest of the transaction: entries on one selection are recorded one at a time. */
export async function lockLedger(tx: Db, cartId: string): Promise<void> {
  await hotSqlRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`ledger:${cartId}`}))`);
}

/** The project's next receipt number, in the caller's transaction (rolled back with it: no number is skipped). */
export async function nextReceiptNumber(tx: Db, projectId: string): Promise<number> {
  const [row] = await hotSqlRows<{ last: number }>(
    tx,
    sql`INSERT INTO receipt_counters (project_id, last) VALUES (${projectId}, 1)
        ON CONFLICT (project_id) DO UPDATE SET last = receipt_counters.last + 1 RETURNING last`,
  );
  return row!.last;
}

export interface NewEntry {
  id: string;
  projectId: string;
  cartId: string;
  unitId: string;
  kind: LedgerKind;
  method: PaymentMethod | null;
  amount: number;
  currency: string;
  reference: string;
  paidOn: string;
  reason: string;
  receiptNumber: number;
  createdBy: string;
  createdByName: string;
  externalId?: string | null;
  refundOf?: string | null;
}

export async function insertEntry(tx: Db, entry: NewEntry): Promise<void> {
  await sqlRows(
    tx,
    sql`INSERT INTO ledger_entries (id, project_id, cart_id, unit_id, kind, method, amount, currency, reference, paid_on, reason,
                                    receipt_number, created_by, created_by_name, external_id, refund_of)
        VALUES (${entry.id}, ${entry.projectId}, ${entry.cartId}, ${entry.unitId}, ${entry.kind}, ${entry.method}, ${entry.amount}, ${entry.currency},
                ${entry.reference}, ${entry.paidOn}, ${entry.reason}, ${entry.receiptNumber}, ${entry.createdBy}, ${entry.createdByName},
                ${entry.externalId ?? null}, ${entry.refundOf ?? null})`,
  );
}

export interface CheckoutRow {
  id: string;
  project_id: string;
  cart_id: string;
  unit_id: string;
  up_to: string;
  amount: number;
  currency: string;
  url: string;
  state: 'open' | 'paid' | 'expired';
  payment_intent: string | null;
  entry_id: string | null;
  created_by: string;
  expires_at: string;
}

const checkoutColumns = sql`id, project_id::text AS project_id, cart_id::text AS cart_id, unit_id::text AS unit_id, up_to,
  amount::float8 AS amount, currency, url, state, payment_intent, entry_id::text AS entry_id, created_by,
  to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`;

/** A card checkout begun by a buyer of the cart. */
export async function saveCheckout(
  tx: Db,
  row: Omit<CheckoutRow, 'payment_intent' | 'entry_id' | 'state'>,
): Promise<void> {
  await sqlRows(
    tx,
    sql`INSERT INTO card_checkouts (id, project_id, cart_id, unit_id, up_to, amount, currency, url, state, created_by, expires_at)
        VALUES (${row.id}, ${row.project_id}, ${row.cart_id}, ${row.unit_id}, ${row.up_to}, ${row.amount}, ${row.currency}, ${row.url},
                'open', ${row.created_by}, ${row.expires_at})
        ON CONFLICT (id) DO NOTHING`,
  );
}

/** The cart's checkouts still open (at most one, by the rule that begins them). */
export async function openCheckoutsOf(tx: Db, cartId: string): Promise<CheckoutRow[]> {
  return hotSqlRows<CheckoutRow>(
    tx,
    sql`SELECT ${checkoutColumns} FROM card_checkouts WHERE cart_id = ${cartId} AND state = 'open' ORDER BY created_at`,
  );
}

export async function checkoutById(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await hotSqlRows<CheckoutRow>(db, sql`SELECT ${checkoutColumns} FROM card_checkouts WHERE id = ${id}`);
  return row;
}

/** The checkout a card payment (the processor's payment intent) came from. */
export async function checkoutByPaymentIntent(db: Db, paymentIntent: string): Promise<CheckoutRow | undefined> {
  const [row] = await hotSqlRows<CheckoutRow>(
    db,
    sql`SELECT ${checkoutColumns} FROM card_checkouts WHERE payment_intent = ${paymentIntent}`,
  );
  return row;
}

export async function endCheckout(
  tx: Db,
  id: string,
  ending: { state: 'paid' | 'expired'; paymentIntent?: string | null; entryId?: string | null },
): Promise<void> {
  await sqlRows(
    tx,
    sql`UPDATE card_checkouts SET state = ${ending.state}, payment_intent = coalesce(${ending.paymentIntent ?? null}, payment_intent),
               entry_id = coalesce(${ending.entryId ?? null}::uuid, entry_id)
         WHERE id = ${id} AND state <> 'paid'`,
  );
}

/** A ledger entry recorded from the card processor, by its id there. */
export async function entryByExternalId(db: Db, projectId: string, externalId: string): Promise<EntryRow | undefined> {
  const [row] = await hotSqlRows<EntryRow>(
    db,
    sql`SELECT id::text, kind, method, amount::float8 AS amount, currency, reference, to_char(paid_on, 'YYYY-MM-DD') AS paid_on,
               reason, receipt_number, created_by_name, external_id, refund_of::text AS refund_of,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM ledger_entries WHERE project_id = ${projectId} AND external_id = ${externalId}`,
  );
  return row;
}

/** Claims a processor event by its id, in the caller's transaction: false when it was applied before. */
export async function claimProcessorEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const rows = await hotSqlRows<{ id: string }>(
    tx,
    sql`INSERT INTO processor_events (id, type) VALUES (${id}, ${type}) ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/** Every signed selection of a project with its latest plan and its ledger's sums, for the payments list. */
export async function projectMoney(db: Db, projectId: string) {
  return hotSqlRows<{
    cart_id: string;
    unit_id: string;
    plans: PlanRow[];
    payments: number;
    refunds: number;
    credits: number;
  }>(
    db,
    sql`SELECT p.cart_id::text AS cart_id, (array_agg(p.unit_id::text ORDER BY p.revision DESC))[1] AS unit_id,
               jsonb_agg(jsonb_build_object('revision', p.revision, 'signed_at', to_char(p.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'currency', p.currency, 'terms', p.terms, 'deposit_percent', p.deposit_percent, 'net', p.net, 'taxes', p.taxes,
                 'gross', p.gross, 'special_order_gross', p.special_order_gross) ORDER BY p.revision) AS plans,
               coalesce(l.payments, 0)::float8 AS payments, coalesce(l.refunds, 0)::float8 AS refunds,
               coalesce(l.credits, 0)::float8 AS credits
          FROM payment_plans p
          -- The ledger's sums per selection, in one pass over the project's entries.
          LEFT JOIN (SELECT cart_id, sum(amount) FILTER (WHERE kind = 'payment') AS payments,
                            sum(amount) FILTER (WHERE kind = 'refund') AS refunds,
                            sum(amount) FILTER (WHERE kind = 'credit') AS credits
                       FROM ledger_entries WHERE project_id = ${projectId} GROUP BY cart_id) l ON l.cart_id = p.cart_id
         WHERE p.project_id = ${projectId}
         GROUP BY p.cart_id, l.payments, l.refunds, l.credits ORDER BY p.cart_id LIMIT 5000`,
  );
}

/** Which of these options are marked special-order. */
export async function specialOrderOptions(db: Db, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM ${rowsOf('options')} r
         WHERE project_id = ${projectId} AND coalesce((data->>'specialOrder')::boolean, false)
           AND id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.id));
}

/** A unit's name ('' when it is gone). */
export async function unitNameOf(db: Db, projectId: string, unitId: string): Promise<string> {
  const [row] = await hotSqlRows<{ name: string }>(
    db,
    sql`SELECT coalesce(data->>'name', '') AS name FROM ${rowsOf('units')} r WHERE project_id = ${projectId} AND id = ${unitId}`,
  );
  return row?.name ?? '';
}

/** The project's units by id: name, floor, plan and the plan's name, for the payments list. */
export async function unitsOfProject(db: Db, projectId: string) {
  return hotSqlRows<{ id: string; name: string; floor: number | null; plan: string | null; plan_name: string | null }>(
    db,
    sql`SELECT r.id::text AS id, coalesce(r.data->>'name', '') AS name, (r.data->>'floor')::int AS floor, r.data->>'plan' AS plan,
               pl.data->>'name' AS plan_name
          FROM ${rowsOf('units')} r
          LEFT JOIN ${rowsOf('plans')} pl ON pl.project_id = r.project_id AND pl.id::text = r.data->>'plan'
         WHERE r.project_id = ${projectId}`,
  );
}

/** The names of a unit's buyers (their e-mail where no name is given), for a receipt. */
export async function buyerNamesOf(db: Db, projectId: string, unitId: string): Promise<string[]> {
  const rows = await hotSqlRows<{ name: string }>(
    db,
    sql`SELECT coalesce(nullif(us.name, ''), us.email) AS name FROM users us
         WHERE us.id IN (SELECT jsonb_array_elements_text(coalesce(u.data->'buyers', '[]'::jsonb)) FROM ${rowsOf('units')} u
                          WHERE u.project_id = ${projectId} AND u.id::text = ${unitId})
         ORDER BY us.name, us.email`,
  );
  return rows.map((row) => row.name);
}

/** A project's ledger entries whose day is within [from, to] (days in the project's zone), with their unit's name and their selection's latest signed taxes. */
export async function entriesOfPeriod(
  db: Db,
  { projectId, from, to }: { projectId: string; from: string; to: string },
) {
  return hotSqlRows<
    EntryRow & {
      cart_id: string;
      unit_id: string;
      unit_name: string;
      gross: number | null;
      taxes: Array<{ name: string; rate: number; amount: number }> | null;
    }
  >(
    db,
    sql`SELECT l.id::text, l.kind, l.method, l.amount::float8 AS amount, l.currency, l.reference, to_char(l.paid_on, 'YYYY-MM-DD') AS paid_on,
               l.reason, l.receipt_number, l.created_by_name,
               to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
               l.cart_id::text AS cart_id, l.unit_id::text AS unit_id,
               coalesce((SELECT u.data->>'name' FROM ${rowsOf('units')} u WHERE u.project_id = l.project_id AND u.id = l.unit_id), '') AS unit_name,
               (SELECT p.gross::float8 FROM payment_plans p WHERE p.cart_id = l.cart_id ORDER BY p.revision DESC LIMIT 1) AS gross,
               (SELECT p.taxes FROM payment_plans p WHERE p.cart_id = l.cart_id ORDER BY p.revision DESC LIMIT 1) AS taxes
          FROM ledger_entries l
         WHERE l.project_id = ${projectId} AND l.paid_on BETWEEN ${from}::date AND ${to}::date
         ORDER BY l.receipt_number`,
  );
}

/** Every signed selection of the portal's open projects, with its plans, ledger sums, unit and project, for the payment reminders. */
export async function moneyToRemind(db: Db) {
  return hotSqlRows<{
    cart_id: string;
    unit_id: string;
    unit_name: string;
    owner: string | null;
    project_id: string;
    project_key: string;
    project_name: string;
    project_options: Record<string, unknown>;
    plans: PlanRow[];
    paid: number;
  }>(
    db,
    sql`SELECT p.cart_id::text AS cart_id, (array_agg(p.unit_id::text ORDER BY p.revision DESC))[1] AS unit_id,
               coalesce(max(u.data->>'name'), '') AS unit_name, max(c.data->>'owner') AS owner,
               pr.id::text AS project_id, pr.key AS project_key, pr.name AS project_name, pr.options AS project_options,
               jsonb_agg(jsonb_build_object('revision', p.revision, 'signed_at', to_char(p.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'currency', p.currency, 'terms', p.terms, 'deposit_percent', p.deposit_percent, 'net', p.net, 'taxes', p.taxes,
                 'gross', p.gross, 'special_order_gross', p.special_order_gross) ORDER BY p.revision) AS plans,
               coalesce((SELECT sum(CASE WHEN l.kind = 'refund' THEN -l.amount ELSE l.amount END) FROM ledger_entries l
                          WHERE l.cart_id = p.cart_id), 0)::float8 AS paid
          FROM payment_plans p
          JOIN projects pr ON pr.id = p.project_id AND pr.archived_at IS NULL
          JOIN ${rowsOf('carts')} c ON c.project_id = p.project_id AND c.id = p.cart_id
          LEFT JOIN ${rowsOf('units')} u ON u.project_id = p.project_id AND u.id = p.unit_id
         GROUP BY p.cart_id, pr.id ORDER BY p.cart_id LIMIT 20000`,
  );
}

/** What was received (payments less refunds) per unit and week (the Monday, in days of the project's zone), between two days. */
export async function receivedByWeek(db: Db, projectId: string, from: string, to: string) {
  return sqlRows<{ unit_id: string; week: string; amount: number }>(
    db,
    sql`SELECT unit_id::text AS unit_id, to_char(date_trunc('week', paid_on), 'YYYY-MM-DD') AS week,
               sum(CASE kind WHEN 'payment' THEN amount ELSE -amount END)::float8 AS amount
          FROM ledger_entries
         WHERE project_id = ${projectId} AND kind IN ('payment', 'refund')
           AND paid_on >= ${from}::date AND paid_on <= ${to}::date
         GROUP BY 1, 2`,
  );
}

import {
  type CartMoney,
  fail,
  isoDayOf,
  type Language,
  ledgerTotals,
  type LedgerEntryInput,
  ledgerEntryInputSchema,
  paymentTermsSchema,
  projectOptionsSchema,
  scheduleOf,
  scheduleStanding,
  taxesOn,
  translated,
  TRANSLATABLE_PAYMENT_TEXT,
} from '@decor/core';
import { withTransaction, type Db } from '../../db/client.ts';
import type { CardProcessor } from './payments.card.ts';
import { refundOfPayment } from './payments.card-refund.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { recordEvent } from '../integrations/index.ts';
import { requireManager, type ProjectRow, type Scope } from '../projects/index.ts';
import { cartScope, readCart } from '../carts/index.ts';
import {
  entriesOfCart,
  type EntryRow,
  insertEntry,
  type NewEntry,
  lockLedger,
  nextReceiptNumber,
  plansOfCart,
  type PlanRow,
  projectMoney,
  savePlan,
  specialOrderOptions,
  unitNameOf,
  unitsOfProject,
} from './payments.repo.ts';

interface SignedCart {
  unit: string;
  revision?: number;
  signature: {
    signedAt: string;
    total: number;
    lines?: Array<{ option: string; quantity: number; price: number }>;
    adjustments?: Array<{ amount: number }>;
  } | null;
}

/**
 * What a signature makes a selection owe (docs/payments.md, "Signed under its terms"): its lines
 * and adjustments taxed by the project's terms of that moment, with the part that is
 * special-order, recorded in the signature's own transaction.
 */
export async function recordSignedPlan(
  db: Db,
  { project, cartId, cart }: { project: ProjectRow; cartId: string; cart: SignedCart },
): Promise<void> {
  const signature = cart.signature;
  if (!signature) return;
  const options = projectOptionsSchema.parse(project.options ?? {});
  const terms = paymentTermsSchema.parse(options.payments ?? {});
  const lines = signature.lines ?? [];
  const amounts = lines.length
    ? [...lines.map((line) => line.price * line.quantity), ...(signature.adjustments ?? []).map((a) => a.amount)]
    : [signature.total];
  const taxed = taxesOn(amounts, terms);
  const ids = [...new Set(lines.map((line) => line.option))];
  const special = await specialOrderOptions(db, project.id, ids);
  const specialAmounts = lines.filter((line) => special.has(line.option)).map((line) => line.price * line.quantity);
  await savePlan(db, {
    projectId: project.id,
    cartId,
    unitId: cart.unit,
    revision: cart.revision ?? 1,
    signedAt: signature.signedAt,
    currency: project.currency,
    terms,
    deposit_percent: options.depositPercent ?? 0,
    net: taxed.net,
    taxes: taxed.taxes,
    gross: taxed.gross,
    special_order_gross: specialAmounts.length ? taxesOn(specialAmounts, terms).gross : 0,
  });
}

/** The schedule of a cart's signed versions, under the terms its first version was signed with. */
export function scheduleOfPlans(plans: readonly PlanRow[]) {
  const first = plans[0];
  if (!first) return [];
  return scheduleOf(
    paymentTermsSchema.parse(first.terms),
    first.deposit_percent,
    plans.map((plan) => ({
      revision: plan.revision,
      signedAt: plan.signed_at,
      gross: plan.gross,
      specialOrderGross: plan.special_order_gross,
    })),
  );
}

const EVENT_OF_KIND = { payment: 'payment.received', refund: 'payment.refunded', credit: 'payment.credited' } as const;

/**
 * Writes a ledger entry and its event (docs/integrations.md) in the caller's transaction: the
 * event is the entry as the payments list answers the staff, ordered with its selection's own.
 */
export async function writeLedgerEntry(tx: Db, entry: NewEntry, at: Date): Promise<void> {
  await insertEntry(tx, entry);
  await recordEvent(tx, {
    projectId: entry.projectId,
    type: EVENT_OF_KIND[entry.kind],
    resource: `selection:${entry.cartId}`,
    object: {
      _id: entry.id,
      cart: entry.cartId,
      unit: entry.unitId,
      kind: entry.kind,
      method: entry.method,
      amount: entry.amount,
      currency: entry.currency,
      reference: entry.reference,
      paidOn: entry.paidOn,
      reason: entry.reason,
      receiptNumber: entry.receiptNumber,
      byName: entry.createdByName,
      at: at.toISOString(),
      refundOf: entry.refundOf ?? null,
    },
  });
}

const entryView = (row: EntryRow) => ({
  _id: row.id,
  kind: row.kind,
  method: row.method,
  amount: row.amount,
  currency: row.currency,
  reference: row.reference,
  paidOn: row.paid_on,
  reason: row.reason,
  receiptNumber: row.receipt_number,
  byName: row.created_by_name,
  at: row.created_at,
});

/** A selection's money as it stands `now`: what it owes and when, what was paid, and the balance. */
function moneyView(
  project: ProjectRow,
  unitName: string,
  plans: readonly PlanRow[],
  entries: readonly EntryRow[],
  now: Date,
  language: Language | undefined,
): Omit<CartMoney, 'card'> {
  const options = projectOptionsSchema.parse(project.options ?? {});
  const latest = plans.at(-1);
  const totals = ledgerTotals(latest?.gross ?? 0, entries);
  const today = isoDayOf(now, options.timeZone);
  const terms = paymentTermsSchema.parse(options.payments ?? {});
  return {
    currency: latest?.currency ?? project.currency,
    signed: latest ? { revision: latest.revision, net: latest.net, taxes: latest.taxes, gross: latest.gross } : null,
    schedule: scheduleStanding(scheduleOfPlans(plans), totals.paid + totals.credits, today, (instant) =>
      isoDayOf(instant, options.timeZone),
    ),
    entries: entries.map(entryView),
    totals: {
      payments: totals.payments,
      refunds: totals.refunds,
      credits: totals.credits,
      paid: totals.paid,
      balance: totals.balance,
    },
    offline: {
      // As the design centre wrote it in the reader's language, where it did.
      instructions: language
        ? translated(terms.offlineInstructions, options.translations, TRANSLATABLE_PAYMENT_TEXT, language)
        : terms.offlineInstructions,
      reference: `${project.key}-${unitName}`.toUpperCase(),
    },
  };
}

/** A selection's money for whoever may read the selection: its unit's buyers and the project's staff (else 404). */
export async function cartMoney(
  db: Db,
  scope: Promise<Scope>,
  cartId: string,
  { now = new Date(), card = false, language }: { now?: Date; card?: boolean; language?: Language | undefined } = {},
): Promise<CartMoney> {
  const { project, actor, plan } = await cartScope(db, scope);
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const [plans, entries, unitName] = await Promise.all([
    plansOfCart(db, { projectId: project.id, cartId }),
    entriesOfCart(db, { projectId: project.id, cartId }),
    unitNameOf(db, project.id, String(cart.unit)),
  ]);
  return { ...moneyView(project, unitName, plans, entries, now, language), card };
}

/**
 * Records a payment received offline, a refund or a credit note on a selection (staff only):
 * one at a time per selection, never refunding more than was paid, each with the project's
 * next receipt number in the same transaction.
 */
export async function recordEntry(
  db: Db,
  {
    scope,
    cartId,
    input,
    now = new Date(),
    processor = null,
  }: {
    scope: Promise<Scope>;
    cartId: string;
    input: LedgerEntryInput;
    now?: Date;
    processor?: CardProcessor | null;
  },
): Promise<{ money: CartMoney; entryId: string; project: ProjectRow }> {
  const { project, actor } = requireManager(await scope, 'payments.staff-only');
  const entry = ledgerEntryInputSchema.parse(input);
  const options = projectOptionsSchema.parse(project.options ?? {});
  const today = isoDayOf(now, options.timeZone);
  if (entry.kind !== 'credit' && !entry.method)
    throw fail('bad_request', 'payments.method-needed', undefined, { field: 'method' });
  if (entry.kind !== 'payment' && !entry.reason)
    throw fail('bad_request', 'payments.reason-needed', undefined, { field: 'reason' });
  const paidOn = entry.paidOn ?? today;
  if (paidOn > today) throw fail('bad_request', 'payments.future-day', { today }, { field: 'paidOn' });
  const cart = await readCart(db, { projectId: project.id, cartId });
  const entryId = uuidv7();
  await withTransaction(db, async (tx) => {
    await lockLedger(tx, cartId);
    const [plans, entries] = await Promise.all([
      plansOfCart(tx, { projectId: project.id, cartId }),
      entriesOfCart(tx, { projectId: project.id, cartId }),
    ]);
    const latest = plans.at(-1);
    if (!latest) throw fail('conflict', 'payments.not-signed');
    const totals = ledgerTotals(latest.gross, entries);
    if (entry.kind === 'refund' && entry.amount > totals.refundable)
      throw fail('rule_broken', 'payments.refund-over', undefined, { field: 'amount', paid: totals.refundable });
    if (entry.kind === 'refund' && entry.method === 'card' && !entry.refundOf)
      throw fail('bad_request', 'payments.refund-which', undefined, { field: 'refundOf' });
    if (entry.refundOf && entry.kind !== 'refund')
      throw fail('bad_request', 'payments.refund-of-unknown', undefined, { field: 'refundOf' });
    const card = entry.refundOf
      ? await refundOfPayment({
          processor,
          entries,
          refundOf: entry.refundOf,
          amount: entry.amount,
          reason: entry.reason,
          entryId,
        })
      : { externalId: null, reference: null };
    await writeLedgerEntry(
      tx,
      {
        id: entryId,
        projectId: project.id,
        cartId,
        unitId: String(cart.unit),
        kind: entry.kind,
        // A refund given back through the card processor is a card refund, whatever was said.
        method: entry.kind === 'credit' ? null : card.externalId ? 'card' : (entry.method ?? null),
        amount: entry.amount,
        currency: latest.currency,
        reference: card.reference ?? entry.reference,
        paidOn,
        reason: entry.reason,
        receiptNumber: await nextReceiptNumber(tx, project.id),
        createdBy: actor.userId,
        createdByName: actor.name || actor.email,
        externalId: card.externalId,
        refundOf: entry.refundOf ?? null,
      },
      now,
    );
  });
  return { money: await cartMoney(db, scope, cartId, { now, card: processor !== null }), entryId, project };
}

/**
 * A signed selection's money as its ledger stands: its latest signed version, what was paid and
 * credited, and each scheduled amount with what covers it and its state on `today` (a day in the
 * project's zone).
 */
export function standingOfRow(row: ProjectMoneyRow, today: string, timeZone: string) {
  const latest = row.plans.at(-1)!;
  const totals = ledgerTotals(latest.gross, [
    { kind: 'payment', amount: row.payments },
    { kind: 'refund', amount: row.refunds },
    { kind: 'credit', amount: row.credits },
  ]);
  const standing = scheduleStanding(scheduleOfPlans(row.plans), totals.paid + totals.credits, today, (instant) =>
    isoDayOf(instant, timeZone),
  );
  return { latest, totals, standing };
}
type ProjectMoneyRow = Awaited<ReturnType<typeof projectMoney>>[number];

/** Every signed selection of the project with what it owes, what was paid, and its next amount due (staff only). */
export async function paymentsList(db: Db, scope: Promise<Scope>, now = new Date()) {
  const { project } = requireManager(await scope, 'payments.staff-only');
  const options = projectOptionsSchema.parse(project.options ?? {});
  const today = isoDayOf(now, options.timeZone);
  const rows = await projectMoney(db, project.id);
  const units = new Map((await unitsOfProject(db, project.id)).map((unit) => [unit.id, unit]));
  return rows.map((row) => {
    const { latest, totals, standing } = standingOfRow(row, today, options.timeZone);
    const open = standing.filter((item) => item.state !== 'paid');
    const overdue = open.filter((item) => item.state === 'overdue').reduce((sum, i) => sum + i.amount - i.covered, 0);
    const next = open[0];
    const unit = units.get(row.unit_id);
    return {
      cart: row.cart_id,
      unit: {
        _id: row.unit_id,
        name: unit?.name ?? '',
        floor: unit?.floor ?? null,
        plan: unit?.plan ?? null,
        planName: unit?.plan_name ?? null,
      },
      currency: latest.currency,
      gross: latest.gross,
      paid: totals.paid,
      credits: totals.credits,
      balance: totals.balance,
      overdue,
      state:
        overdue > 0
          ? ('overdue' as const)
          : next
            ? next.state === 'due'
              ? ('due' as const)
              : ('open' as const)
            : ('paid' as const),
      next: next
        ? {
            amount: next.amount - next.covered,
            dueDay: next.dueDay,
            kind: next.kind,
            ...(next.label ? { label: next.label } : {}),
            ...('stage' in next.due ? { stage: next.due.stage } : {}),
          }
        : null,
    };
  });
}

/**
 * Whether what a selection owes at signing (its deposit, a change order's deposit) is paid or
 * credited: a project that asks for the deposit first approves only then (docs/payments.md).
 */
export async function refuseApprovalBeforeDeposit(
  db: Db,
  { project, cartId }: { project: ProjectRow; cartId: string },
) {
  const options = projectOptionsSchema.parse(project.options ?? {});
  if (!paymentTermsSchema.parse(options.payments ?? {}).depositBeforeApproval) return;
  const [plans, entries] = await Promise.all([
    plansOfCart(db, { projectId: project.id, cartId }),
    entriesOfCart(db, { projectId: project.id, cartId }),
  ]);
  const totals = ledgerTotals(plans.at(-1)?.gross ?? 0, entries);
  const awaited = awaitedAtSigning(plans, totals.paid + totals.credits);
  if (awaited > 0) throw fail('rule_broken', 'payments.deposit-first', undefined, { awaited });
}

/** What is not yet paid or credited of the amounts due when a selection was signed (its deposit, a change order's). */
function awaitedAtSigning(plans: readonly PlanRow[], covered: number): number {
  return scheduleStanding(scheduleOfPlans(plans), covered, '9999-12-31', (instant) => instant)
    .filter((item) => 'signedAt' in item.due)
    .reduce((sum, item) => sum + item.amount - item.covered, 0);
}

/** What one signed selection stands at: its total with tax, paid, credited, left to pay, and what is awaited of what was due at signing. */
export interface CartMoneyFigures {
  gross: number;
  paid: number;
  credits: number;
  balance: number;
  /** Of the amounts due when it was signed (its deposit, a change order's), what is not yet paid or credited. */
  awaitedAtSigning: number;
}

/**
 * The money of a project's signed selections by cart (for the review queue and purchasing): one
 * pass over the project's plans and ledger sums, as the payments list reads them.
 */
export async function moneyOfCarts(db: Db, project: ProjectRow): Promise<Map<string, CartMoneyFigures>> {
  const figures = new Map<string, CartMoneyFigures>();
  for (const row of await projectMoney(db, project.id)) {
    const latest = row.plans.at(-1)!;
    const totals = ledgerTotals(latest.gross, [
      { kind: 'payment', amount: row.payments },
      { kind: 'refund', amount: row.refunds },
      { kind: 'credit', amount: row.credits },
    ]);
    const atSigning = awaitedAtSigning(row.plans, totals.paid + totals.credits);
    figures.set(row.cart_id, {
      gross: latest.gross,
      paid: totals.paid,
      credits: totals.credits,
      balance: totals.balance,
      awaitedAtSigning: atSigning,
    });
  }
  return figures;
}

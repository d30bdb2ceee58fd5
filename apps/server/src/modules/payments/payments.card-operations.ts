import {
  amountUpTo,
  cardTakes,
  type CardCheckout,
  fail,
  isoDayOf,
  type Language,
  ledgerTotals,
  projectOptionsSchema,
  scheduleStanding,
} from '@decor/core';
import { withTransaction, type Db } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { findProjectById, type ProjectRow, type Scope } from '../projects/index.ts';
import { cartScope, readCart } from '../carts/index.ts';
import {
  type CardEvent,
  type CardProcessor,
  type CardRefund,
  type CardSession,
  idOf,
  type SessionRequest,
} from './payments.card.ts';
import {
  checkoutById,
  checkoutByPaymentIntent,
  type CheckoutRow,
  claimProcessorEvent,
  endCheckout,
  entriesOfCart,
  entryByExternalId,
  lockLedger,
  nextReceiptNumber,
  openCheckoutsOf,
  plansOfCart,
  saveCheckout,
  unitNameOf,
} from './payments.repo.ts';
import { scheduleOfPlans, writeLedgerEntry } from './payments.operations.ts';

/** How long a hosted payment page stays open: Stripe's shortest, so a stale amount is not paid later. */
const CHECKOUT_OPEN_SECONDS = 30 * 60;
/** A checkout about to close is not handed out again. */
const CHECKOUT_REUSE_MARGIN_MS = 2 * 60 * 1000;
/** Who recorded a card payment or refund on the ledger. */
const PROCESSOR_NAME = 'Stripe';

/** What a settled card payment or refund leaves for the caller: the entry to mail, when one was recorded now. */
export interface Settled {
  project: ProjectRow;
  cartId: string;
  entryId: string;
  receiptNumber: number;
  recorded: boolean;
}

const checkoutView = (row: CheckoutRow, receiptNumber: number | null = null): CardCheckout => ({
  id: row.id,
  url: row.url,
  amount: row.amount,
  currency: row.currency,
  state: row.state,
  entryId: row.entry_id,
  receiptNumber,
});

/**
 * A buyer of the unit begins paying by card, up to a scheduled amount (docs/payments.md, "Paying
 * by card"): the server works out the amount from the signed plan and the ledger, never from the
 * browser. Under the selection's ledger lock, an open checkout for the same amount is handed out
 * again (a second click, a second tab), and one for another amount is expired first, so at most
 * one can be paid.
 */
export async function beginCardCheckout(
  db: Db,
  {
    processor,
    scope,
    cartId,
    upTo,
    idempotencyKey,
    origin,
    language,
    now = new Date(),
  }: {
    processor: CardProcessor | null;
    scope: Promise<Scope>;
    cartId: string;
    upTo: string;
    idempotencyKey: string | undefined;
    /** A project's address, for the pages the buyer returns to. */
    origin: (projectKey: string) => string;
    language: Language;
    now?: Date;
  },
): Promise<{ checkout: CardCheckout; created: boolean }> {
  const { project, actor, plan, isManager } = await cartScope(db, scope);
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  if (isManager) throw fail('forbidden', 'payments.buyers-pay');
  if (!processor) throw fail('conflict', 'payments.card-off');
  const options = projectOptionsSchema.parse(project.options ?? {});
  return withTransaction(db, async (tx) => {
    await lockLedger(tx, cartId);
    const [plans, entries, unitName] = await Promise.all([
      plansOfCart(tx, { projectId: project.id, cartId }),
      entriesOfCart(tx, { projectId: project.id, cartId }),
      unitNameOf(tx, project.id, String(cart.unit)),
    ]);
    const latest = plans.at(-1);
    if (!latest) throw fail('conflict', 'payments.not-signed');
    const totals = ledgerTotals(latest.gross, entries);
    const standing = scheduleStanding(
      scheduleOfPlans(plans),
      totals.paid + totals.credits,
      isoDayOf(now, options.timeZone),
      (instant) => isoDayOf(instant, options.timeZone),
    );
    const amount = amountUpTo(standing, upTo);
    if (amount === null) throw fail('bad_request', 'payments.no-such-amount', undefined, { field: 'upTo' });
    if (amount <= 0) throw fail('conflict', 'payments.nothing-due');
    if (!cardTakes(amount, latest.currency))
      throw fail('rule_broken', 'payments.card-cannot-take', { currency: latest.currency });
    const open = await openCheckoutsOf(tx, cartId);
    const same = open.find(
      (row) =>
        row.amount === amount &&
        row.up_to === upTo &&
        Date.parse(row.expires_at) - now.getTime() > CHECKOUT_REUSE_MARGIN_MS,
    );
    if (same) return { checkout: checkoutView(same), created: false };
    // Another amount (or one about to close) cannot be paid any more once this one begins.
    for (const row of open) await closeCheckout(tx, processor, row, now);
    const session = await openSession(
      tx,
      processor,
      {
        amount,
        currency: latest.currency,
        name: `${project.name} · ${unitName}`,
        email: actor.email,
        locale: language === 'fr-CA' ? 'fr-CA' : 'en',
        successUrl: `${origin(project.key)}/config/${cartId}?paid={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin(project.key)}/config/${cartId}`,
        metadata: { project: project.id, cart: cartId, upTo },
        expiresAt: Math.floor(now.getTime() / 1000) + CHECKOUT_OPEN_SECONDS,
      },
      // Scoped to the selection: one buyer's key never meets another's.
      `checkout:${cartId}:${upTo}:${amount}:${idempotencyKey ?? uuidv7()}`,
    );
    if (!session.url || session.amount_total !== amount) throw fail('unavailable', 'payments.card-unavailable');
    const row: CheckoutRow = {
      id: session.id,
      project_id: project.id,
      cart_id: cartId,
      unit_id: String(cart.unit),
      up_to: upTo,
      amount,
      currency: latest.currency,
      url: session.url,
      state: 'open',
      payment_intent: null,
      entry_id: null,
      created_by: actor.userId,
      expires_at: new Date(session.expires_at * 1000).toISOString(),
    };
    await saveCheckout(tx, row);
    return { checkout: checkoutView(row), created: true };
  });
}

/**
 * Closes a selection's open checkout at the processor before another begins: one already closed
 * there (it timed out, its notice not yet here) is only marked so; one being paid is refused
 * until its payment is recorded.
 */
async function closeCheckout(tx: Db, processor: CardProcessor, row: CheckoutRow, now: Date): Promise<void> {
  const closed =
    Date.parse(row.expires_at) <= now.getTime() ||
    (await processor.expireSession(row.id).then(
      () => true,
      async () => (await processor.retrieveSession(row.id)).status === 'expired',
    ));
  if (!closed) throw fail('conflict', 'payments.card-under-way');
  await endCheckout(tx, row.id, { state: 'expired' });
}

/**
 * A new hosted page for the amount. A key the processor has seen answers its first session again
 * (as it was then): one the portal has closed since (the same click, half an hour later) is not
 * handed out; a new one is made under a new key.
 */
async function openSession(
  tx: Db,
  processor: CardProcessor,
  request: SessionRequest,
  key: string,
): Promise<CardSession> {
  const session = await processor.createSession(request, key);
  const known = await checkoutById(tx, session.id);
  return !known || known.state === 'open' ? session : processor.createSession(request, `${key}:${uuidv7()}`);
}

/**
 * A card payment or refund the processor made, on the ledger of the checkout's selection, with
 * the project's next receipt number, by "Stripe" for the buyer who began it (caller's transaction).
 */
async function recordFromProcessor(
  tx: Db,
  project: ProjectRow,
  checkout: CheckoutRow,
  now: Date,
  entry: { kind: 'payment' | 'refund'; amount: number; externalId: string; reason: string; refundOf?: string },
): Promise<{ entryId: string; receiptNumber: number }> {
  const entryId = uuidv7();
  const receiptNumber = await nextReceiptNumber(tx, project.id);
  await writeLedgerEntry(
    tx,
    {
      id: entryId,
      projectId: project.id,
      cartId: checkout.cart_id,
      unitId: checkout.unit_id,
      kind: entry.kind,
      method: 'card',
      amount: entry.amount,
      currency: checkout.currency,
      reference: entry.externalId,
      paidOn: isoDayOf(now, projectOptionsSchema.parse(project.options ?? {}).timeZone),
      reason: entry.reason,
      receiptNumber,
      createdBy: checkout.created_by,
      createdByName: PROCESSOR_NAME,
      externalId: entry.externalId,
      refundOf: entry.refundOf ?? null,
    },
    now,
  );
  return { entryId, receiptNumber };
}

/**
 * Records a paid checkout on its selection's ledger, once, whoever tells first (the buyer's return
 * or the processor's webhook), in the caller's transaction. The amount is the processor's, the
 * currency must be the one asked for; a session the portal did not begin is not recorded.
 */
async function settleSession(
  tx: Db,
  { session, now, log }: { session: CardSession; now: Date; log: (message: string) => void },
): Promise<Settled | null> {
  const row = await checkoutById(tx, session.id);
  if (!row) return (log(`a checkout the portal did not begin: ${session.id}`), null);
  if (session.status === 'expired' && session.payment_status !== 'paid') {
    await endCheckout(tx, row.id, { state: 'expired' });
    return null;
  }
  if (session.payment_status !== 'paid') return null;
  if (session.currency?.toUpperCase() !== row.currency || !session.amount_total)
    return (log(`a checkout paid in another currency or amount: ${session.id}`), null);
  const project = await findProjectById(tx, row.project_id);
  if (!project) return null;
  await lockLedger(tx, row.cart_id);
  const externalId = idOf(session.payment_intent) ?? session.id;
  const known = await entryByExternalId(tx, project.id, externalId);
  if (known) {
    await endCheckout(tx, row.id, { state: 'paid', paymentIntent: externalId, entryId: known.id });
    return { project, cartId: row.cart_id, entryId: known.id, receiptNumber: known.receipt_number, recorded: false };
  }
  const { entryId, receiptNumber } = await recordFromProcessor(tx, project, row, now, {
    kind: 'payment',
    amount: session.amount_total,
    externalId,
    reason: '',
  });
  await endCheckout(tx, row.id, { state: 'paid', paymentIntent: externalId, entryId });
  return { project, cartId: row.cart_id, entryId, receiptNumber, recorded: true };
}

/**
 * How a buyer's card payment stands when they come back from the hosted page: still open, the
 * processor is asked, and a paid one is recorded now (the webhook that follows changes nothing).
 */
export async function cardCheckoutState(
  db: Db,
  {
    processor,
    scope,
    cartId,
    checkoutId,
    log,
    now = new Date(),
  }: {
    processor: CardProcessor | null;
    scope: Promise<Scope>;
    cartId: string;
    checkoutId: string;
    log: (message: string) => void;
    now?: Date;
  },
): Promise<{ checkout: CardCheckout; settled: Settled | null }> {
  const { project, actor, plan } = await cartScope(db, scope);
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const row = await checkoutById(db, checkoutId);
  if (!row || row.project_id !== project.id || row.cart_id !== cartId) throw fail('not_found', 'payments.no-checkout');
  let settled: Settled | null = null;
  if (row.state === 'open' && processor) {
    const session = await processor.retrieveSession(row.id);
    settled = await withTransaction(db, (tx) => settleSession(tx, { session, now, log }));
  }
  const latest = (await checkoutById(db, checkoutId))!;
  const receipt = latest.entry_id
    ? (await entriesOfCart(db, { projectId: project.id, cartId })).find((entry) => entry.id === latest.entry_id)
    : undefined;
  return { checkout: checkoutView(latest, receipt?.receipt_number ?? null), settled };
}

/**
 * A card refund the processor reports (made from the portal, or in Stripe's own dashboard):
 * recorded once against the card payment it gives back. One for a payment not yet recorded is
 * refused without being claimed, so the processor delivers it again later.
 */
async function settleRefund(tx: Db, { refund, now }: { refund: CardRefund; now: Date }): Promise<Settled | null> {
  if (refund.status !== 'succeeded' && refund.status !== 'pending') return null;
  const paymentIntent = idOf(refund.payment_intent);
  const checkout = paymentIntent ? await checkoutByPaymentIntent(tx, paymentIntent) : undefined;
  if (!checkout) throw fail('conflict', 'payments.webhook-early');
  const project = (await findProjectById(tx, checkout.project_id))!;
  await lockLedger(tx, checkout.cart_id);
  const known = await entryByExternalId(tx, project.id, refund.id);
  if (known)
    return {
      project,
      cartId: checkout.cart_id,
      entryId: known.id,
      receiptNumber: known.receipt_number,
      recorded: false,
    };
  const payment = await entryByExternalId(tx, project.id, paymentIntent!);
  if (!payment) throw fail('conflict', 'payments.webhook-early');
  const { entryId, receiptNumber } = await recordFromProcessor(tx, project, checkout, now, {
    kind: 'refund',
    amount: refund.amount,
    externalId: refund.id,
    reason: refund.metadata?.reason || PROCESSOR_NAME,
    refundOf: payment.id,
  });
  return { project, cartId: checkout.cart_id, entryId, receiptNumber, recorded: true };
}

/** The events the portal applies; any other is acknowledged and logged. */
const APPLIED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
]);

/**
 * A webhook from the card processor (docs/payments.md, "Webhooks"): its signature and age checked,
 * then claimed by its id and applied in one transaction, so a duplicate, a replay or twenty
 * deliveries at once are applied once; a forged one changes nothing.
 */
export async function applyCardWebhook(
  db: Db,
  {
    processor,
    payload,
    signature,
    log,
    now = new Date(),
  }: {
    processor: CardProcessor | null;
    payload: Buffer;
    signature: string | undefined;
    log: (message: string) => void;
    now?: Date;
  },
): Promise<{ applied: boolean; settled: Settled | null }> {
  if (!processor) throw fail('not_found', 'payments.card-off');
  if (!signature) throw fail('bad_request', 'payments.webhook-unsigned');
  const event: CardEvent = await processor.verify(payload, signature);
  if (!APPLIED_EVENTS.has(event.type)) {
    log(`a card event the portal does not apply: ${event.type} ${event.id}`);
    return { applied: false, settled: null };
  }
  return withTransaction(db, async (tx) => {
    if (!(await claimProcessorEvent(tx, event.id, event.type))) return { applied: false, settled: null };
    const object = event.data.object;
    const settled = event.type.startsWith('refund.')
      ? await settleRefund(tx, { refund: object as unknown as CardRefund, now })
      : await settleSession(tx, { session: object as unknown as CardSession, now, log });
    return { applied: true, settled };
  });
}

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { startStripeLocal, type StripeEvent } from '../../../scripts/lib/stripe-local.ts';
import type { Item } from './support/carts.ts';

/**
 * Paying by card (docs/payments.md, "Paying by card"): the portal's Stripe SDK against the
 * tests' Stripe-compatible server, its webhooks signed as Stripe signs them and delivered to the
 * real route.
 */
const stripe = await startStripeLocal();
afterAll(() => stripe.close());
const { app, mail, db } = await createTestApp({
  withMail: true,
  env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url },
});
const webhook = (payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/card-webhook',
    // As Stripe sends them.
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
// Webhooks are held until a test sends them: the order of deliveries is the test's to choose.
stripe.setWebhookTarget(null);
const send = async (event: StripeEvent, options?: { timestamp?: number; signature?: string }) => {
  const payload = JSON.stringify(event);
  return webhook(payload, options?.signature ?? stripe.sign(payload, options?.timestamp));
};

const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const olivia = await as('olivia.chen@demo.test');
const marcus = await as('marcus.reid@demo.test');
const priya = await as('priya.reid@demo.test');
const manager = await as('manager@demo.test');
const buyer = await as('buyer@demo.test');

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });
const post = (url: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...browserHeaders(cookie), ...headers }, payload });
const cartOf = async (cookie: string) => (await get('/api/schema/carts/', cookie)).json()[0] as Item;
type Money = {
  card: boolean;
  schedule: Array<{ id: string; amount: number; covered: number; state: string }>;
  entries: Array<{
    _id: string;
    kind: string;
    method: string;
    amount: number;
    receiptNumber: number;
    reference: string;
  }>;
  totals: { paid: number; refunds: number };
};
const money = async (cartId: string, cookie: string) =>
  (await get(`/api/carts/${cartId}/payments`, cookie)).json() as Money;
const pay = (cartId: string, upTo: string, cookie: string, key?: string) =>
  post(`/api/carts/${cartId}/payments/card`, { upTo }, cookie, key ? { 'idempotency-key': key } : {});

const oliviaCart = await cartOf(olivia);
const reidCart = await cartOf(marcus);

describe(`paying by card (${testDbKind})`, () => {
  let depositCheckout = '';

  it('asks the processor for what the signed plan says is due, never an amount from the browser; a second click opens the same page', async () => {
    const before = await money(oliviaCart._id, olivia);
    expect(before.card).toBe(true);
    const deposit = before.schedule.find((item) => item.id === 'deposit')!;
    expect(deposit.amount - deposit.covered).toBeGreaterThan(0);

    const withAmount = await post(`/api/carts/${oliviaCart._id}/payments/card`, { upTo: 'deposit', amount: 1 }, olivia);
    expect(withAmount.statusCode).toBe(400);

    const first = await pay(oliviaCart._id, 'deposit', olivia, 'click-one-0001');
    expect(first.statusCode, first.body).toBe(201);
    const checkout = first.json();
    expect(checkout).toMatchObject({ amount: deposit.amount - deposit.covered, currency: 'CAD', state: 'open' });
    const session = stripe.sessions.get(checkout.id)!;
    expect(session.amount_total).toBe(deposit.amount - deposit.covered);
    expect(session.currency).toBe('cad');
    expect(String(session.success_url)).toContain(`/config/${oliviaCart._id}?paid={CHECKOUT_SESSION_ID}`);
    expect(session.customer_email).toBe('olivia.chen@demo.test');

    const sessionsBefore = stripe.sessions.size;
    const [again, other] = await Promise.all([
      pay(oliviaCart._id, 'deposit', olivia, 'click-one-0001'),
      pay(oliviaCart._id, 'deposit', olivia, 'click-two-0002'),
    ]);
    expect([again.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(again.json().id).toBe(checkout.id);
    expect(other.json().id).toBe(checkout.id);
    expect(stripe.sessions.size).toBe(sessionsBefore);
    depositCheckout = checkout.id;
  });

  it('is for the unit’s buyers only: staff, another unit’s buyer and a visitor are refused, an unknown amount too', async () => {
    expect((await pay(oliviaCart._id, 'deposit', manager)).statusCode).toBe(403);
    expect((await pay(oliviaCart._id, 'deposit', buyer)).statusCode).toBe(404);
    expect((await pay(oliviaCart._id, 'deposit', '')).statusCode).toBe(401);
    const unknown = await pay(oliviaCart._id, 'instalment-9', olivia);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.field).toBe('upTo');
    expect((await get(`/api/carts/${oliviaCart._id}/payments/card/${depositCheckout}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/carts/${reidCart._id}/payments/card/${depositCheckout}`, marcus)).statusCode).toBe(404);
  });

  it('refuses a forged, an old or an unsigned webhook and changes nothing', async () => {
    const forged = stripe.pay(depositCheckout);
    const payload = JSON.stringify(forged);
    const wrongSecret = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await webhook(payload, wrongSecret)).statusCode).toBe(400);
    const old = await send(forged, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('bad_request');
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/card-webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = JSON.stringify({ ...forged, data: { object: { ...forged.data.object, amount_total: 1 } } });
    expect((await webhook(tampered, stripe.sign(payload))).statusCode).toBe(400);
    const after = await money(oliviaCart._id, olivia);
    expect(after.entries.filter((entry) => entry.method === 'card')).toEqual([]);
  });

  it('records a paid checkout once under twenty concurrent deliveries of its webhook, and the buyer’s return finds it paid', async () => {
    const completed = stripe.events.find(
      (event) => event.type === 'checkout.session.completed' && event.data.object.id === depositCheckout,
    )!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(completed)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json().applied)).toHaveLength(1);
    const after = await money(oliviaCart._id, olivia);
    const cards = after.entries.filter((entry) => entry.method === 'card');
    expect(cards).toHaveLength(1);
    const session = stripe.sessions.get(depositCheckout)!;
    expect(cards[0]).toMatchObject({
      kind: 'payment',
      amount: session.amount_total,
      reference: session.payment_intent,
    });
    expect(after.schedule.find((item) => item.id === 'deposit')!.state).toBe('paid');

    const back = await get(`/api/carts/${oliviaCart._id}/payments/card/${depositCheckout}`, olivia);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      state: 'paid',
      entryId: cards[0]!._id,
      receiptNumber: cards[0]!.receiptNumber,
    });
    // Its receipt reaches the buyer, the PDF attached.
    const receipt = await mail!.waitFor('olivia.chen@demo.test', new RegExp(`receipt ${cards[0]!.receiptNumber}`));
    expect(receipt.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    // Paid: nothing more is due up to the deposit.
    expect((await pay(oliviaCart._id, 'deposit', olivia)).statusCode).toBe(409);
  });

  it('records a payment when the buyer comes back before the webhook, and the late webhook adds nothing', async () => {
    const begun = await pay(reidCart._id, 'instalment-1', marcus);
    expect(begun.statusCode, begun.body).toBe(201);
    // A co-buyer asking for the same amount is sent to the same page.
    const cobuyer = await pay(reidCart._id, 'instalment-1', priya);
    expect(cobuyer.json().id).toBe(begun.json().id);
    const completed = stripe.pay(begun.json().id);
    const back = await get(`/api/carts/${reidCart._id}/payments/card/${begun.json().id}`, priya);
    expect(back.json().state).toBe('paid');
    const late = await send(completed);
    expect(late.statusCode).toBe(200);
    const after = await money(reidCart._id, marcus);
    expect(after.entries.filter((entry) => entry.method === 'card')).toHaveLength(1);
  });

  it('expires the open page of another amount before opening a new one, so only one can be paid', async () => {
    const balance = await pay(reidCart._id, 'balance', marcus);
    expect(balance.statusCode, balance.body).toBe(201);
    const first = balance.json().id;
    const schedule = (await money(reidCart._id, marcus)).schedule;
    expect(balance.json().amount).toBe(schedule.reduce((sum, item) => sum + item.amount - item.covered, 0));
    // The price of the instalment alone is another amount: the balance's page closes.
    const changed = await post(
      `/api/manage/carts/${reidCart._id}/ledger`,
      { kind: 'payment', method: 'cheque', amount: 100 },
      manager,
    );
    expect(changed.statusCode).toBe(201);
    const again = await pay(reidCart._id, 'balance', marcus);
    expect(again.json().id).not.toBe(first);
    expect(stripe.sessions.get(first)!.status).toBe('expired');
    expect(() => stripe.pay(first)).toThrow();
  });

  it('opens a new page when the last one closed at the processor without a word, and when a known key’s page has closed', async () => {
    const begun = await pay(reidCart._id, 'balance', marcus, 'reused-key-0001');
    expect(begun.statusCode, begun.body).toBeLessThan(300);
    const first = begun.json().id as string;
    // Stripe closes it (its notice is not sent): the portal still thinks it open.
    const expired = await fetch(`${stripe.url}/v1/checkout/sessions/${first}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}` },
    });
    expect(expired.status).toBe(200);
    const paid = await post(
      `/api/manage/carts/${reidCart._id}/ledger`,
      { kind: 'payment', method: 'cheque', amount: 100 },
      manager,
    );
    expect(paid.statusCode).toBe(201);
    // Another amount: the closed page is marked so, and a new open one is made.
    const next = await pay(reidCart._id, 'balance', marcus, 'reused-key-0001');
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().id).not.toBe(first);
    expect(stripe.sessions.get(next.json().id)!.status).toBe('open');

    // Half an hour on, the same click again: its page has timed out at Stripe, whose key replays it; a new one opens.
    const second = next.json().id as string;
    await fetch(`${stripe.url}/v1/checkout/sessions/${second}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}` },
    });
    await db.execute(sql`UPDATE card_checkouts SET expires_at = now() - interval '1 minute' WHERE id = ${second}`);
    const later = await pay(reidCart._id, 'balance', marcus, 'reused-key-0001');
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().id).not.toBe(second);
    expect(stripe.sessions.get(later.json().id)!.status).toBe('open');
  });

  it('refunds a card payment through the processor, never more than it was, and the refund’s webhook adds nothing', async () => {
    const card = (await money(oliviaCart._id, olivia)).entries.find((entry) => entry.method === 'card')!;
    const refund = { kind: 'refund', method: 'card', amount: 1000, reason: 'Countertop credit', refundOf: card._id };
    const over = await post(
      `/api/manage/carts/${oliviaCart._id}/ledger`,
      { ...refund, amount: card.amount + 1 },
      manager,
    );
    expect(over.statusCode).toBe(422);
    expect((await post(`/api/manage/carts/${oliviaCart._id}/ledger`, refund, olivia)).statusCode).toBe(403);
    const unnamed = await post(
      `/api/manage/carts/${oliviaCart._id}/ledger`,
      { ...refund, refundOf: undefined },
      manager,
    );
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.details.field).toBe('refundOf');
    const refundsBefore = stripe.events.filter((event) => event.type === 'refund.created').length;
    const made = await post(`/api/manage/carts/${oliviaCart._id}/ledger`, refund, manager);
    expect(made.statusCode, made.body).toBe(201);
    const created = stripe.events.filter((event) => event.type === 'refund.created');
    expect(created).toHaveLength(refundsBefore + 1);
    expect(created.at(-1)!.data.object).toMatchObject({ amount: 1000, payment_intent: card.reference });
    expect((await send(created.at(-1)!)).statusCode).toBe(200);
    const after = await money(oliviaCart._id, olivia);
    const refunds = after.entries.filter((entry) => entry.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1000, reference: created.at(-1)!.data.object.id });
  });

  it('records a refund made in the processor’s own dashboard; one that arrives before its payment waits to be sent again', async () => {
    const card = (await money(oliviaCart._id, olivia)).entries.find((entry) => entry.method === 'card')!;
    const event = stripe.refundFromDashboard(card.reference, 500);
    expect((await send(event)).statusCode).toBe(200);
    expect((await send(event)).json().applied).toBe(false);
    const refunds = (await money(oliviaCart._id, olivia)).entries.filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => entry.amount)).toEqual([1000, 500]);

    // Out of order: the refund of a payment whose completion has not been told yet.
    const begun = await pay(reidCart._id, 'balance', priya);
    const completed = stripe.pay(begun.json().id);
    const early = stripe.refundFromDashboard(String(stripe.sessions.get(begun.json().id)!.payment_intent), 200);
    const refused = await send(early);
    expect(refused.statusCode).toBe(409);
    expect((await send(completed)).json().applied).toBe(true);
    expect((await send(early)).json().applied).toBe(true);
    const reid = await money(reidCart._id, marcus);
    expect(reid.entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount)).toEqual([200]);
  });

  it('acknowledges an event it does not apply, and records nothing paid in another currency', async () => {
    const other = { ...stripe.events[0]!, id: 'evt_test_unknown1', type: 'customer.created' };
    const unknown = await send(other);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().applied).toBe(false);

    const begun = await pay(oliviaCart._id, 'balance', olivia);
    const completed = stripe.pay(begun.json().id);
    const inDollars = {
      ...completed,
      id: 'evt_test_dollars1',
      data: { object: { ...completed.data.object, currency: 'usd' } },
    };
    const before = (await money(oliviaCart._id, olivia)).entries.length;
    expect((await send(inDollars)).statusCode).toBe(200);
    expect((await money(oliviaCart._id, olivia)).entries).toHaveLength(before);
  });
});

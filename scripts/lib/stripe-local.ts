/**
 * A Stripe-compatible server for the tests (docs/testing.md, "What is real"): Stripe cannot be
 * reached from here, so the portal's official Stripe SDK talks to this one instead, on loopback.
 * It answers the few calls the portal makes (Checkout Sessions: create, retrieve, expire;
 * Refunds: create; Payment Intents and Events: retrieve) as Stripe's API documents them
 * (form-encoded bodies, bearer key, Idempotency-Key replays), shows a hosted payment page, and
 * signs the webhooks it sends exactly as Stripe does (`Stripe-Signature: t=…,v1=HMAC-SHA256`).
 * Written for the tests; it keeps everything in memory.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: Json };
}

/** Where the webhooks go: an address (POSTed there), or a function (a test's in-process server). */
export type WebhookTarget = string | ((payload: string, signature: string) => Promise<number>);

export interface StripeLocal {
  /** STRIPE_API_URL for the portal. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every event made, oldest first. */
  events: StripeEvent[];
  sessions: Map<string, Json>;
  /** Where webhooks go from now on (null: kept, not sent). */
  setWebhookTarget(target: WebhookTarget | null): void;
  /** Pays a session as the hosted page's button does; answers the completed event. */
  pay(sessionId: string): StripeEvent;
  /** A refund made in Stripe's own dashboard, not through the portal. */
  refundFromDashboard(paymentIntent: string, amount: number): StripeEvent;
  /** The Stripe-Signature header Stripe would send for this payload at this time (seconds). */
  sign(payload: string, timestamp?: number): string;
  /** Sends an event's webhook (again); answers the portal's status. */
  deliver(event: StripeEvent, options?: { timestamp?: number; signature?: string }): Promise<number>;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding back into objects: `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

const stripeError = (status: number, message: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { type, message } },
});

/** What the server holds and does; the HTTP side is below. */
class StripeState {
  readonly sessions = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly events: StripeEvent[] = [];
  readonly replays = new Map<string, { status: number; body: unknown }>();
  target: WebhookTarget | null = null;
  base = '';

  constructor(readonly webhookSecret: string) {}

  sign(payload: string, timestamp = now()): string {
    const digest = crypto.createHmac('sha256', this.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${digest}`;
  }

  async deliver(event: StripeEvent, options: { timestamp?: number; signature?: string } = {}): Promise<number> {
    const target = this.target;
    if (!target) return 0;
    const payload = JSON.stringify(event, null, 2);
    const signature = options.signature ?? this.sign(payload, options.timestamp);
    if (typeof target === 'function') return target(payload, signature);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Makes an event and sends it after the answer that caused it, retrying as Stripe does (here: quickly, a few times). */
  emit(type: string, object: Json): StripeEvent {
    const event: StripeEvent = {
      id: randomId('evt'),
      object: 'event',
      type,
      created: now(),
      api_version: '2025-01-01',
      livemode: false,
      pending_webhooks: 1,
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    setImmediate(async () => {
      for (let attempt = 0; attempt < 5 && this.target; attempt++) {
        const status = await this.deliver(event).catch(() => 0);
        if (status >= 200 && status < 300) return;
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      }
    });
    return event;
  }

  createSession(params: Json) {
    const item = ((params.line_items as Json[] | undefined) ?? [])[0] ?? {};
    const price = (item.price_data ?? {}) as Json;
    const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'Invalid integer: unit_amount');
    if (!params.success_url) return stripeError(400, 'Missing required param: success_url.');
    const id = randomId('cs');
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: params.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: String(price.currency ?? 'usd'),
      customer_email: params.customer_email ?? null,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 3600,
      url: `${this.base}/pay/${id}`,
      product_name: ((price.product_data ?? {}) as Json).name ?? '',
      payment_intent_data: params.payment_intent_data ?? {},
    };
    this.sessions.set(id, session);
    return { status: 200, body: session };
  }

  pay(sessionId: string): StripeEvent {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    const intent: Json = {
      id: randomId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      metadata: ((session.payment_intent_data as Json).metadata as Json) ?? {},
      refunded: 0,
    };
    this.paymentIntents.set(intent.id as string, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    return this.emit('checkout.session.completed', session);
  }

  refund(params: Json) {
    const intent = this.paymentIntents.get(String(params.payment_intent));
    if (!intent) return stripeError(404, `No such payment_intent: '${String(params.payment_intent)}'`);
    const left = Number(intent.amount_received) - Number(intent.refunded);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    intent.refunded = Number(intent.refunded) + amount;
    const made: Json = {
      id: randomId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: params.metadata ?? {},
      created: now(),
    };
    this.emit('refund.created', made);
    return { status: 200, body: made };
  }

  expire(id: string) {
    const session = this.sessions.get(id);
    if (!session) return stripeError(404, `No such checkout.session: '${id}'`);
    if (session.status !== 'open')
      return stripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This one has a status of "${String(session.status)}".`,
      );
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
    return { status: 200, body: session };
  }

  api(method: string, path: string, params: Json): { status: number; body: unknown } {
    const found = (map: Map<string, unknown>, id: string, kind: string) => {
      const value = map.get(id);
      return value ? { status: 200, body: value } : stripeError(404, `No such ${kind}: '${id}'`);
    };
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(params);
    const [, , resource, id] = path.split('/');
    if (method === 'GET' && resource === 'payment_intents' && id)
      return found(this.paymentIntents, id, 'payment_intent');
    if (method === 'GET' && resource === 'events' && id)
      return found(new Map(this.events.map((e) => [e.id, e])), id, 'event');
    const session = path.match(/^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/);
    if (session && method === 'GET' && !session[2]) return found(this.sessions, session[1]!, 'checkout.session');
    if (session && method === 'POST' && session[2]) return this.expire(session[1]!);
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }
}

function hostedPage(session: Json): string {
  const amount = (Number(session.amount_total) / 100).toFixed(2);
  const escape = (text: unknown) =>
    String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Pay ${escape(session.product_name)}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Test payment page</h1><p>${escape(session.product_name)}</p>
<p>Amount: <strong data-amount>${amount} ${escape(String(session.currency).toUpperCase())}</strong></p>
<form method="post" action="/pay/${escape(session.id)}"><label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
<p><button type="submit">Pay</button></p></form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ''}</body></html>`;
}

/** The hosted page (`/pay/{id}`): shown, then paid by its button, which returns the buyer to the success address. */
function answerPage(state: StripeState, id: string, method: string, response: http.ServerResponse) {
  const session = state.sessions.get(id);
  const send = (status: number, text: string, type = 'text/plain') =>
    response.writeHead(status, { 'content-type': type }).end(text);
  if (!session) return send(404, 'No such payment page');
  if (method === 'GET') return send(200, hostedPage(session), 'text/html; charset=utf-8');
  if (session.status === 'open') state.pay(id);
  if (session.status !== 'complete') return send(410, 'This payment page has expired');
  response.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) }).end();
}

export async function startStripeLocal({
  secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`,
  webhookSecret = `whsec_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
}: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeLocal> {
  const state = new StripeState(webhookSecret);
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', state.base);
    const method = request.method ?? 'GET';
    const page = url.pathname.match(/^\/pay\/(\w+)$/);
    if (page) return answerPage(state, page[1]!, method, response);
    const send = (answer: { status: number; body: unknown }) =>
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(stripeError(401, 'Invalid API Key provided'));
    const key = request.headers['idempotency-key'];
    const replayKey = key && method === 'POST' ? `${url.pathname} ${String(key)}` : null;
    const replayed = replayKey ? state.replays.get(replayKey) : undefined;
    if (replayed) return send(replayed);
    const body = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const answer = state.api(method, url.pathname, parseStripeForm(body));
    // Stripe replays the answer as it was given, not the object as it is now.
    if (replayKey) state.replays.set(replayKey, structuredClone(answer));
    send(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.base,
    secretKey,
    webhookSecret,
    events: state.events,
    sessions: state.sessions,
    setWebhookTarget: (next) => void (state.target = next),
    pay: (sessionId) => state.pay(sessionId),
    refundFromDashboard(paymentIntent, amount) {
      const answer = state.refund({ payment_intent: paymentIntent, amount: String(amount) });
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
      return state.events.at(-1)!;
    },
    sign: (payload, timestamp) => state.sign(payload, timestamp),
    deliver: (event, options) => state.deliver(event, options),
    close: () =>
      new Promise<void>((resolve) => {
        state.target = null;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

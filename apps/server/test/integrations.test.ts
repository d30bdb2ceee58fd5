import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_RATE, IMPORT_DEFINITIONS, webhookRetryDelay } from '@decor/core';
import { completeSelections, type Item } from './support/carts.ts';
import { createTestApp, onProject, testDbKind, TEST_AUTH_SECRET, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';
import { createDeliverer } from '../src/modules/integrations/webhooks.delivery.ts';
import { postDelivery, refusalOfUrl, systemResolve } from '../src/modules/integrations/webhooks.http.ts';
import { secretSealer, verifyDelivery } from '../src/modules/integrations/webhooks.signing.ts';

/**
 * Webhooks and API keys (docs/integrations.md) against a real HTTP receiver on loopback: what a
 * builder's system hears, how it verifies it, what happens when it fails, and what a key reaches.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** The receiver: records every request; `answer` decides each reply (a status, or what to do to the connection). */
function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received) => number | 'close' | 'hang' | { redirect: string } = () => 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const reply = answer(entry);
      if (reply === 'close') request.socket.destroy();
      else if (reply === 'hang') return;
      else if (typeof reply === 'object') response.writeHead(302, { location: reply.redirect }).end();
      else response.writeHead(reply, { 'content-type': 'text/plain' }).end(`answered ${reply}`);
    });
  });
  const ready = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    received,
    ready,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receiver = startReceiver();
const port = await receiver.ready;
afterAll(() => receiver.close());
const { app, db, mail } = await createTestApp({ withMail: true, env: { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}` } });
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const call = (method: string, url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { ...browserHeaders(cookie), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const withKey = (method: string, url: string, token: string, payload?: unknown, host?: Record<string, string>) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { ...(host ?? browserHeaders()), authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Waits until the receiver has `count` requests on `path` (the deliverer is woken by the commit). */
async function receivedOn(path: string, count: number, limitMs = 15_000): Promise<Received[]> {
  const started = Date.now();
  for (;;) {
    await app.webhooks.wake();
    const got = receiver.received.filter((entry) => entry.path === path);
    if (got.length >= count) return got;
    if (Date.now() - started > limitMs) throw new Error(`${got.length} of ${count} deliveries on ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function addEndpoint(path: string, events: string[], extra: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/manage/webhooks', manager, {
    url: `http://127.0.0.1:${port}${path}`,
    events,
    description: `receiver ${path}`,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { endpoint: { _id: string }; secret: string };
}

const units = (await call('GET', '/api/schema/units/?limit=200', manager)).json() as Array<{
  _id: string;
  _version: number;
  status?: string;
}>;
/** Changes a unit as the API asks: with the version just read. */
async function patchUnit(
  id: string,
  data: Record<string, unknown>,
  send = (method: string, url: string, body?: unknown) => call(method, url, manager, body),
) {
  const current = (await send('GET', `/api/schema/units/${id}`)).json() as { _version: number };
  return send('PATCH', `/api/schema/units/${id}`, { ...data, _version: current._version });
}

describe(`webhooks (${testDbKind})`, () => {
  let signedSecret = '';
  let flakyFrom = new Date();

  it('delivers a committed change, signed as Standard Webhooks specifies: an existing verifier and the documented one accept it', async () => {
    const { secret } = await addEndpoint('/signed', ['unit.status_changed']);
    signedSecret = secret;
    const unit = units[0]!;
    const changed = await patchUnit(unit._id, { status: unit.status === 'sold' ? 'available' : 'sold' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [delivery] = await receivedOn('/signed', 1);
    const headers = delivery!.headers as Record<string, string>;
    // The Standard Webhooks library, written by others, verifies our signature.
    const verified = new Webhook(secret).verify(delivery!.body, headers) as Record<string, unknown>;
    expect(verified.type).toBe('unit.status_changed');
    expect(verifyDelivery({ secret, headers, body: delivery!.body })).toBeNull();
    const event = JSON.parse(delivery!.body) as {
      id: string;
      type: string;
      version: number;
      project: { key: string };
      data: { object: { _id: string; status: string }; previous: { status: string } };
    };
    expect(headers['webhook-id']).toBe(event.id);
    expect(event.project.key).toBe('demo');
    expect(event.version).toBe(1);
    expect(event.data.object._id).toBe(unit._id);
    expect(event.data.object.status).toBe(changed.json().status);
    expect(event.data.previous.status).toBe(unit.status ?? null);
  });

  it('refuses a forged delivery: a changed body, another secret, or a caught one replayed outside the tolerance', async () => {
    const [delivery] = await receivedOn('/signed', 1);
    const headers = delivery!.headers as Record<string, string>;
    const { secret: another } = await addEndpoint('/other', ['lead.created']);
    expect(verifyDelivery({ secret: another, headers, body: delivery!.body })).toBe('no valid signature');
    expect(() => new Webhook(another).verify(delivery!.body, headers)).toThrow();
    expect(verifyDelivery({ secret: signedSecret, headers, body: `${delivery!.body} ` })).toBe('no valid signature');
    const later = Date.now() + 10 * 60_000;
    expect(verifyDelivery({ secret: signedSecret, headers, body: delivery!.body, now: later })).toBe(
      'timestamp outside the tolerance',
    );
  });

  it('raises nothing for a write that did not commit', async () => {
    await addEndpoint('/rolled-back', ['unit.status_changed']);
    const unit = (await call('GET', `/api/schema/units/${units[1]!._id}`, manager)).json() as {
      _version: number;
      status: string;
    };
    const stale = await call('PATCH', `/api/schema/units/${units[1]!._id}`, manager, {
      status: unit.status === 'sold' ? 'available' : 'sold',
      _version: unit._version + 1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const invalid = await patchUnit(units[1]!._id, { status: 'no-such-status' });
    expect(invalid.statusCode).toBe(400);
    await app.webhooks.wake();
    expect(receiver.received.filter((entry) => entry.path === '/rolled-back')).toHaveLength(0);
  });

  it('retries a failing receiver on the schedule and keeps each resource in order', async () => {
    const { endpoint } = await addEndpoint('/flaky', ['unit.status_changed']);
    let failures = 1;
    receiver.answerWith((request) => (request.path === '/flaky' && failures-- > 0 ? 500 : 200));
    const unit = units[2]!;
    flakyFrom = new Date();
    await patchUnit(unit._id, { status: 'reserved' });
    await patchUnit(unit._id, { status: 'sold' });
    await receivedOn('/flaky', 1);
    const [first] = await sqlRows<{ attempts: number; status: string; wait: number }>(
      db,
      sql`SELECT d.attempts, d.status, extract(epoch FROM d.next_attempt_at - a.at) * 1000 AS wait
          FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
          WHERE d.endpoint_id = ${endpoint._id} ORDER BY d.event_seq LIMIT 1`,
    );
    expect(first).toMatchObject({ attempts: 1, status: 'pending' });
    // The first wait: 5 s, give or take its 20 % of jitter.
    expect(Number(first!.wait)).toBeGreaterThanOrEqual(webhookRetryDelay(1, 0) - 1);
    expect(Number(first!.wait)).toBeLessThanOrEqual(webhookRetryDelay(1, 1) + 1);
    // The second change waited behind the first, though nothing was wrong with it.
    expect(receiver.received.filter((entry) => entry.path === '/flaky')).toHaveLength(1);
    const delivered = await receivedOn('/flaky', 3, 20_000);
    const statuses = delivered.map(
      (entry) => (JSON.parse(entry.body) as { data: { object: { status: string } } }).data.object.status,
    );
    expect(statuses).toEqual(['reserved', 'reserved', 'sold']);
    const log = (await call('GET', `/api/manage/webhooks/${endpoint._id}/deliveries`, manager)).json() as Array<{
      _id: string;
      status: string;
      attempts: number;
    }>;
    expect(log.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);
    const attempts = (
      await call('GET', `/api/manage/webhooks/${endpoint._id}/deliveries/${log[1]!._id}`, manager)
    ).json() as Array<{ status: number; ok: boolean; response: string }>;
    expect(attempts.map((attempt) => [attempt.status, attempt.ok, attempt.response])).toEqual([
      [500, false, 'answered 500'],
      [200, true, 'answered 200'],
    ]);
    receiver.answerWith(() => 200);
  });

  it('replays one delivery, or everything since a moment, and sends a test event to one endpoint alone', async () => {
    const endpoints = (await call('GET', '/api/manage/webhooks', manager)).json() as Array<{
      _id: string;
      url: string;
    }>;
    const flaky = endpoints.find((endpoint) => endpoint.url.endsWith('/flaky'))!;
    const log = (await call('GET', `/api/manage/webhooks/${flaky._id}/deliveries`, manager)).json() as Array<{
      _id: string;
    }>;
    const one = await call('POST', `/api/manage/webhooks/${flaky._id}/deliveries/${log[0]!._id}/replay`, manager);
    expect(one.json()).toEqual({ queued: 1 });
    await receivedOn('/flaky', 4);
    const all = await call('POST', `/api/manage/webhooks/${flaky._id}/replay`, manager, {
      since: flakyFrom.toISOString(),
    });
    expect(all.json()).toEqual({ queued: 2 });
    await receivedOn('/flaky', 6);
    const future = await call('POST', `/api/manage/webhooks/${flaky._id}/replay`, manager, {
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    const test = await call('POST', `/api/manage/webhooks/${flaky._id}/test`, manager);
    expect(test.statusCode).toBe(202);
    const got = await receivedOn('/flaky', 7);
    expect((JSON.parse(got[6]!.body) as { type: string }).type).toBe('webhook.test');
    expect(receiver.received.filter((entry) => entry.body.includes('webhook.test'))).toHaveLength(1);
  });

  it('delivers each event once when several servers’ deliverers wake at the same moment (claims, not timers)', async () => {
    await addEndpoint('/once', ['lead.created']);
    for (let i = 0; i < 30; i++) {
      const lead = await call('POST', '/api/schema/leads/', manager, {
        firstName: 'Pat',
        lastName: `Number ${i}`,
        email: `pat${i}@example.com`,
        source: 'inquire',
      });
      expect(lead.statusCode).toBe(201);
    }
    // Two more deliverers on the same database, as two more servers would have.
    const another = () =>
      createDeliverer({
        db,
        sealer: secretSealer(TEST_AUTH_SECRET),
        policy: { allowedHosts: [`127.0.0.1:${port}`], resolve: systemResolve },
        onDisabled: async () => undefined,
        log: console,
      });
    await Promise.all([another().deliverDue(), another().deliverDue(), app.webhooks.wake()]);
    const got = await receivedOn('/once', 30);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = receiver.received.filter((entry) => entry.path === '/once').map((entry) => entry.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(got).toHaveLength(30);
  });

  it('turns off an endpoint that has failed for a day and tells the project’s managers, once', async () => {
    const { endpoint } = await addEndpoint('/down', ['unit.status_changed']);
    receiver.answerWith((request) => (request.path === '/down' ? 503 : 200));
    await patchUnit(units[5]!._id, { status: 'reserved' });
    await receivedOn('/down', 1);
    // A day of failures, as if the first had been a day ago; the next attempt is due now.
    await sqlRows(
      db,
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = ${endpoint._id}`,
    );
    await sqlRows(db, sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${endpoint._id}`);
    await receivedOn('/down', 2);
    const down = (
      (await call('GET', '/api/manage/webhooks', manager)).json() as Array<{
        _id: string;
        enabled: boolean;
        disabledReason: string | null;
        pending: number;
      }>
    ).find((e) => e._id === endpoint._id)!;
    expect(down).toMatchObject({ enabled: false, disabledReason: 'failing', pending: 1 });
    const notice = await mail!.waitFor('manager@demo.test', /webhook endpoint was turned off/);
    expect(notice.text).toContain(`http://127.0.0.1:${port}/down`);
    // Turned on again once the receiver answers: what waited is delivered.
    receiver.answerWith(() => 200);
    const on = await call('PATCH', `/api/manage/webhooks/${endpoint._id}`, manager, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await sqlRows(
      db,
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${endpoint._id} AND status = 'pending'`,
    );
    await receivedOn('/down', 3);
    expect(mail!.messages.filter((m) => /turned off/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('rotates a secret: both sign during the grace period', async () => {
    const { endpoint, secret: old } = await addEndpoint('/rotated', ['unit.status_changed']);
    const rotated = await call('POST', `/api/manage/webhooks/${endpoint._id}/rotate-secret`, manager);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).not.toBe(old);
    await patchUnit(units[3]!._id, { status: 'reserved' });
    const [delivery] = await receivedOn('/rotated', 1);
    const headers = delivery!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyDelivery({ secret, headers, body: delivery!.body })).toBeNull();
    expect(verifyDelivery({ secret: old, headers, body: delivery!.body })).toBeNull();
  });

  it('carries no staff note, and a comment’s text only where the endpoint asks for it', async () => {
    await addEndpoint('/leads', ['lead.created', 'lead.status_changed', 'lead.assigned']);
    const lead = await call('POST', '/api/schema/leads/', manager, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      source: 'inquire',
      notes: 'Staff only: prefers the corner unit.',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const leadId = (lead.json() as { _id: string })._id;
    await call('PATCH', `/api/schema/leads/${leadId}`, manager, {
      status: 'contacted',
      _version: (lead.json() as { _version: number })._version,
    });
    const got = await receivedOn('/leads', 2);
    expect(got.map((entry) => (JSON.parse(entry.body) as { type: string }).type)).toEqual([
      'lead.created',
      'lead.status_changed',
    ]);
    for (const entry of got) expect(entry.body).not.toContain('Staff only');

    await addEndpoint('/comments-quiet', ['comment.created']);
    await addEndpoint('/comments-text', ['comment.created'], { includeCommentText: true });
    const cart = ((await call('GET', '/api/schema/carts/', buyer)).json() as Array<{ _id: string }>)[0]!;
    const written = await call('POST', `/api/carts/${cart._id}/comments`, buyer, { body: 'Can the island be longer?' });
    expect(written.statusCode, written.body).toBe(201);
    const [quiet] = await receivedOn('/comments-quiet', 1);
    const [loud] = await receivedOn('/comments-text', 1);
    expect(quiet!.body).not.toContain('island');
    expect((JSON.parse(quiet!.body) as { data: { object: { cart: string } } }).data.object.cart).toBe(cart._id);
    expect(loud!.body).toContain('Can the island be longer?');
  });

  it('tells of a selection’s life in order: signed, submitted, paid, approved, reopened; an import applied; a lead assigned', async () => {
    await addEndpoint('/life', [
      'selection.signed',
      'selection.submitted',
      'selection.approved',
      'selection.reopened',
      'payment.received',
      'import.applied',
      'lead.assigned',
    ]);
    const cart = ((await call('GET', '/api/schema/carts/', buyer)).json() as Item[])[0]!;
    const unit = (await call('GET', `/api/schema/units/${cart.unit as string}`, buyer)).json() as Item;
    const patched = await call('PATCH', `/api/schema/carts/${cart._id}`, buyer, {
      selections: await completeSelections(app, buyer, unit.plan as string),
      _version: cart._version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const signed = await call('POST', `/api/carts/${cart._id}/submit`, buyer, {
      signature: 'Alex Buyer',
      agree: true,
      _version: (patched.json() as Item)._version,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const paid = await call('POST', `/api/manage/carts/${cart._id}/ledger`, manager, {
      kind: 'payment',
      method: 'cheque',
      amount: 100,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await call('POST', `/api/carts/${cart._id}/approve`, manager, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/carts/${cart._id}/reopen`, manager, {})).statusCode).toBe(200);
    const csv = (await call('GET', '/api/manage/exports/units.csv', manager)).body;
    const mapping = Object.fromEntries(IMPORT_DEFINITIONS.units.columns.map((column) => [column.field, column.header]));
    const imported = await call('POST', '/api/manage/imports', manager, {
      kind: 'units',
      fileName: 'units.csv',
      content: csv,
      mapping,
      apply: true,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const team = (await call('GET', '/api/manage/leads/team', manager)).json() as Array<{ id?: string; _id?: string }>;
    const lead = ((await call('GET', '/api/schema/leads/', manager)).json() as Item[])[0]!;
    const assigned = await call('PATCH', `/api/schema/leads/${lead._id}`, manager, {
      assignee: team[0]!.id ?? team[0]!._id,
      _version: lead._version,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const got = await receivedOn('/life', 7);
    const events = got.map(
      (entry) =>
        JSON.parse(entry.body) as {
          type: string;
          data: { object: Record<string, unknown>; signer?: { name: string } };
        },
    );
    const ofSelection = events.filter(
      (event) => event.type.startsWith('selection.') || event.type.startsWith('payment.'),
    );
    expect(ofSelection.map((event) => event.type)).toEqual([
      'selection.signed',
      'selection.submitted',
      'payment.received',
      'selection.approved',
      'selection.reopened',
    ]);
    expect(ofSelection[0]!.data.signer!.name).toBe('Alex Buyer');
    expect(ofSelection[2]!.data.object).toMatchObject({
      cart: cart._id,
      kind: 'payment',
      amount: 100,
      method: 'cheque',
    });
    expect(ofSelection[3]!.data.object).toMatchObject({ _id: cart._id, status: 'approved' });
    expect(events.find((event) => event.type === 'import.applied')!.data.object).toMatchObject({
      kind: 'units',
      fileName: 'units.csv',
    });
    expect(events.find((event) => event.type === 'lead.assigned')!.data.object).toMatchObject({ _id: lead._id });
  });

  it('refuses endpoints on loopback, private, link-local and metadata addresses, by name or number', async () => {
    for (const url of [
      `https://localhost:${port}/hooks`,
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.0.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00::1]/hooks',
    ]) {
      const response = await call('POST', '/api/manage/webhooks', manager, { url, events: ['lead.created'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toMatch(/private, loopback or link-local/);
    }
    const plain = await call('POST', '/api/manage/webhooks', manager, {
      url: 'http://example.com/hooks',
      events: ['lead.created'],
    });
    expect(plain.json().error.message).toMatch(/https/);
    const withPassword = await call('POST', '/api/manage/webhooks', manager, {
      url: 'https://user:pass@example.com/hooks',
      events: ['lead.created'],
    });
    expect(withPassword.statusCode).toBe(400);
  });

  it('checks the address again as it connects: a name that turns private later is refused, and redirects are not followed', async () => {
    // DNS of a public name cannot answer here: this resolver stands in for one that changed its answer.
    let answer = ['93.184.215.14'];
    const policy = { allowedHosts: [], resolve: async () => answer };
    expect(await refusalOfUrl('https://rebinding.example/hooks', policy)).toBeNull();
    answer = ['127.0.0.1'];
    const outcome = await postDelivery({
      url: `https://rebinding.example:${port}/hooks`,
      body: '{}',
      headers: {},
      policy,
    });
    expect(outcome).toMatchObject({ ok: false, error: 'refused address' });

    const allowed = { allowedHosts: [`127.0.0.1:${port}`], resolve: async () => ['127.0.0.1'] };
    receiver.answerWith((request) =>
      request.path === '/redirect' ? { redirect: `http://127.0.0.1:${port}/target` } : 200,
    );
    const redirected = await postDelivery({
      url: `http://127.0.0.1:${port}/redirect`,
      body: '{}',
      headers: {},
      policy: allowed,
    });
    expect(redirected).toMatchObject({ ok: false, status: 302, error: 'redirect not followed' });
    expect(receiver.received.some((entry) => entry.path === '/target')).toBe(false);

    receiver.answerWith((request) => (request.path === '/hang' ? 'hang' : request.path === '/close' ? 'close' : 200));
    const slow = await postDelivery({
      url: `http://127.0.0.1:${port}/hang`,
      body: '{}',
      headers: {},
      policy: allowed,
      timeoutMs: 300,
    });
    expect(slow).toMatchObject({ ok: false, status: null, error: 'no answer within 0.3 s' });
    const closed = await postDelivery({
      url: `http://127.0.0.1:${port}/close`,
      body: '{}',
      headers: {},
      policy: allowed,
    });
    expect(closed).toMatchObject({ ok: false, status: null });
    expect(closed.error).toBeTruthy();
    receiver.answerWith(() => 200);
  });

  it('is the project managers’ and administrators’ only: buyers and visitors are refused, another project sees none', async () => {
    expect((await call('GET', '/api/manage/webhooks', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/manage/webhooks')).statusCode).toBe(401);
    const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const harbour = await app.inject({
      method: 'GET',
      url: '/api/manage/webhooks',
      headers: { ...onProject('harbour'), cookie: admin },
    });
    expect(harbour.statusCode, harbour.body).toBe(200);
    expect(harbour.json()).toEqual([]);
    // Harbour's own endpoint hears nothing of demo's changes.
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/manage/webhooks',
      headers: { ...onProject('harbour'), cookie: admin, origin: `http://${onProject('harbour').host}` },
      payload: { url: `http://127.0.0.1:${port}/harbour`, events: ['unit.status_changed'] },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    await addEndpoint('/demo-only', ['unit.status_changed']);
    await patchUnit(units[6]!._id, { status: 'reserved' });
    await receivedOn('/demo-only', 1);
    expect(receiver.received.filter((entry) => entry.path === '/harbour')).toHaveLength(0);
  });
});

describe(`API keys (${testDbKind})`, () => {
  const create = async (scopes: string[], name = 'ERP sync') => {
    const response = await call('POST', '/api/manage/api-keys', manager, { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { key: { _id: string; hint: string }; token: string };
  };

  it('is shown once and kept as its digest; it reaches what its scopes name and nothing else', async () => {
    const { key, token } = await create(['leads:read', 'selections:read']);
    expect(token.startsWith('dpk_')).toBe(true);
    const listed = (await call('GET', '/api/manage/api-keys', manager)).json() as Array<Record<string, unknown>>;
    expect(JSON.stringify(listed)).not.toContain(token);
    const [stored] = await sqlRows<{ token_hash: string }>(
      db,
      sql`SELECT token_hash FROM api_keys WHERE id = ${key._id}`,
    );
    expect(stored!.token_hash).not.toContain(token.slice(4));

    expect((await withKey('GET', '/api/manage/leads', token)).statusCode).toBe(200);
    expect((await withKey('GET', '/api/schema/units/', token)).statusCode).toBe(200);
    const catalogue = await withKey('GET', '/api/schema/options/', token);
    expect(catalogue.statusCode).toBe(403);
    expect(catalogue.json().error.message).toContain('catalogue:read');
    expect((await withKey('PATCH', `/api/schema/units/${units[0]!._id}`, token, { status: 'sold' })).statusCode).toBe(
      403,
    );
    // Not the back office's screens, not the identity routes, not the person's own.
    for (const [method, url] of [
      ['GET', '/api/manage/webhooks'],
      ['POST', '/api/manage/api-keys'],
      ['GET', '/api/me'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/manage/dashboard'],
    ] as const) {
      const response = await withKey(
        method,
        url,
        token,
        method === 'POST' ? { name: 'x', scopes: ['leads:read'] } : undefined,
      );
      expect(response.statusCode, url).toBe(403);
    }
    // Another project's host: the key is this project's only.
    const elsewhere = await withKey('GET', '/api/manage/leads', token, undefined, onProject('harbour'));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toMatch(/another project/);
  });

  it('writes as itself: the audit entry names the key and no person', async () => {
    const { key, token } = await create(['units:write', 'selections:read'], 'Inventory');
    const unit = units[4]!;
    const changed = await patchUnit(unit._id, { status: 'reserved' }, (method, url, body) =>
      withKey(method, url, token, body),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [audit] = await sqlRows<{ actor_id: string | null; api_key_id: string | null }>(
      db,
      sql`SELECT actor_id, api_key_id FROM audit_log WHERE item_id = ${unit._id} ORDER BY at DESC LIMIT 1`,
    );
    expect(audit).toEqual({ actor_id: null, api_key_id: key._id });
  });

  it('is refused from the next call once revoked, or once expired; a made-up key is refused in words', async () => {
    const { key, token } = await create(['leads:read']);
    expect((await withKey('GET', '/api/manage/leads', token)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/manage/api-keys/${key._id}`, manager);
    expect(revoked.json().revokedAt).toBeTruthy();
    const after = await withKey('GET', '/api/manage/leads', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toMatch(/revoked, has expired/);
    expect((await withKey('GET', '/api/manage/leads', `dpk_${'x'.repeat(43)}`)).statusCode).toBe(401);

    const expiring = await call('POST', '/api/manage/api-keys', manager, {
      name: 'Short',
      scopes: ['leads:read'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const short = expiring.json() as { key: { _id: string }; token: string };
    await sqlRows(db, sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${short.key._id}`);
    expect((await withKey('GET', '/api/manage/leads', short.token)).statusCode).toBe(401);
    const past = await call('POST', '/api/manage/api-keys', manager, {
      name: 'Past',
      scopes: ['leads:read'],
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
  });

  it('is limited to its minute’s calls, then answered 429 with when to try again', async () => {
    const { token } = await create(['catalogue:read']);
    let status = 200;
    let calls = 0;
    while (status === 200 && calls <= API_KEY_RATE.limit + 1) {
      status = (await withKey('GET', '/api/schema/rooms/?limit=1', token)).statusCode;
      calls++;
    }
    expect(calls).toBe(API_KEY_RATE.limit + 1);
    expect(status).toBe(429);
  });

  it('is made by managers and administrators only', async () => {
    expect((await call('POST', '/api/manage/api-keys', buyer, { name: 'x', scopes: ['leads:read'] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/manage/api-keys')).statusCode).toBe(401);
  });
});

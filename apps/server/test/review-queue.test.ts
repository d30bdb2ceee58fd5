import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections, type Item } from './support/carts.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';

/**
 * "Waiting for you" (docs/back-office.md): the submitted selections in the order their reviews
 * are due, overdue first, and approving several at once exactly as one approval is.
 */
const { app, db, mail, config } = await createTestApp({ withMail: true });
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const manager = await as('manager@demo.test');
const buyer = await as('buyer@demo.test');
const harbourManager = await as('manager@harbour.test');
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookie), ...(payload ? { payload } : {}) });

type Waiting = { _id: string; unit: { name: string }; signedAt: string; dueBy: string; overdue: boolean };

describe(`the review queue (${testDbKind})`, () => {
  it('lists the submitted selections by the day their review is due, overdue first', async () => {
    // Alex submits today; Olivia's (submitted in the demo) is made three weeks old: overdue.
    const [cart] = (await call(buyer, 'GET', '/api/schema/carts/')).json() as Item[];
    const unit = (await call(buyer, 'GET', `/api/schema/units/${String(cart!.unit)}`)).json() as Item & {
      plan: string;
    };
    const saved = await call(buyer, 'PATCH', `/api/schema/carts/${cart!._id}`, {
      selections: await completeSelections(app, buyer, unit.plan),
      _version: cart!._version,
    });
    expect(
      (
        await call(buyer, 'POST', `/api/carts/${cart!._id}/submit`, {
          signature: 'Alex Buyer',
          agree: true,
          _version: saved.json()._version,
        })
      ).statusCode,
    ).toBe(200);
    const threeWeeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString();
    await db.execute(
      sql`UPDATE items SET data = jsonb_set(data, '{signature,signedAt}', to_jsonb(${threeWeeksAgo}::text))
          WHERE collection = 'carts' AND data->>'status' = 'submitted' AND id <> ${cart!._id}`,
    );

    const queue = (await call(manager, 'GET', '/api/manage/review-queue')).json() as Waiting[];
    expect(queue.map((w) => w.unit.name)).toEqual(['203', '402']);
    expect(queue.map((w) => w.overdue)).toEqual([true, false]);
    expect(queue[0]!.dueBy < queue[1]!.dueBy).toBe(true);
    expect(queue[1]!.dueBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is the staff’s only', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [buyer, 403],
      [harbourManager, 403],
    ] as const) {
      expect((await call(cookie, 'GET', '/api/manage/review-queue')).statusCode).toBe(status);
      expect(
        (await call(cookie, 'POST', '/api/manage/review-queue/approve', { carts: [crypto.randomUUID()] })).statusCode,
      ).toBe(status);
    }
  });

  it('approves several, each audited and mailed as one approval is, and names the ones it could not', async () => {
    const queue = (await call(manager, 'GET', '/api/manage/review-queue')).json() as Waiting[];
    const approved = ((await call(manager, 'GET', '/api/schema/carts/?limit=100')).json() as Item[]).find(
      (c) => c.status === 'approved',
    )!;
    const unknown = crypto.randomUUID();
    mail!.messages.length = 0;
    const answer = await call(manager, 'POST', '/api/manage/review-queue/approve', {
      carts: [...queue.map((w) => w._id), unknown, approved._id],
      comment: 'All in order.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().approved.sort()).toEqual(queue.map((w) => w._id).sort());
    expect(answer.json().refused.map((r: { cart: string; code: string }) => [r.cart, r.code])).toEqual([
      [unknown, 'not_found'],
      [approved._id, 'conflict'],
    ]);
    expect((await call(manager, 'GET', '/api/manage/review-queue')).json()).toEqual([]);
    // Each one as a single approval: its purchase, its history entry with the comment, its buyers' mail.
    for (const waiting of queue) {
      const history = (await call(manager, 'GET', `/api/manage/carts/${waiting._id}/history`)).json() as {
        items: Array<{ changes: Array<{ kind: string; to?: string; comment?: string }> }>;
      };
      expect(history.items.flatMap((entry) => entry.changes)).toContainEqual(
        expect.objectContaining({ kind: 'status', to: 'approved', comment: 'All in order.' }),
      );
    }
    await mail!.waitFor('buyer@demo.test', /approved|approuvée/i);
    await mail!.waitFor('olivia.chen@demo.test', /approved|approuvée/i);
    const purchases = (await call(manager, 'GET', '/api/schema/purchases/?limit=100')).json() as Item[];
    for (const waiting of queue) expect(purchases.some((p) => p.cart === waiting._id)).toBe(true);
    // Bad input changes nothing.
    expect((await call(manager, 'POST', '/api/manage/review-queue/approve', { carts: [] })).statusCode).toBe(400);
    expect((await call(manager, 'POST', '/api/manage/review-queue/approve', { carts: ['not-an-id'] })).statusCode).toBe(
      400,
    );
  });
});

describe(`addresses the mail server refused (${testDbKind})`, () => {
  it('are flagged on the unit, the selection and the dashboard until a later mail leaves', async () => {
    const project = (await call(manager, 'GET', '/api/project')).json() as { _id: string };
    const letter = {
      to: 'olivia.chen@demo.test',
      subject: 'A test',
      text: 'A test',
      html: '<p>A test</p>',
      projectId: project._id,
    };
    // A mail server that cannot be reached refuses the mail (the log keeps it as failed).
    const unreachable = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'portal@example.test', db, log: app.log });
    await expect(unreachable.send(letter)).rejects.toThrow();
    const flagged = async () => {
      const carts = (await call(manager, 'GET', '/api/manage/carts?q=203')).json() as {
        items: Array<{ mailRefused: string[] }>;
      };
      const units = (await call(manager, 'GET', '/api/manage/units')).json() as {
        items: Array<{ name: string; mailRefused: string[] }>;
      };
      const dashboard = (await call(manager, 'GET', '/api/manage/dashboard')).json() as {
        mailRefused: { count: number; recent: Array<{ email: string }> };
      };
      return {
        cart: carts.items[0]!.mailRefused,
        unit: units.items.find((unit) => unit.name === '203')!.mailRefused,
        dashboard: dashboard.mailRefused.recent.map((row) => row.email),
      };
    };
    expect(await flagged()).toEqual({
      cart: ['olivia.chen@demo.test'],
      unit: ['olivia.chen@demo.test'],
      dashboard: ['olivia.chen@demo.test'],
    });
    // Another project's staff see none of it.
    expect((await call(harbourManager, 'GET', '/api/manage/dashboard')).statusCode).toBe(403);
    // A later mail that leaves clears the flag.
    await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log }).send(letter);
    expect(await flagged()).toEqual({ cart: [], unit: [], dashboard: [] });
  });
});

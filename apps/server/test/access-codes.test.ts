import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessCodes, items, memberships, projects, users } from '../src/db/schema/index.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, cookiesOf, DEMO_ORIGIN, signIn } from './support/identity.ts';
import { linkIn } from './support/mail-catcher.ts';

const { app, db, mail } = await createTestApp({ withMail: true });
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const harbourManager = (await signIn(app, 'manager@harbour.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const [unit] = await db
  .select()
  .from(items)
  .where(and(eq(items.projectId, demo!.id), eq(items.collection, 'units'), eq(items.data, items.data)))
  .limit(30)
  .then((rows) => rows.filter((row) => (row.data.buyers as string[]).length === 0));

const create = (cookie: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url: '/api/access-codes', headers: browserHeaders(cookie), payload });
const consume = (code: string, cookie?: string, remoteAddress = '127.0.1.1') =>
  app.inject({ method: 'POST', url: `/api/access-codes/consume/${code}`, headers: browserHeaders(cookie), payload: {}, remoteAddress });

describe(`access codes (${testDbKind})`, () => {
  it('lets a manager invite a new buyer to a unit by e-mail', async () => {
    const response = await create(manager, { email: 'new.buyer@example.test', unit: unit!.id, send: true, targetPath: '/configure' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ email: 'new.buyer@example.test', unit: unit!.id, role: 'purchaser', maxUses: 1, uses: 0 });
    expect(created.url).toBe(`${DEMO_ORIGIN}/link/${created.code}`);
    const message = await mail!.waitFor('new.buyer@example.test', /invited/);
    expect(linkIn(message, `${DEMO_ORIGIN}/link/`)).toBe(created.url);
    expect(message.text).toContain(`unit ${unit!.data.name as string}`);
  });

  it('signs the invited person in, makes them a buyer of the unit, and lands on the target', async () => {
    const [code] = await db.select().from(accessCodes).where(eq(accessCodes.email, 'new.buyer@example.test'));
    const response = await consume(code!.code);
    expect(response.statusCode).toBe(200);
    const { token, target } = response.json();
    expect(target).toBe('/configure');
    const verified = await app.inject({ method: 'POST', url: '/api/auth/one-time-token/verify', headers: browserHeaders(), payload: { token } });
    expect(verified.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookiesOf(verified)) });
    expect(me.json()).toMatchObject({ email: 'new.buyer@example.test', emailVerified: true, termsAcceptedAt: null });
    const [person] = await db.select().from(users).where(eq(users.email, 'new.buyer@example.test'));
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, person!.id));
    expect(membership).toMatchObject({ projectId: demo!.id, role: 'purchaser' });
    const [updatedUnit] = await db.select().from(items).where(eq(items.id, unit!.id));
    expect(updatedUnit!.data.buyers).toEqual([person!.id]);
    expect(updatedUnit!.version).toBe(unit!.version + 1);
    // The sign-in token works once.
    const again = await app.inject({ method: 'POST', url: '/api/auth/one-time-token/verify', headers: browserHeaders(), payload: { token } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a used, withdrawn, expired or unknown code with the reason', async () => {
    const [used] = await db.select().from(accessCodes).where(eq(accessCodes.email, 'new.buyer@example.test'));
    expect((await consume(used!.code)).json().error.message).toContain('already been used');

    const withdrawn = (await create(manager, { email: 'w@example.test' })).json();
    const revoked = await app.inject({ method: 'POST', url: `/api/access-codes/${withdrawn.code}/revoke`, headers: browserHeaders(manager), payload: {} });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await consume(withdrawn.code)).json().error.message).toContain('withdrawn');

    const expired = (await create(manager, { email: 'e@example.test' })).json();
    await db.update(accessCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessCodes.code, expired.code));
    const expiredResponse = await consume(expired.code);
    expect(expiredResponse.statusCode).toBe(403);
    expect(expiredResponse.json().error.message).toContain('expired');

    const unknown = await consume('abcdefghjkmnpqrstuvw');
    expect(unknown.statusCode).toBe(404);
    expect((await consume('BAD!')).statusCode).toBe(400);
  });

  it('gives the last use to exactly one of many people at once', async () => {
    const code = (await create(manager, { email: 'race@example.test', maxUses: 1 })).json().code;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => consume(code, undefined, `127.0.2.${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await db.select().from(accessCodes).where(eq(accessCodes.code, code));
    expect(row!.uses).toBe(1);
  });

  it('needs a signed-in person for a code without an e-mail, and grants membership to them', async () => {
    const code = (await create(manager, { maxUses: 5, role: 'purchaser' })).json().code;
    expect((await consume(code)).statusCode).toBe(401);
    const harbourBuyer = (await signIn(app, 'buyer@harbour.test', TEST_DEMO_PASSWORD)).cookie;
    expect((await consume(code, harbourBuyer)).statusCode).toBe(200);
    const [person] = await db.select().from(users).where(eq(users.email, 'buyer@harbour.test'));
    const rows = await db.select().from(memberships).where(eq(memberships.userId, person!.id));
    expect(rows.map((r) => r.projectId)).toContain(demo!.id);
  });

  it('lets only managers of the project create, list and revoke codes', async () => {
    expect((await create(buyer, { email: 'x@example.test' })).statusCode).toBe(403);
    expect((await create(harbourManager, { email: 'x@example.test' })).statusCode).toBe(403);
    expect((await create(undefined, { email: 'x@example.test' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/access-codes', headers: browserHeaders(buyer) })).statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/access-codes', headers: browserHeaders(manager) });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad input: unknown unit (422), bad e-mail, unknown fields, sending without an e-mail (400)', async () => {
    expect((await create(manager, { unit: '01900000-0000-7000-8000-000000000000' })).statusCode).toBe(422);
    expect((await create(manager, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await create(manager, { email: 'a@example.test', admin: true })).statusCode).toBe(400);
    expect((await create(manager, { send: true })).statusCode).toBe(400);
    expect((await create(manager, { maxUses: 0 })).statusCode).toBe(400);
  });
});

describe(`access code abuse (${testDbKind})`, () => {
  it('limits guessing: the 21st try from one address in ten minutes is a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await consume(`guess${String(i).padStart(10, '0')}`, undefined, '10.7.7.7')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

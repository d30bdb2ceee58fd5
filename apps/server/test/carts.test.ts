import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '../src/db/schema/index.ts';
import { transitionCart } from '../src/modules/carts/carts.operations.ts';
import { resolveScope } from '../src/modules/projects/scope.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections as completeSelectionsOf, type Item } from './support/carts.ts';

const { app, db } = await createTestApp();
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const buyer = await as('buyer@demo.test');
const otherBuyer = await as('olivia.chen@demo.test');
const coBuyer = await as('priya.reid@demo.test');
const manager = await as('manager@demo.test');

const get = async (url: string, cookie?: string) =>
  (await app.inject({ method: 'GET', url, headers: browserHeaders(cookie) })).json();
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, headers: browserHeaders(cookie), payload });
/** Submits with the version the caller reads now: what a buyer reviewing the cart would send. */
const submit = async (cartId: string, payload: object, cookie?: string) => {
  const seen = (await get(`/api/schema/carts/${cartId}`, cookie)) as { _version?: number };
  return post(`/api/carts/${cartId}/submit`, { ...payload, _version: seen._version ?? 1 }, cookie);
};

const cart = ((await get('/api/schema/carts/', buyer)) as Item[])[0]!;
const unit = (await get(`/api/schema/units/${cart.unit as string}`, buyer)) as Item;

const completeSelections = () => completeSelectionsOf(app, buyer, unit.plan as string);

describe(`cart transitions (${testDbKind})`, () => {
  it('refuses to submit while a required category is empty, naming it', async () => {
    const response = await submit(cart._id, { signature: 'Alex Buyer', agree: true }, buyer);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.missing.length).toBeGreaterThan(0);
    expect(response.json().error.message).toMatch(/^Choose .+ before submitting\.$/);
  });

  it('needs a required choice in every room of the plan where its category applies', async () => {
    const rooms = (await get('/api/schema/rooms/', buyer)) as Item[];
    const plan = (await get(`/api/schema/plans/${unit.plan as string}`, buyer)) as Item;
    const categories = (await get('/api/schema/categories/?limit=200', buyer)) as Item[];
    const options = (await get('/api/schema/options/?limit=200', buyer)) as Item[];
    const flooring = categories.find((c) => c.name === 'Flooring')!;
    const living = rooms.find((r) => r.name === 'Living Room')!;
    // Flooring chosen for the living room only; everything else for the whole home.
    const selections = (await completeSelections()).map((s) =>
      options.find((o) => o._id === s.option)!.category === flooring._id ? { ...s, room: living._id } : s,
    );
    const current = (await get(`/api/schema/carts/${cart._id}`, buyer)) as Item;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart._id}`,
      headers: browserHeaders(buyer),
      payload: { selections, _version: current._version },
    });
    expect(patched.statusCode).toBe(200);
    const missingRooms = (flooring.rooms as string[])
      .filter((id) => (plan.rooms as string[]).includes(id) && id !== living._id)
      .map((id) => rooms.find((r) => r._id === id)!.name);
    expect(missingRooms.length).toBeGreaterThan(0);
    const response = await submit(cart._id, { signature: 'Alex Buyer', agree: true }, buyer);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(`Choose Flooring (${missingRooms.join(', ')}) before submitting.`);
    expect(response.json().error.details.missing.map((m: { roomName: string }) => m.roomName)).toEqual(missingRooms);
  });

  it('needs agreement and a typed name to submit, then records the signature', async () => {
    const current = (await get(`/api/schema/carts/${cart._id}`, buyer)) as Item;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart._id}`,
      headers: browserHeaders(buyer),
      payload: { selections: await completeSelections(), _version: current._version },
    });
    expect(patched.statusCode).toBe(200);
    expect((await submit(cart._id, { signature: 'Alex Buyer', agree: false }, buyer)).statusCode).toBe(400);
    expect((await submit(cart._id, { signature: ' ', agree: true }, buyer)).statusCode).toBe(400);
    const submitted = await submit(cart._id, { signature: 'Alex Buyer', agree: true }, buyer);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'submitted',
      signature: { name: 'Alex Buyer', total: patched.json().total },
    });
    expect(submitted.json().history.at(-1)).toMatchObject({ status: 'submitted' });
  });

  it('keeps buyers out of managers’ actions and other buyers’ carts', async () => {
    expect((await post(`/api/carts/${cart._id}/approve`, {}, buyer)).statusCode).toBe(403);
    expect((await post(`/api/carts/${cart._id}/approve`, {}, otherBuyer)).statusCode).toBe(404);
    expect((await post(`/api/carts/${cart._id}/approve`, {}, undefined)).statusCode).toBe(401);
    expect((await submit(cart._id, { signature: 'Alex Buyer', agree: true }, buyer)).statusCode).toBe(409);
  });

  it('lets a manager return it with a comment, and the buyer submit again', async () => {
    expect((await post(`/api/carts/${cart._id}/return`, { comment: '' }, manager)).statusCode).toBe(400);
    const returned = await post(
      `/api/carts/${cart._id}/return`,
      { comment: 'Please choose a backsplash too.' },
      manager,
    );
    expect(returned.json()).toMatchObject({ status: 'draft' });
    expect(returned.json().history.at(-1)).toMatchObject({
      status: 'draft',
      comment: 'Please choose a backsplash too.',
    });
    expect((await submit(cart._id, { signature: 'Alex Buyer', agree: true }, buyer)).statusCode).toBe(200);
  });

  it('writes the immutable purchase on approval, and reopens as a new revision', async () => {
    const approved = await post(`/api/carts/${cart._id}/approve`, {}, manager);
    expect(approved.json().status).toBe('approved');
    const purchases = (await get('/api/schema/purchases/?limit=200', buyer)) as Item[];
    const purchase = purchases.find((p) => p.cart === cart._id)!;
    expect(purchase).toMatchObject({ total: approved.json().total, currency: 'CAD', revision: 1 });
    expect((purchase.lines as unknown[]).length).toBe((approved.json().selections as unknown[]).length);
    const reopened = await post(`/api/carts/${cart._id}/reopen`, {}, manager);
    expect(reopened.json()).toMatchObject({ status: 'draft', revision: 2, signature: null });
  });

  it('lets co-buyers read their shared cart but not act on an approved one', async () => {
    const shared = (await get('/api/schema/carts/', coBuyer)) as Item[];
    expect(shared).toHaveLength(1);
    expect(shared[0]!.status).toBe('approved');
    expect((await submit(shared[0]!._id, { signature: 'Priya Reid', agree: true }, coBuyer)).statusCode).toBe(409);
  });

  it('locks a draft after its deadline until a manager extends it (controllable clock)', async () => {
    const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
    const actorOf = async (cookie: string) => {
      const me = (await get('/api/me', cookie)) as { _id: string; email: string; name: string; isAdmin: boolean };
      return {
        userId: me._id,
        email: me.email,
        name: me.name,
        isAdmin: me.isAdmin,
        emailVerified: true,
        termsAcceptedAt: new Date(),
        language: null,
        commentMails: true,
        sessionToken: null,
      };
    };
    const current = (await get(`/api/schema/carts/${cart._id}`, buyer)) as Item;
    const afterDeadline = new Date(Date.parse(current.deadline as string) + 60_000);
    const submit = transitionCart({
      db,
      hooks: app.collectionHooks,
      scope: resolveScope(db, await actorOf(buyer), demo!.key),
      cartId: cart._id,
      action: 'submit',
      signature: { name: 'Alex Buyer', agree: true },
      now: afterDeadline,
    });
    await expect(submit).rejects.toMatchObject({ code: 'locked' });
    const newDeadline = new Date(afterDeadline.getTime() + 7 * 86_400_000).toISOString();
    const extended = JSON.parse(
      await transitionCart({
        db,
        hooks: app.collectionHooks,
        scope: resolveScope(db, await actorOf(manager), demo!.key),
        cartId: cart._id,
        action: 'extend',
        deadline: newDeadline,
        now: afterDeadline,
      }),
    );
    expect(extended).toMatchObject({ status: 'draft', deadline: newDeadline });
  });
});

describe(`GET /api/carts/mine (${testDbKind})`, () => {
  it("summarises the buyer's cart: unit, plan, progress, total, deposit, status", async () => {
    const hannah = await as('hannah.lee@demo.test');
    const [summary] = (await get('/api/carts/mine', hannah)) as Array<Record<string, any>>;
    const categories = (await get('/api/schema/categories/?limit=200', hannah)) as Item[];
    expect(summary).toMatchObject({
      status: 'draft',
      unit: { name: '701', floor: 7 },
      plan: { name: 'The Birch – 1 Bed + Den', bedrooms: 1 },
    });
    // A required category counts once per room of the plan where it applies.
    const planRooms = summary!.plan.rooms as string[];
    const required = categories
      .filter((c) => c.required)
      .reduce((n, c) => n + (c.rooms as string[]).filter((r) => planRooms.includes(r)).length, 0);
    expect(summary!.progress.total).toBe(required);
    // Hannah chose flooring, paint, cabinets, counter and appliances in the kitchen or living room only.
    expect(summary!.progress.done).toBe(5);
    expect(summary!.progress.missing).toContain('Flooring (Foyer, Kitchen, Primary Bedroom)');
    expect(summary!.deposit).toBe(Math.round(summary!.total * 0.1));
  });

  it('shows a draft past its deadline as locked, and is 401 for a visitor', async () => {
    const daniel = await as('daniel.okafor@demo.test');
    expect(((await get('/api/carts/mine', daniel)) as Array<{ status: string }>)[0]!.status).toBe('locked');
    expect((await app.inject({ method: 'GET', url: '/api/carts/mine', headers: browserHeaders() })).statusCode).toBe(
      401,
    );
  });
});

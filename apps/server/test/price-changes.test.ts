import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, items, projects } from '../src/db/schema/index.ts';
import { priceCart } from '../src/modules/carts/carts.pricing.ts';
import type { CartData } from '../src/modules/carts/carts.document.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections, type Item } from './support/carts.ts';

/**
 * Until it is submitted a cart is always priced at today's prices; the buyer signs exactly
 * what was shown; a purchase totals its lines and adjustments (docs/selection-rules.md, "Prices").
 */
const { app, db } = await createTestApp();
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.7' })).cookie;
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));

const get = async (url: string, cookie = buyer) =>
  (await app.inject({ method: 'GET', url, headers: browserHeaders(cookie) })).json();
const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie: string) =>
  app.inject({ method, url, headers: browserHeaders(cookie), payload });

const cart = ((await get('/api/schema/carts/')) as Item[])[0]!;
const unit = (await get(`/api/schema/units/${cart.unit as string}`)) as Item;

async function setPrice(optionId: string, price: number) {
  const option = (await get(`/api/schema/options/${optionId}`, manager)) as Item;
  const response = await send(
    'PATCH',
    `/api/schema/options/${optionId}`,
    { price, _version: option._version },
    manager,
  );
  expect(response.statusCode).toBe(200);
}

const cartNow = async () => (await get(`/api/schema/carts/${cart._id}`)) as Item & CartData;
const sumOf = (lines: Array<{ price: number; quantity: number }>, adjustments: Array<{ amount: number }> = []) =>
  lines.reduce((t, l) => t + l.price * l.quantity, 0) + adjustments.reduce((t, a) => t + a.amount, 0);

describe(`prices of open carts follow the catalogue (${testDbKind})`, () => {
  let included = '';

  it('reprices a draft when an included option becomes 12,345, and tells the buyer', async () => {
    // A complete cart whose choices are all included (price 0).
    const selections = await completeSelections(app, buyer, unit.plan as string);
    const current = await cartNow();
    const patched = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { selections, package: null, _version: current._version },
      buyer,
    );
    expect(patched.statusCode).toBe(200);
    included = selections[0]!.option;
    await setPrice(included, 0);
    const before = await cartNow();

    await setPrice(included, 12_345);
    const after = await cartNow();
    expect(after.total).toBe(before.total + 12_345);
    expect(after._version).toBe(before._version + 1);
    expect(after.priceChanges!.at(-1)).toMatchObject({ option: included, from: 0, to: 12_345 });
    const mine = (await get('/api/carts/mine')) as Array<{ _id: string; total: number }>;
    expect(mine.find((c) => c._id === cart._id)!.total).toBe(after.total);
    // The change is in the cart's history, like any other change.
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemId, cart._id), eq(auditLog.collection, 'carts')));
    expect(audit.some((entry) => (entry.after as { total?: number } | null)?.total === after.total)).toBe(true);
  });

  it('refuses a signature on a version the buyer did not see, then records exactly the lines and total shown', async () => {
    const seen = await cartNow();
    await setPrice(included, 20_000);
    const stale = await send(
      'POST',
      `/api/carts/${cart._id}/submit`,
      { signature: 'Alex Buyer', agree: true, _version: seen._version },
      buyer,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current.total).toBe(seen.total - 12_345 + 20_000);

    const shown = await cartNow();
    const submitted = await send(
      'POST',
      `/api/carts/${cart._id}/submit`,
      { signature: 'Alex Buyer', agree: true, _version: shown._version },
      buyer,
    );
    expect(submitted.statusCode).toBe(200);
    const signature = submitted.json().signature as NonNullable<CartData['signature']>;
    expect(signature.total).toBe(shown.total);
    expect(sumOf(signature.lines!, signature.adjustments)).toBe(shown.total);
    expect(signature.lines!.find((l) => l.option === included)!.price).toBe(20_000);
    expect(submitted.json().priceChanges).toEqual([]);
  });

  it('leaves a submitted cart as signed when prices move, and approves exactly what was signed', async () => {
    const signed = await cartNow();
    await setPrice(included, 99_999);
    const untouched = await cartNow();
    expect(untouched.total).toBe(signed.total);
    expect(untouched._version).toBe(signed._version);

    const approved = await send('POST', `/api/carts/${cart._id}/approve`, {}, manager);
    expect(approved.statusCode).toBe(200);
    const purchases = (await get('/api/schema/purchases/?limit=200')) as Array<
      Item & {
        cart: string;
        lines: Array<{ option: string; price: number; quantity: number }>;
        adjustments: Array<{ amount: number }>;
        total: number;
      }
    >;
    const purchase = purchases.find((p) => p.cart === cart._id)!;
    expect(purchase.total).toBe(signed.signature!.total);
    expect(sumOf(purchase.lines, purchase.adjustments)).toBe(purchase.total);
    expect(purchase.lines.find((l) => l.option === included)!.price).toBe(20_000);
  });

  it("opens a returned or reopened cart at today's prices, telling the buyer what moved since signing", async () => {
    const approved = await cartNow();
    const reopened = await send('POST', `/api/carts/${cart._id}/reopen`, {}, manager);
    expect(reopened.statusCode).toBe(200);
    const draft = reopened.json() as CartData;
    expect(draft.status).toBe('draft');
    expect(draft.total).toBe(approved.total - 20_000 + 99_999);
    expect(draft.priceChanges!.at(-1)).toMatchObject({ option: included, from: 20_000, to: 99_999 });
    const priced = await priceCart(db, demo!.id, draft);
    expect(draft.total).toBe(priced.total);
  });

  it('reprices drafts that carry a package when its adjustment changes', async () => {
    const packages = (await get('/api/schema/packages/')) as Item[];
    const pkg = packages[0]!;
    const drafts = (await db
      .select()
      .from(items)
      .where(
        and(eq(items.projectId, demo!.id), eq(items.collection, 'carts'), sql`data->>'status' = 'draft'`),
      )) as unknown as Array<{
      id: string;
      data: CartData;
      version: number;
    }>;
    const target = drafts.find((d) => d.id !== cart._id)!;
    await db
      .update(items)
      .set({ data: { ...target.data, package: pkg._id } })
      .where(eq(items.id, target.id));
    const response = await send(
      'PATCH',
      `/api/schema/packages/${pkg._id}`,
      { priceAdjustment: 7_500, _version: pkg._version },
      manager,
    );
    expect(response.statusCode).toBe(200);
    const [repriced] = await db.select().from(items).where(eq(items.id, target.id));
    const expected = await priceCart(db, demo!.id, repriced!.data as CartData);
    expect((repriced!.data as CartData).total).toBe(expected.total);
    expect(repriced!.version).toBe(target.version + 1);
  });

  it('keeps every draft at today’s prices through any sequence of price changes (generated)', async () => {
    const options = ((await get('/api/schema/options/?limit=200', manager)) as Item[]).slice(0, 12);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...options.map((o) => o._id)), fc.integer({ min: 0, max: 5_000_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (changes) => {
          for (const [option, price] of changes) await setPrice(option, price);
          const drafts = await db
            .select()
            .from(items)
            .where(and(eq(items.projectId, demo!.id), eq(items.collection, 'carts'), sql`data->>'status' = 'draft'`));
          for (const draft of drafts) {
            const priced = await priceCart(db, demo!.id, draft.data as CartData);
            if ((draft.data as CartData).total !== priced.total) return false;
          }
          return true;
        },
      ),
      { numRuns: 8 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { auditLog, collections, items, projects } from '../src/db/schema/index.ts';
import { demoProject } from '../src/db/seed/demo-catalogue.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { forgetCollections } from '../src/modules/decor/collections.registry.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { sqlRows } from '../src/db/client.ts';

const { app, db } = await createTestApp();
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));

type Item = Record<string, unknown> & { _id: string; _version: number };
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: object | undefined,
  cookie = manager,
  headers: Record<string, string> = {},
) => app.inject({ method, url, headers: { ...browserHeaders(cookie), ...headers }, ...(payload ? { payload } : {}) });

const firstOf = async (collection: string, query = '') =>
  (await get(`/api/schema/${collection}/?limit=1${query}`, manager)).json()[0] as Item;
const category = await firstOf('categories');

describe(`reading (${testDbKind})`, () => {
  it('serves items as { _id, ...fields, _version, createdAt, updatedAt }', async () => {
    const option = await firstOf('options');
    expect(Object.keys(option)).toEqual(
      expect.arrayContaining(['_id', 'name', 'price', 'category', '_version', 'createdAt', 'updatedAt']),
    );
    expect(option._version).toBe(1);
    expect(Number.isNaN(Date.parse(option.createdAt as string))).toBe(false);
    const one = await get(`/api/schema/options/${option._id}`);
    expect(one.json()).toEqual(option);
  });

  it('stores, on every write, the document its row says: the fields, the version and both times in UTC', async () => {
    const created = await send('POST', '/api/schema/options/', {
      name: 'Stored document',
      category: category._id,
      price: 1250,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Item)._id;
    const patched = await send('PATCH', `/api/schema/options/${id}`, { name: 'Stored document, renamed', _version: 1 });
    expect(patched.statusCode).toBe(200);
    // The times as PostgreSQL's to_char writes them, trailing zeros of the fraction dropped.
    const utc = sql`'YYYY-MM-DD"T"HH24:MI:SS.US'`;
    const [row] = await sqlRows<{
      doc: string;
      data: Record<string, unknown>;
      version: number;
      created: string;
      updated: string;
    }>(
      db,
      sql`SELECT doc, data, version, to_char(created_at AT TIME ZONE 'UTC', ${utc}) AS created, to_char(updated_at AT TIME ZONE 'UTC', ${utc}) AS updated
          FROM items WHERE project_id = ${demo!.id} AND collection = 'options' AND id = ${id}`,
    );
    const time = (text: string) => `${text.replace(/\.?0+$/, '')}+00:00`;
    const expected = {
      _id: id,
      ...row!.data,
      _version: 2,
      createdAt: time(row!.created),
      updatedAt: time(row!.updated),
    };
    expect(row!.data).toMatchObject({ name: 'Stored document, renamed', price: 1250 });
    expect(JSON.parse(row!.doc)).toEqual(expected);
    expect(patched.json()).toEqual(expected);
    expect((await get(`/api/schema/options/${id}`)).json()).toEqual(expected);
    expect((await send('DELETE', `/api/schema/options/${id}`, undefined)).statusCode).toBe(200);
  });

  it('pages 50 at a time by default, in id order, up to 200 on request', async () => {
    const page = (await get('/api/schema/options/')).json() as Item[];
    const total = demoProject.categories.flatMap((c) => c.options).length;
    expect(page).toHaveLength(Math.min(50, total));
    expect(page.map((i) => i._id)).toEqual(page.map((i) => i._id).sort());
    expect((await get('/api/schema/options/?limit=200')).json()).toHaveLength(total);
    for (const limit of ['0', '201', 'abc', '1.5'])
      expect((await get(`/api/schema/options/?limit=${limit}`)).statusCode).toBe(400);
  });

  it('filters by equality, by list membership and by number ranges', async () => {
    const level3 = (await get('/api/schema/options/?level=3&limit=200')).json() as Item[];
    const expected = demoProject.categories.flatMap((c) => c.options).filter((o) => o.level === 3).length;
    expect(level3).toHaveLength(expected);
    const ranged = (await get('/api/schema/options/?price[gte]=200000&price[lte]=300000&limit=200')).json() as Item[];
    expect(ranged.length).toBeGreaterThan(0);
    for (const option of ranged) expect(option.price as number).toBeGreaterThanOrEqual(200000);
    for (const option of ranged) expect(option.price as number).toBeLessThanOrEqual(300000);
    const inRoom = (
      await get(`/api/schema/options/?rooms=${(category.rooms as string[])[0]}&limit=200`)
    ).json() as Item[];
    for (const option of inRoom) expect(option.rooms).toContain((category.rooms as string[])[0]);
    expect(
      (await get('/api/schema/options/?active=true&standard=true&limit=200')).json().every((o: Item) => o.price === 0),
    ).toBe(true);
  });

  it('refuses filters on unknown fields, bad numbers and ranges on text', async () => {
    for (const query of [
      'colour=red',
      'price=cheap',
      'name[gte]=3',
      'level[gte]=',
      'active=yes',
      'swatch=x',
      'constructor=1',
      'toString=1',
    ]) {
      const response = await get(`/api/schema/options/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('is a JSON 404 for an unknown collection, item, or project, and 400 for a malformed id', async () => {
    expect((await get('/api/schema/widgets/')).statusCode).toBe(404);
    expect((await get(`/api/schema/options/${uuidv7()}`)).statusCode).toBe(404);
    expect((await get('/api/schema/options/not-an-id')).statusCode).toBe(400);
    const unknownProject = await app.inject({
      method: 'GET',
      url: '/api/schema/options/',
      headers: { projectid: 'nowhere' },
    });
    expect(unknownProject.statusCode).toBe(404);
  });

  it('describes every collection, and one, with JSON Schema and UI hints', async () => {
    const all = (await get('/api/schema/')).json() as Array<{ name: string }>;
    expect(all.map((c) => c.name)).toEqual([
      'rooms',
      'categories',
      'options',
      'packages',
      'plans',
      'units',
      'carts',
      'purchases',
      'leads',
      'comments',
      'notes',
    ]);
    const ui = (await get('/api/schema/$ui')).json();
    expect(ui.options).toMatchObject({ label: 'Options', group: 'Catalogue' });
    const options = (await get('/api/schema/options/$')).json();
    expect(options.schema.required).toEqual(expect.arrayContaining(['name', 'category', 'price']));
  });
});

describe(`writing (${testDbKind})`, () => {
  let created: Item;

  it('creates an item with defaults, validated against the schema', async () => {
    const response = await send('POST', '/api/schema/options/', {
      name: 'Cork Plank',
      category: category._id,
      price: 99900,
      sku: 'CORK-1',
    });
    expect(response.statusCode).toBe(201);
    created = response.json();
    expect(created).toMatchObject({ name: 'Cork Plank', price: 99900, level: 1, active: true, rooms: [], _version: 1 });
  });

  it('refuses invalid items with a 400 naming each bad field, and stores nothing', async () => {
    const before = (await db.select().from(items)).length;
    const response = await send('POST', '/api/schema/options/', { name: '', category: 'x', price: 1.5, colour: 'red' });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.details.issues as Array<{ field: string }>).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'category', 'price', 'colour']));
    expect((await db.select().from(items)).length).toBe(before);
  });

  it('refuses a reference to a missing item with a 422', async () => {
    const missing = uuidv7();
    const response = await send('POST', '/api/schema/options/', { name: 'Ghost', category: missing, price: 0 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.missing).toEqual([{ collection: 'categories', _id: missing }]);
  });

  it('changes an item at the version read, and refuses a stale version with the current item', async () => {
    const first = await send('PATCH', `/api/schema/options/${created._id}`, { price: 120000 }, manager, {
      'if-match': '1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ price: 120000, name: 'Cork Plank', _version: 2 });
    const stale = await send('PATCH', `/api/schema/options/${created._id}`, { price: 1, _version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current).toMatchObject({ price: 120000, _version: 2 });
    const noVersion = await send('PATCH', `/api/schema/options/${created._id}`, { price: 1 });
    expect(noVersion.statusCode).toBe(400);
    expect((await get(`/api/schema/options/${created._id}`)).json().price).toBe(120000);
  });

  it('lets exactly one of 20 concurrent changes at the same version win', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('PATCH', `/api/schema/options/${created._id}`, { sku: `RACE-${i}`, _version: 2 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await get(`/api/schema/options/${created._id}`)).json()).toMatchObject({ sku: winner.sku, _version: 3 });
  });

  it('records every write in the audit log with before and after', async () => {
    const entries = await db.select().from(auditLog).where(eq(auditLog.itemId, created._id)).orderBy(auditLog.at);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    // An update keeps the fields it changed, before and after; a creation the whole document.
    expect(entries[1]!.before).toEqual({ price: 99900 });
    expect(entries[1]!.after).toEqual({ price: 120000 });
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ name: 'Cork Plank', price: 99900, sku: 'CORK-1' });
  });

  it('refuses to delete an item others refer to, listing them; deletes it once free', async () => {
    const blocked = await send('DELETE', `/api/schema/categories/${category._id}`, undefined);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.details.referrers.length).toBeGreaterThan(0);
    expect(blocked.json().error.details.referrers[0].collection).toBe('options');
    const deleted = await send('DELETE', `/api/schema/options/${created._id}`, undefined);
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/schema/options/${created._id}`)).statusCode).toBe(404);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemId, created._id), eq(auditLog.action, 'delete')));
    expect(entries).toHaveLength(1);
  });
});

describe(`carts (${testDbKind})`, () => {
  it("recomputes the total from current prices and ignores the client's", async () => {
    const cart = (await get('/api/schema/carts/', buyer)).json()[0] as Item;
    const options = (await get('/api/schema/options/?limit=200')).json() as Item[];
    // Two priced options without rules, from two different categories: a valid choice.
    const free = options.filter(
      (o) =>
        (o.price as number) > 0 && [o.requires, o.excludes, o.plans].every((list) => (list as string[]).length === 0),
    );
    const pick = [free[0]!, free.find((o) => o.category !== free[0]!.category)!];
    const selections = [
      { option: pick[0]!._id, quantity: 1 },
      { option: pick[1]!._id, quantity: 3 },
    ];
    const response = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { selections, total: 1, _version: cart._version },
      buyer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe((pick[0]!.price as number) + 3 * (pick[1]!.price as number));
  });

  it("lets a buyer change only the buyer's fields of their own draft cart", async () => {
    const cart = (await get('/api/schema/carts/', buyer)).json()[0] as Item;
    const status = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { status: 'approved', _version: cart._version },
      buyer,
    );
    expect(status.statusCode).toBe(403);
    const notes = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { notes: 'Please call me', _version: cart._version },
      buyer,
    );
    expect(notes.statusCode).toBe(200);
  });

  it("keeps a buyer out of other buyers' carts", async () => {
    const all = (await get('/api/schema/carts/?limit=200', manager)).json() as Item[];
    const mine = (await get('/api/schema/carts/?limit=200', buyer)).json() as Item[];
    expect(mine).toHaveLength(1);
    const other = all.find((c) => c._id !== mine[0]!._id)!;
    expect((await get(`/api/schema/carts/${other._id}`, buyer)).statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/schema/carts/${other._id}`, { notes: 'x', _version: other._version }, buyer))
        .statusCode,
    ).toBe(404);
  });

  it('locks a submitted cart against its buyer', async () => {
    const olivia = (await signIn(app, 'olivia.chen@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const cart = (await get('/api/schema/carts/', olivia)).json()[0] as Item;
    expect(cart.status).toBe('submitted');
    const response = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { notes: 'late change', _version: cart._version },
      olivia,
    );
    expect(response.statusCode).toBe(423);
  });
});

describe(`cart rules (${testDbKind})`, () => {
  it('refuses a choice that breaks a rule with a 422 naming it, and keeps the cart', async () => {
    const cart = (await get('/api/schema/carts/', buyer)).json()[0] as Item;
    const options = (await get('/api/schema/options/?limit=200')).json() as Item[];
    const needsSomething = options.find((o) => (o.requires as string[]).length > 0)!;
    const response = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { selections: [{ option: needsSomething._id, quantity: 1 }], _version: cart._version },
      buyer,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(new RegExp(`^${needsSomething.name as string}: Needs .+ first\\.$`));
    expect(response.json().error.details.violations[0].reason.kind).toBe('requires');
    expect((await get(`/api/schema/carts/${cart._id}`, buyer)).json()).toEqual(cart);
  });

  it('refuses an option limited to another plan', async () => {
    // Hannah's unit is a one-bedroom (The Birch); some options are for the two-bedroom only.
    const hannah = (await signIn(app, 'hannah.lee@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const cart = (await get('/api/schema/carts/', hannah)).json()[0] as Item;
    const unit = (await get(`/api/schema/units/${cart.unit as string}`, hannah)).json() as Item;
    const options = (await get('/api/schema/options/?limit=200')).json() as Item[];
    const otherPlan = options.find(
      (o) => (o.plans as string[]).length > 0 && !(o.plans as string[]).includes(unit.plan as string),
    );
    if (!otherPlan) throw new Error('the demo has no option limited to the other plan');
    const response = await send(
      'PATCH',
      `/api/schema/carts/${cart._id}`,
      { selections: [{ option: otherPlan._id, quantity: 1 }], _version: cart._version },
      hannah,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('Not offered for your home’s plan.');
  });
});

describe(`paging (${testDbKind})`, () => {
  it('returns each of 1,000 items exactly once across pages', async () => {
    await db.execute(sql`INSERT INTO items (project_id, collection, id, data)
      SELECT ${demo!.id}, 'rooms', (
        lpad(to_hex((extract(epoch from now()) * 1000)::bigint + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
        jsonb_build_object('name', 'Bulk room ' || g)
      FROM generate_series(1, 1000) g`);
    const seen: string[] = [];
    let afterId = '';
    for (let page = 0; page < 100; page++) {
      const batch = (await get(`/api/schema/rooms/?limit=50${afterId ? `&afterId=${afterId}` : ''}`)).json() as Item[];
      seen.push(...batch.map((i) => i._id));
      if (batch.length < 50) break;
      afterId = batch[batch.length - 1]!._id;
    }
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.length).toBe(1000 + demoProject.rooms.length);
  });
});

describe(`custom collections and extra fields (${testDbKind})`, () => {
  it('serves a collection defined in the database, validated by its schema', async () => {
    await db.insert(collections).values({
      id: uuidv7(),
      projectId: demo!.id,
      name: 'amenities',
      schema: {
        type: 'object',
        properties: { title: { type: 'string', minLength: 1 }, floor: { type: 'integer' } },
        required: ['title'],
      },
      ui: { label: 'Amenities' },
    });
    forgetCollections(demo!.id); // as the model builder does after a change
    const created = await send('POST', '/api/schema/amenities/', { title: 'Rooftop terrace', floor: 12 });
    expect(created.statusCode).toBe(201);
    expect((await get('/api/schema/amenities/')).json()).toEqual([
      expect.objectContaining({ title: 'Rooftop terrace', floor: 12 }),
    ]);
    expect((await send('POST', '/api/schema/amenities/', { floor: 'twelve' })).statusCode).toBe(400);
  });

  it('adds extra fields to a built-in collection', async () => {
    await db.insert(collections).values({
      id: uuidv7(),
      projectId: demo!.id,
      name: 'options',
      schema: { type: 'object', properties: { leadTimeDays: { type: 'integer', minimum: 0 } } },
    });
    forgetCollections(demo!.id);
    const option = await firstOf('options');
    const response = await send('PATCH', `/api/schema/options/${option._id}`, {
      leadTimeDays: 21,
      _version: option._version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().leadTimeDays).toBe(21);
    expect(
      (await send('PATCH', `/api/schema/options/${option._id}`, { leadTimeDays: -1, _version: 2 })).statusCode,
    ).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { projects, sessions, users } from '../src/db/schema/index.ts';
import { sqlRows } from '../src/db/client.ts';
import { cartItems } from '../src/modules/carts/carts.repo.ts';
import { getItemJson } from '../src/modules/decor/items.repo.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, DEMO_HOST, signIn } from './support/identity.ts';

/**
 * Reads asked at once share one query (docs/performance.md, "Round trips"): each request
 * still gets exactly its own answer, a bad one spoils nobody else's, and in a transaction or
 * on the embedded database nothing is shared.
 */

const { app, db } = await createTestApp();
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const visitor = browserHeaders();
const HARBOUR_HOST = DEMO_HOST.replace(/^demo\./, 'harbour.');

/** Counts the queries this test's pool sends whose text contains `marker`, while `work` runs. */
async function queriesDuring(marker: string, work: () => Promise<unknown>): Promise<number> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    // The embedded database: count what drizzle sends through it.
    let count = 0;
    const client = pool as { query: (...args: unknown[]) => Promise<unknown> };
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      if (String(args[0]).includes(marker)) count++;
      return original(...args);
    };
    try {
      await work();
    } finally {
      client.query = original;
    }
    return count;
  }
  let count = 0;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (text?.includes(marker)) count++;
    return original(...args);
  };
  try {
    await work();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return count;
}

describe(`coalesced reads through the API (${testDbKind})`, () => {
  const ids = async () =>
    (
      await sqlRows<{ id: string }>(
        db,
        sql`SELECT id FROM items WHERE project_id = ${demo!.id} AND collection = 'options' ORDER BY id LIMIT 12`,
      )
    ).map((row) => row.id);

  it('gives each of many pages asked at once its own page, as asked alone', async () => {
    const starts = await ids();
    const page = (id: string) =>
      app.inject({ method: 'GET', url: `/api/schema/options/?limit=3&afterId=${id}`, headers: visitor });
    let together: string[] = [];
    // Pages nobody asked before: no kept answer serves them.
    const queries = await queriesDuring('WITH ORDINALITY', async () => {
      together = (await Promise.all(starts.map(page))).map((response: { body: string }) => response.body);
    });
    const alone: string[] = [];
    for (const id of starts) alone.push((await page(id)).body);
    expect(together).toEqual(alone);
    const pages = together.map((body) => JSON.parse(body) as Array<{ _id: string }>);
    pages.forEach((items, i) => {
      expect(items).toHaveLength(3);
      expect(items[0]!._id > starts[i]!).toBe(true);
    });
    // PostgreSQL: one query for the pages asked in the same turn; the embedded database: one each.
    if (testDbKind === 'postgres') expect(queries).toBeLessThan(starts.length);
    else expect(queries).toBe(starts.length);
  });

  it('never lets pages of different shapes asked at once share a query: filter, size, project, what the caller may see', async () => {
    const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const asks = [
      { url: '/api/schema/options/?limit=3', headers: visitor },
      { url: '/api/schema/options/?limit=4', headers: visitor },
      { url: '/api/schema/options/?limit=3&level=2', headers: visitor },
      { url: '/api/schema/options/?limit=3&level=3', headers: visitor },
      { url: '/api/schema/options/?limit=3', headers: browserHeaders(undefined, HARBOUR_HOST) },
      // A visitor sees units' public face, a manager the whole unit.
      { url: '/api/schema/units/?limit=2', headers: visitor },
      { url: '/api/schema/units/?limit=2', headers: browserHeaders(manager) },
    ];
    const ask = ({ url, headers }: (typeof asks)[number]) => app.inject({ method: 'GET', url, headers });
    const together = await Promise.all(asks.map(ask));
    const alone = [];
    for (const one of asks) alone.push(await ask(one));
    expect(together.map((response) => response.statusCode)).toEqual(asks.map(() => 200));
    expect(together.map((response) => response.body)).toEqual(alone.map((response) => response.body));
    const pages = together.map((response) => response.json() as Array<Record<string, unknown>>);
    expect(pages.map((page) => page.length)).toEqual([3, 4, 3, 3, 3, 2, 2]);
    expect(pages[2]!.every((option) => option.level === 2)).toBe(true);
    expect(pages[3]!.every((option) => option.level === 3)).toBe(true);
    const demoIds = new Set(pages[0]!.map((option) => option._id));
    expect(pages[4]!.some((option) => demoIds.has(option._id))).toBe(false);
    expect(pages[5]![0]).not.toHaveProperty('buyers');
    expect(pages[6]![0]).toHaveProperty('buyers');
  });

  it('never lets reads of one item that show different parts of it share a query', async () => {
    const [unit] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT id FROM items WHERE project_id = ${demo!.id} AND collection = 'units' ORDER BY id LIMIT 1`,
    );
    const item = { projectId: demo!.id, collection: 'units', id: unit!.id };
    // Asked in one turn, as a visitor's read (a public face) and a manager's (the whole unit) can be.
    const publicFace = { ...item, document: sql`jsonb_build_object('name', i.data->'name')`, shape: 'public' };
    const whole = { ...item, shape: 'whole' };
    const [a, b, c, d] = (
      await Promise.all([publicFace, whole, publicFace, whole].map((read) => getItemJson(db, read)))
    ).map((body) => JSON.parse(body!) as Record<string, unknown>);
    expect(Object.keys(a!).sort()).toEqual(['_id', '_version', 'createdAt', 'name', 'updatedAt']);
    expect(b).toHaveProperty('buyers');
    expect(c).toEqual(a);
    expect(d).toEqual(b);
  });

  it('answers a missing item 404 and its neighbours in the same query 200', async () => {
    const [first, second] = await ids();
    const missing = '01890000-0000-7000-8000-000000000000';
    const [a, b, c] = await Promise.all(
      [first, missing, second].map((id) =>
        app.inject({ method: 'GET', url: `/api/schema/options/${id}`, headers: visitor }),
      ),
    );
    expect([a!.statusCode, b!.statusCode, c!.statusCode]).toEqual([200, 404, 200]);
    expect(a!.json()._id).toBe(first);
    expect(c!.json()._id).toBe(second);
  });

  it('tells each signed-in person apart when their sessions are read together, and refuses a revoked one among them', async () => {
    const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const doomed = (await signIn(app, 'manager@harbour.test', TEST_DEMO_PASSWORD)).cookie;
    const [harbour] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@harbour.test'));
    await db.delete(sessions).where(eq(sessions.userId, harbour!.id));
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) });
    const answers = await Promise.all([me(buyer), me(manager), me(doomed), me(buyer), me(manager)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 200, 200]);
    expect(
      answers.filter((r) => r.statusCode === 200).map((response) => (response.json() as { email: string }).email),
    ).toEqual(['buyer@demo.test', 'manager@demo.test', 'buyer@demo.test', 'manager@demo.test']);
  });

  it('reads one person’s role in each project their requests name, when they are read together', async () => {
    const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const dashboard = (host: string) =>
      app.inject({ method: 'GET', url: '/api/manage/dashboard', headers: browserHeaders(manager, host) });
    const hosts = [DEMO_HOST, HARBOUR_HOST, DEMO_HOST, HARBOUR_HOST];
    const together = (await Promise.all(hosts.map(dashboard))).map((response) => response.statusCode);
    const alone: number[] = [];
    for (const host of hosts) alone.push((await dashboard(host)).statusCode);
    // A manager of demo, nobody in harbour: the same cookie, another project, another role.
    expect(together).toEqual([200, 403, 200, 403]);
    expect(together).toEqual(alone);
  });
});

describe(`the items of carts asked at once (${testDbKind})`, () => {
  it('gives each cart exactly the items it names and their categories, as asked alone, each item read once', async () => {
    const options = await sqlRows<{ id: string; category: string }>(
      db,
      sql`SELECT id, data->>'category' AS category FROM items WHERE project_id = ${demo!.id} AND collection = 'options' ORDER BY id`,
    );
    const firstOf = new Map<string, string>();
    for (const option of options) if (!firstOf.has(option.category)) firstOf.set(option.category, option.id);
    const [a, b, c] = [...firstOf.values()];
    expect(c).toBeDefined();
    const [unit] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT id FROM items WHERE project_id = ${demo!.id} AND collection = 'units' ORDER BY id LIMIT 1`,
    );
    const categoryOf = (id: string) => options.find((option) => option.id === id)!.category;
    // Carts that share options, one that shares nothing, one that names an option that is not there.
    const asks = [
      { options: [a!, b!], units: [unit!.id] },
      { options: [b!, c!] },
      { options: [c!] },
      { options: [a!, '01890000-0000-7000-8000-000000000000'] },
    ];
    const expected = asks.map((ask) =>
      [
        ...ask.options
          .filter((id) => options.some((option) => option.id === id))
          .flatMap((id) => [`options:${id}`, `categories:${categoryOf(id)}`]),
        ...(ask.units ?? []).map((id) => `units:${id}`),
      ]
        .filter((key, i, all) => all.indexOf(key) === i)
        .sort(),
    );
    const keys = (items: Array<{ collection: string; id: string }>) =>
      items.map((item) => `${item.collection}:${item.id}`).sort();
    let together: Awaited<ReturnType<typeof cartItems>>[] = [];
    const queries = await queriesDuring('array_agg(w.k)', async () => {
      together = await Promise.all(asks.map((ask) => cartItems(db, demo!.id, ask)));
    });
    const alone: typeof together = [];
    for (const ask of asks) alone.push(await cartItems(db, demo!.id, ask));
    expect(together.map(keys)).toEqual(expected);
    expect(alone.map(keys)).toEqual(expected);
    expect(together.map((items) => items.map((item) => item.data.name).sort())).toEqual(
      alone.map((items) => items.map((item) => item.data.name).sort()),
    );
    // The copy the carts share is frozen: a rule that changed it would change another cart's.
    expect(together.flat().every((item) => Object.isFrozen(item) && Object.isFrozen(item.data))).toBe(true);
    if (testDbKind === 'postgres') expect(queries).toBe(1);
    else expect(queries).toBe(asks.length);
  });
});

describe(`updates asked at once (${testDbKind})`, () => {
  type Item = { _id: string; _version: number; name: string };
  const manager = async () => (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
  const list = async (cookie: string, collection: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/schema/${collection}/?limit=6`, headers: browserHeaders(cookie) })
    ).json() as Item[];
  const patch = (cookie: string, collection: string, item: Item, change: object) =>
    app.inject({
      method: 'PATCH',
      url: `/api/schema/${collection}/${item._id}`,
      headers: browserHeaders(cookie),
      payload: { ...change, _version: item._version },
    });

  it('writes each, with its audit entry, in fewer statements than updates', async () => {
    const cookie = await manager();
    const rooms = await list(cookie, 'rooms');
    let answers: Array<{ statusCode: number; json(): unknown }> = [];
    const statements = await queriesDuring('jsonb_to_recordset', async () => {
      answers = await Promise.all(rooms.map((room) => patch(cookie, 'rooms', room, { name: `${room.name} ·` })));
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual(rooms.map(() => 200));
    answers.forEach((answer, i) =>
      expect(answer.json()).toMatchObject({
        _id: rooms[i]!._id,
        name: `${rooms[i]!.name} ·`,
        _version: rooms[i]!._version + 1,
      }),
    );
    const audited = await sqlRows<{ item_id: string }>(
      db,
      sql`SELECT item_id FROM audit_log WHERE collection = 'rooms' AND action = 'update' AND after->>'name' LIKE '% ·'`,
    );
    expect(new Set(audited.map((row) => row.item_id))).toEqual(new Set(rooms.map((room) => room._id)));
    if (testDbKind === 'postgres') expect(statements).toBeLessThan(rooms.length);
    else expect(statements).toBe(rooms.length);
  });

  it('fails only the update that breaks a rule of the table, and writes the others', async () => {
    const cookie = await manager();
    const [a, b, c] = await list(cookie, 'units');
    const answers = await Promise.all([
      patch(cookie, 'units', a!, { name: 'Twin 9' }),
      patch(cookie, 'units', b!, { name: 'Twin 9' }),
      patch(cookie, 'units', c!, { name: 'Single 9' }),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.slice(0, 2).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      error: { key: 'unit.name-taken' },
    });
    expect(codes[2]).toBe(200);
    const names = await sqlRows<{ name: string }>(
      db,
      sql`SELECT data->>'name' AS name FROM items WHERE collection = 'units' AND data->>'name' LIKE '% 9'`,
    );
    expect(names.map((row) => row.name).sort()).toEqual(['Single 9', 'Twin 9']);
  });

  it('lets only one of two changes of the same version of an item through', async () => {
    const cookie = await manager();
    const [room] = await list(cookie, 'rooms');
    const answers = await Promise.all([
      patch(cookie, 'rooms', room!, { name: 'First' }),
      patch(cookie, 'rooms', room!, { name: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [stored] = await sqlRows<{ name: string; version: number }>(
      db,
      sql`SELECT data->>'name' AS name, version FROM items WHERE id = ${room!._id}`,
    );
    expect(stored!.version).toBe(room!._version + 1);
    expect(stored!.name).toBe((answers.find((answer) => answer.statusCode === 200)!.json() as Item).name);
  });
});

describe(`carts priced at once (${testDbKind})`, () => {
  it('gives each cart its own items, rules and total when several are changed together', async () => {
    const cookie = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const carts = (
      await app.inject({ method: 'GET', url: '/api/schema/carts/?limit=10', headers: browserHeaders(cookie) })
    ).json() as Array<{
      _id: string;
      _version: number;
      total: number;
      selections: unknown[];
    }>;
    const priced = carts.filter((cart) => cart.selections.length > 0);
    expect(new Set(priced.map((cart) => cart.total)).size).toBeGreaterThan(1);
    let answers: Array<{ statusCode: number; json(): unknown }> = [];
    const queries = await queriesDuring('array_agg(w.k)', async () => {
      answers = await Promise.all(
        priced.map((cart) =>
          app.inject({
            method: 'PATCH',
            url: `/api/schema/carts/${cart._id}`,
            headers: browserHeaders(cookie),
            payload: { notes: 'together', _version: cart._version },
          }),
        ),
      );
    });
    answers.forEach((answer, i) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ _id: priced[i]!._id, total: priced[i]!.total, notes: 'together' });
    });
    if (testDbKind === 'postgres') expect(queries).toBeLessThan(priced.length);
    else expect(queries).toBe(priced.length);
  });
});

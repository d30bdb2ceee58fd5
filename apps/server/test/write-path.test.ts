import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError, message, type CoreKey } from '@decor/core';
import { auditLog, items, projects, users } from '../src/db/schema/index.ts';
import { CHANGE_CHANNEL, type FeedEvent } from '../src/db/change-feed.ts';
import { writeBatch } from '../src/modules/decor/items.write.ts';
import { idsAt } from '../src/modules/decor/refs.ts';
import { sqlRows } from '../src/db/client.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

/** The one write path of collection data, its hooks and the change feed (docs/architecture.md). */

const { app, db, database } = await createTestApp();
/** A second app in this process, on a database of its own: closing it must empty the process's caches. */
const other = await createTestApp({ seed: false });
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const managerId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@demo.test')))[0]!.id;

type Item = Record<string, unknown> & { _id: string; _version: number };
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(manager), ...(payload ? { payload } : {}) });
const firstOf = async (collection: string) =>
  (await send('GET', `/api/schema/${collection}/?limit=1`)).json()[0] as Item;
const auditCount = async (itemId: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.itemId, itemId))).length;

/** Collects what the feed announces while `work` runs, and a moment after (delivery is asynchronous). */
async function announced(work: () => Promise<unknown>): Promise<FeedEvent[]> {
  const seen: FeedEvent[] = [];
  const stop = database.changes.subscribe((event) => seen.push(event));
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 150));
  } finally {
    stop();
  }
  return seen;
}

describe(`collection hooks (${testDbKind})`, () => {
  it('lets a module add a rule to a collection without touching the engine: the API, and every other writer, obey it', async () => {
    const room = await firstOf('rooms');
    // A new rule, written as a hook: a room's name is never all capitals; its slug follows its name.
    const remove = app.collectionHooks.register('rooms', {
      beforeChange({ data }) {
        const name = String(data.name ?? '');
        if (name.length > 1 && name === name.toUpperCase())
          throw new DomainError('rule_broken', 'Write a room’s name as a person would, not in capitals.');
        return { ...data, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') };
      },
    });
    try {
      const shouted = await send('PATCH', `/api/schema/rooms/${room._id}`, {
        name: 'KITCHEN',
        _version: room._version,
      });
      expect(shouted.statusCode).toBe(422);
      expect(shouted.json().error).toMatchObject({
        code: 'rule_broken',
        message: 'Write a room’s name as a person would, not in capitals.',
      });
      expect(((await send('GET', `/api/schema/rooms/${room._id}`)).json() as Item)._version).toBe(room._version);

      const renamed = await send('PATCH', `/api/schema/rooms/${room._id}`, {
        name: 'Chef’s Kitchen',
        _version: room._version,
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: 'Chef’s Kitchen',
        slug: 'chef-s-kitchen',
        _version: room._version + 1,
      });

      // The batch path (imports) runs the same hook.
      const batch = writeBatch(
        db,
        { project: demo!, actorId: managerId, origin: 'staff', hooks: app.collectionHooks },
        [
          { op: 'create', collection: 'rooms', data: { name: 'Loft', order: 90, slug: 'x' } },
          { op: 'create', collection: 'rooms', data: { name: 'ATTIC', order: 91, slug: 'y' } },
        ],
      );
      await expect(batch).rejects.toMatchObject({ code: 'rule_broken' });
    } finally {
      remove();
    }
    // Removed, the rule no longer applies.
    const current = (await send('GET', `/api/schema/rooms/${room._id}`)).json() as Item;
    expect(
      (await send('PATCH', `/api/schema/rooms/${room._id}`, { name: 'KITCHEN', _version: current._version }))
        .statusCode,
    ).toBe(200);
  });

  it('runs afterChange in the transaction: a hook that fails undoes the write and its audit entry', async () => {
    const room = await firstOf('rooms');
    const before = await auditCount(room._id);
    const remove = app.collectionHooks.register('rooms', {
      afterChange() {
        throw new DomainError('conflict', 'Refused after the write.');
      },
    });
    try {
      const response = await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 42, _version: room._version });
      expect(response.statusCode).toBe(409);
    } finally {
      remove();
    }
    const after = (await send('GET', `/api/schema/rooms/${room._id}`)).json() as Item;
    expect(after._version).toBe(room._version);
    expect(after.order).toBe(room.order);
    expect(after.order).not.toBe(42);
    expect(await auditCount(room._id)).toBe(before);
  });
});

describe(`the batch write (${testDbKind})`, () => {
  const base = () => ({ project: demo!, actorId: managerId, origin: 'staff' as const, hooks: app.collectionHooks });

  it('writes many items in one transaction with one audit entry each', async () => {
    const results = await writeBatch(db, base(), [
      { op: 'create', collection: 'rooms', data: { name: 'Mudroom', order: 80, slug: 'mudroom' } },
      { op: 'create', collection: 'rooms', data: { name: 'Pantry', order: 81, slug: 'pantry' } },
    ]);
    expect(results.map((r) => r.op)).toEqual(['create', 'create']);
    for (const { _id } of results) expect(await auditCount(_id)).toBe(1);
    const [first] = results;
    const changed = await writeBatch(db, base(), [
      { op: 'update', collection: 'rooms', id: first!._id, data: { order: 82 }, expectedVersion: 1 },
      { op: 'delete', collection: 'rooms', id: results[1]!._id },
    ]);
    expect(changed).toHaveLength(2);
    expect((await send('GET', `/api/schema/rooms/${first!._id}`)).json()).toMatchObject({ order: 82, _version: 2 });
    expect((await send('GET', `/api/schema/rooms/${results[1]!._id}`)).statusCode).toBe(404);
    expect(await auditCount(results[1]!._id)).toBe(2);
  });

  it('is all or nothing: one invalid item leaves every other unwritten', async () => {
    const countRooms = async () =>
      (
        await db
          .select()
          .from(items)
          .where(and(eq(items.projectId, demo!.id), eq(items.collection, 'rooms')))
      ).length;
    const rooms = await countRooms();
    const audits = (await db.select().from(auditLog)).length;
    const batch = writeBatch(db, base(), [
      { op: 'create', collection: 'rooms', data: { name: 'Studio', order: 83, slug: 'studio' } },
      { op: 'create', collection: 'rooms', data: { name: 'Nameless', order: 'first' } },
    ]);
    await expect(batch).rejects.toMatchObject({ code: 'bad_request' });
    expect(await countRooms()).toBe(rooms);
    expect((await db.select().from(auditLog)).length).toBe(audits);
  });

  it('refuses a stale version inside a batch, changing nothing', async () => {
    const room = await firstOf('rooms');
    const batch = writeBatch(db, base(), [
      { op: 'update', collection: 'rooms', id: room._id, data: { order: 1 }, expectedVersion: room._version + 5 },
    ]);
    await expect(batch).rejects.toMatchObject({ code: 'conflict' });
    expect(((await send('GET', `/api/schema/rooms/${room._id}`)).json() as Item)._version).toBe(room._version);
  });
});

describe(`the change feed (${testDbKind})`, () => {
  it('announces each committed create, update and delete with ids and the new version', async () => {
    let created: Item | undefined;
    const events = await announced(async () => {
      created = (await send('POST', '/api/schema/rooms/', { name: 'Gym', order: 84, slug: 'gym' })).json() as Item;
      await send('PATCH', `/api/schema/rooms/${created._id}`, { order: 85, _version: 1 });
      await send('DELETE', `/api/schema/rooms/${created._id}`);
    });
    const mine = events.filter((event) => event.op !== 'reset' && event.id === created!._id);
    expect(mine).toEqual([
      { project: demo!.id, collection: 'rooms', id: created!._id, version: 1, op: 'create' },
      { project: demo!.id, collection: 'rooms', id: created!._id, version: 2, op: 'update' },
      { project: demo!.id, collection: 'rooms', id: created!._id, version: 2, op: 'delete' },
    ]);
  });

  it('announces nothing for a write that was refused or rolled back', async () => {
    const room = await firstOf('rooms');
    const events = await announced(async () => {
      expect(
        (await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 'first', _version: room._version })).statusCode,
      ).toBe(400);
      expect(
        (await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 3, _version: room._version + 1 })).statusCode,
      ).toBe(409);
      const remove = app.collectionHooks.register('rooms', {
        afterChange() {
          throw new DomainError('conflict', 'no');
        },
      });
      try {
        expect(
          (await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 3, _version: room._version })).statusCode,
        ).toBe(409);
      } finally {
        remove();
      }
    });
    expect(events.filter((event) => event.op !== 'reset' && event.id === room._id)).toEqual([]);
  });

  it('announces the writes the server makes itself (a price change repricing open carts)', async () => {
    const carts = (await send('GET', '/api/schema/carts/?limit=200')).json() as Item[];
    const chosen = carts
      .flatMap((cart) => (cart.status === 'draft' ? ((cart.selections as Array<{ option: string }>) ?? []) : []))
      .map((s) => s.option);
    expect(chosen.length).toBeGreaterThan(0);
    const option = (await send('GET', `/api/schema/options/${chosen[0]}`)).json() as Item;
    const events = await announced(() =>
      send('PATCH', `/api/schema/options/${option._id}`, {
        price: (option.price as number) + 100,
        _version: option._version,
      }),
    );
    const collections = events.flatMap((event) => (event.op === 'reset' ? [] : [event.collection]));
    expect(collections).toContain('options');
    expect(collections).toContain('carts');
  });

  const projectName = async () =>
    ((await app.inject({ method: 'GET', url: '/api/project', headers: browserHeaders() })).json() as { name: string })
      .name;
  /** Renames the project as another server would: the row changes and, when `announce`, the change is announced. */
  const rename = async (name: string, announce: boolean) => {
    await db.execute(sql`UPDATE projects SET name = ${name} WHERE id = ${demo!.id}`);
    if (!announce) return;
    await db.execute(
      sql`SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${demo!.id}::text, 'collection', '$project', 'id', ${demo!.id}::text, 'version', 0, 'op', 'update')::text)`,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
  };

  it('keeps the cached project exact: a change another server commits shows on the next request', async () => {
    expect(await projectName()).toBe(demo!.name);
    await rename('Harbourfront Renamed', true);
    expect(await projectName()).toBe('Harbourfront Renamed');
    await rename(demo!.name, true);
    expect(await projectName()).toBe(demo!.name);
  });

  it('keeps nothing once an app closes: an app built after it in the same process reads its own database', async () => {
    expect(await projectName()).toBe(demo!.name);
    // A row changed with no announcement stands in for another database's row: the cache still has the old one.
    await rename('Renamed unannounced', false);
    try {
      expect(await projectName()).toBe(demo!.name);
      await other.app.close();
      expect(await projectName()).toBe('Renamed unannounced');
    } finally {
      await rename(demo!.name, true);
    }
  });
});

describe(`reads kept between requests (${testDbKind})`, () => {
  const visitorGet = async (url: string) => app.inject({ method: 'GET', url, headers: browserHeaders() });

  it('shows a visitor the change the moment it commits on this server', async () => {
    const first = ((await visitorGet('/api/schema/options/?limit=3')).json() as Item[])[0]!;
    expect(((await visitorGet(`/api/schema/options/${first._id}`)).json() as Item).name).toBe(first.name);
    const renamed = await send('PATCH', `/api/schema/options/${first._id}`, {
      name: `${String(first.name)} (new)`,
      _version: first._version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(((await visitorGet('/api/schema/options/?limit=3')).json() as Item[])[0]!.name).toBe(
      `${String(first.name)} (new)`,
    );
    expect(((await visitorGet(`/api/schema/options/${first._id}`)).json() as Item).name).toBe(
      `${String(first.name)} (new)`,
    );
  });

  it('shows the change another server commits as soon as the feed announces it', async () => {
    const first = ((await visitorGet('/api/schema/rooms/?limit=1')).json() as Item[])[0]!;
    await db.execute(
      sql`UPDATE items SET data = jsonb_set(data, '{name}', '"Great Room"'), version = version + 1 WHERE id = ${first._id}`,
    );
    await db.execute(
      sql`SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${demo!.id}::text, 'collection', 'rooms', 'id', ${first._id}::text, 'version', 9, 'op', 'update')::text)`,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(((await visitorGet('/api/schema/rooms/?limit=1')).json() as Item[])[0]!.name).toBe('Great Room');
  });

  it('never shares what depends on who asks: a buyer sees their own unit whole, a visitor its public face', async () => {
    const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const mine = (
      (await app.inject({ method: 'GET', url: '/api/carts/mine', headers: browserHeaders(buyer) })).json() as Array<{
        unit: { _id: string };
      }>
    )[0]!;
    const asVisitor = (await visitorGet(`/api/schema/units/${mine.unit._id}`)).json() as Item;
    const asBuyer = (
      await app.inject({ method: 'GET', url: `/api/schema/units/${mine.unit._id}`, headers: browserHeaders(buyer) })
    ).json() as Item;
    const asVisitorAgain = (await visitorGet(`/api/schema/units/${mine.unit._id}`)).json() as Item;
    expect(asBuyer.buyers).toBeDefined();
    expect(asVisitor.buyers).toBeUndefined();
    expect(asVisitorAgain.buyers).toBeUndefined();
  });
});

describe(`errors speak from the message catalogue (${testDbKind})`, () => {
  it('names the key and parameters of the sentence, which the catalogue turns back into the same words', async () => {
    const unknown = (await send('GET', '/api/schema/nothing-here/')).json() as {
      error: { code: string; message: string; key: CoreKey; params: Record<string, string> };
    };
    expect(unknown.error).toMatchObject({
      code: 'not_found',
      key: 'engine.no-collection',
      params: { collection: 'nothing-here' },
    });
    expect(message(unknown.error.key, unknown.error.params)).toBe(unknown.error.message);

    const room = await firstOf('rooms');
    const stale = (
      await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 1, _version: room._version + 3 })
    ).json() as {
      error: { key: string; details: { current: Item } };
    };
    expect(stale.error.key).toBe('engine.stale');
    expect(stale.error.details.current._id).toBe(room._id);
  });

  it('words the error handler’s own refusals from the catalogue too', async () => {
    const broken = await app.inject({
      method: 'PATCH',
      url: '/api/schema/rooms/01890000-0000-7000-8000-000000000000',
      headers: { ...browserHeaders(manager), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({
      key: 'request.not-json',
      message: 'The request body is not valid JSON.',
    });
    const [mine] = (
      await app.inject({
        method: 'GET',
        url: '/api/carts/mine',
        headers: browserHeaders((await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie),
      })
    ).json() as Array<{ _id: string }>;
    const approve = await send('POST', `/api/carts/${mine!._id}/approve`, {});
    expect(approve.json().error).toMatchObject({
      key: 'cart.cannot.approve',
      params: { status: 'draft' },
      message: 'A draft selection cannot be approved.',
    });
  });
});

describe(`a change without a lock (${testDbKind})`, () => {
  it('is a conflict when someone else writes between its read and its write, and writes nothing', async () => {
    const room = await firstOf('rooms');
    const before = await auditCount(room._id);
    // Another writer slips in while this change is being prepared.
    const remove = app.collectionHooks.register('rooms', {
      async beforeChange({ data }) {
        await db.execute(
          sql`UPDATE items SET version = version + 1, data = jsonb_set(data, '{order}', '77') WHERE id = ${room._id}`,
        );
        await db.execute(
          sql`SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object('project', ${demo!.id}::text, 'collection', 'rooms', 'id', ${room._id}::text, 'version', 0, 'op', 'update')::text)`,
        );
        return data;
      },
    });
    try {
      const response = await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 5, _version: room._version });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.details.current).toMatchObject({
        _id: room._id,
        order: 77,
        _version: room._version + 1,
      });
    } finally {
      remove();
    }
    expect(await auditCount(room._id)).toBe(before);
  });

  it('takes the locked path when a hook must commit with the change', async () => {
    await new Promise((resolve) => setTimeout(resolve, 150)); // the other writer's announcement arrives
    const room = await firstOf('rooms');
    const seen: number[] = [];
    const remove = app.collectionHooks.register('rooms', {
      async afterChange({ db: tx, id }) {
        // Inside the transaction: the row is already written and locked by this change.
        const [row] = await sqlRows<{ version: number }>(tx, sql`SELECT version FROM items WHERE id = ${id}`);
        seen.push(Number(row!.version));
      },
    });
    try {
      expect(
        (await send('PATCH', `/api/schema/rooms/${room._id}`, { order: 6, _version: room._version })).statusCode,
      ).toBe(200);
    } finally {
      remove();
    }
    expect(seen).toEqual([room._version + 1]);
  });
});

describe('the ids a document refers to (reference paths)', () => {
  it('follows plain fields, arrays and fields of array items, and reads only strings', () => {
    const cart = {
      unit: 'u1',
      package: null,
      selections: [{ option: 'o1', room: 'r1' }, { option: 'o2' }, { option: 7 }, 'not an object', null],
      plans: 'not an array',
    };
    expect(idsAt(cart, 'unit')).toEqual(['u1']);
    expect(idsAt(cart, 'package')).toEqual([]);
    expect(idsAt(cart, 'selections[].option')).toEqual(['o1', 'o2']);
    expect(idsAt(cart, 'selections[].room')).toEqual(['r1']);
    expect(idsAt(cart, 'plans[]')).toEqual([]);
    expect(idsAt({ rooms: ['r1', 'r2', 3] }, 'rooms[]')).toEqual(['r1', 'r2']);
    expect(idsAt({}, 'selections[].option')).toEqual([]);
    // The same path again: the answer of this document, not of the one before.
    expect(idsAt({ selections: [{ option: 'o9' }] }, 'selections[].option')).toEqual(['o9']);
  });
});

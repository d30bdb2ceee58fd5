import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

/**
 * docs/architecture.md: every decor route × visitor, purchaser of demo, purchaser of harbour,
 * manager of demo, manager of harbour, admin — all on project demo. Nothing of one project
 * ever reaches another.
 */
const { app } = await createTestApp();
const cookieOf = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;

const WHO = ['visitor', 'buyerDemo', 'buyerHarbour', 'managerDemo', 'managerHarbour', 'admin'] as const;
type Who = (typeof WHO)[number];
const cookies: Record<Who, string | undefined> = {
  visitor: undefined,
  buyerDemo: await cookieOf('buyer@demo.test'),
  buyerHarbour: await cookieOf('buyer@harbour.test'),
  managerDemo: await cookieOf('manager@demo.test'),
  managerHarbour: await cookieOf('manager@harbour.test'),
  admin: await cookieOf('admin@demo.test'),
};

const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, host?: string) =>
  app.inject({ method, url, headers: browserHeaders(cookies[who], host), ...(payload ? { payload } : {}) });

type Item = Record<string, unknown> & { _id: string; _version: number };
const asManager = async (url: string) => (await call('managerDemo', 'GET', url)).json();
const options = (await asManager('/api/schema/options/?limit=200')) as Item[];
const category = ((await asManager('/api/schema/categories/?limit=1')) as Item[])[0]!;
const carts = (await asManager('/api/schema/carts/?limit=200')) as Item[];
const buyerCart = ((await call('buyerDemo', 'GET', '/api/schema/carts/')).json() as Item[])[0]!;

function expectStatuses(label: string, actual: Record<Who, number>, expected: Record<Who, number>) {
  expect(actual, label).toEqual(expected);
}

async function statusesOf(request: (who: Who) => Promise<{ statusCode: number }>) {
  const result = {} as Record<Who, number>;
  for (const who of WHO) result[who] = (await request(who)).statusCode;
  return result;
}

const READ_PUBLIC = {
  visitor: 200,
  buyerDemo: 200,
  buyerHarbour: 403,
  managerDemo: 200,
  managerHarbour: 403,
  admin: 200,
};
const READ_OWN = { visitor: 401, buyerDemo: 200, buyerHarbour: 403, managerDemo: 200, managerHarbour: 403, admin: 200 };
const WRITE_MANAGERS = (ok: number) => ({
  visitor: 401,
  buyerDemo: 403,
  buyerHarbour: 403,
  managerDemo: ok,
  managerHarbour: 403,
  admin: ok,
});

describe(`access matrix on project demo (${testDbKind})`, () => {
  it('schema routes: everyone but outsiders', async () => {
    for (const url of ['/api/schema/', '/api/schema/$ui', '/api/schema/options/$', '/api/schema/carts/$']) {
      expectStatuses(url, await statusesOf((who) => call(who, 'GET', url)), READ_PUBLIC);
    }
  });

  it('catalogue reads: public to visitors and members, refused to outsiders', async () => {
    for (const collection of ['rooms', 'categories', 'options', 'packages', 'plans', 'units']) {
      expectStatuses(
        collection,
        await statusesOf((who) => call(who, 'GET', `/api/schema/${collection}/`)),
        READ_PUBLIC,
      );
    }
    expectStatuses(
      'one option',
      await statusesOf((who) => call(who, 'GET', `/api/schema/options/${options[0]!._id}`)),
      READ_PUBLIC,
    );
  });

  it('carts and purchases: owners and managers only', async () => {
    for (const collection of ['carts', 'purchases']) {
      expectStatuses(collection, await statusesOf((who) => call(who, 'GET', `/api/schema/${collection}/`)), READ_OWN);
    }
  });

  it('shows each standing only what it may see', async () => {
    const unitsAs = async (who: Who) => (await call(who, 'GET', '/api/schema/units/?limit=200')).json() as Item[];
    const hasPrivate = (unit: Item) => 'buyers' in unit || 'basePrice' in unit || 'deadline' in unit;
    expect((await unitsAs('visitor')).some(hasPrivate)).toBe(false);
    const buyerUnits = await unitsAs('buyerDemo');
    expect(buyerUnits.filter(hasPrivate)).toHaveLength(1);
    expect((await unitsAs('managerDemo')).every(hasPrivate)).toBe(true);
    const cartsAs = async (who: Who) => (await call(who, 'GET', '/api/schema/carts/?limit=200')).json() as Item[];
    expect((await cartsAs('buyerDemo')).map((c) => c._id)).toEqual([buyerCart._id]);
    expect((await cartsAs('managerDemo')).length).toBe(carts.length);
    expect((await cartsAs('admin')).length).toBe(carts.length);
  });

  it('refuses filters that would reveal hidden fields', async () => {
    const response = await call('visitor', 'GET', '/api/schema/units/?buyers=someone');
    expect(response.statusCode).toBe(400);
  });

  it('catalogue writes: managers of the project and admins', async () => {
    const create = await statusesOf((who) =>
      call(who, 'POST', '/api/schema/options/', { name: `Matrix ${who}`, category: category._id, price: 100 }),
    );
    expectStatuses('create', create, WRITE_MANAGERS(201));
    const target = options[5]!;
    let version = target._version;
    const patch = await statusesOf(async (who) => {
      const response = await call(who, 'PATCH', `/api/schema/options/${target._id}`, {
        vendor: who,
        _version: version,
      });
      if (response.statusCode === 200) version += 1;
      return response;
    });
    expectStatuses('patch', patch, WRITE_MANAGERS(200));
    const fresh = (
      await call('managerDemo', 'POST', '/api/schema/options/', { name: 'To delete', category: category._id, price: 0 })
    ).json() as Item;
    const fresh2 = (
      await call('managerDemo', 'POST', '/api/schema/options/', {
        name: 'To delete 2',
        category: category._id,
        price: 0,
      })
    ).json() as Item;
    const remove = await statusesOf((who) =>
      call(who, 'DELETE', `/api/schema/options/${who === 'admin' ? fresh2._id : fresh._id}`),
    );
    expectStatuses('delete', remove, WRITE_MANAGERS(200));
  });

  it('cart writes: the buyer on their own cart, managers on any; nobody on purchases', async () => {
    let version = buyerCart._version;
    const patch = await statusesOf(async (who) => {
      const response = await call(who, 'PATCH', `/api/schema/carts/${buyerCart._id}`, {
        notes: `note by ${who}`,
        _version: version,
      });
      if (response.statusCode === 200) version += 1;
      return response;
    });
    expectStatuses('patch cart', patch, {
      visitor: 401,
      buyerDemo: 200,
      buyerHarbour: 403,
      managerDemo: 200,
      managerHarbour: 403,
      admin: 200,
    });
    const purchase = ((await asManager('/api/schema/purchases/')) as Item[])[0]!;
    const purchaseWrite = await statusesOf((who) =>
      call(who, 'PATCH', `/api/schema/purchases/${purchase._id}`, { total: 1, _version: purchase._version }),
    );
    expectStatuses('patch purchase', purchaseWrite, {
      visitor: 401,
      buyerDemo: 403,
      buyerHarbour: 403,
      managerDemo: 403,
      managerHarbour: 403,
      admin: 403,
    });
    const createCart = await statusesOf((who) =>
      call(who, 'POST', '/api/schema/carts/', { unit: buyerCart.unit, owner: 'x' }),
    );
    expect(createCart.buyerDemo).toBe(403);
  });

  it('cart documents, share links and alternatives: the buyer of the cart, managers and admins', async () => {
    const cartUrl = `/api/carts/${buyerCart._id}`;
    expectStatuses('pdf', await statusesOf((who) => call(who, 'GET', `${cartUrl}/pdf`)), READ_OWN);
    expectStatuses('pdf without prices', await statusesOf((who) => call(who, 'GET', `${cartUrl}/pdf?prices=0`)), {
      ...READ_OWN,
      buyerDemo: 403,
    });
    expectStatuses('share', await statusesOf((who) => call(who, 'POST', `${cartUrl}/share`, {})), READ_OWN);
    expectStatuses(
      'save alternative',
      await statusesOf((who) => call(who, 'POST', `${cartUrl}/versions`, { name: `By ${who}` })),
      READ_OWN,
    );
    const otherCart = carts.find((c) => c._id !== buyerCart._id && c.status === 'draft')!;
    const other = await statusesOf((who) => call(who, 'POST', `/api/carts/${otherCart._id}/share`, {}));
    expectStatuses('share another buyer’s cart', other, { ...READ_OWN, buyerDemo: 404 });
    const { token } = (await call('buyerDemo', 'POST', `${cartUrl}/share`, {})).json() as { token: string };
    const shared = await statusesOf((who) => call(who, 'GET', `/api/shared/${token}`));
    expectStatuses('open a share link', shared, {
      visitor: 200,
      buyerDemo: 200,
      buyerHarbour: 200,
      managerDemo: 200,
      managerHarbour: 200,
      admin: 200,
    });
    const elsewhere = await statusesOf((who) =>
      call(who, 'GET', `/api/shared/${token}`, undefined, 'harbour.portal.test'),
    );
    expectStatuses('a demo link on harbour', elsewhere, {
      visitor: 404,
      buyerDemo: 404,
      buyerHarbour: 404,
      managerDemo: 404,
      managerHarbour: 404,
      admin: 404,
    });
  });

  it('a selection’s conversation: its buyers, the staff and admins; staff notes: the staff and admins only', async () => {
    const conversation = `/api/carts/${buyerCart._id}/comments`;
    expectStatuses('conversation', await statusesOf((who) => call(who, 'GET', conversation)), READ_OWN);
    expectStatuses('unread', await statusesOf((who) => call(who, 'GET', '/api/comments/unread')), READ_OWN);
    // Another buyer's conversation is not found for this buyer.
    const otherCart = carts.find((cart) => cart._id !== buyerCart._id)!;
    expect((await call('buyerDemo', 'GET', `/api/carts/${otherCart._id}/comments`)).statusCode).toBe(404);
    const notes = `/api/manage/units/${String(buyerCart.unit)}/notes`;
    expectStatuses('notes', await statusesOf((who) => call(who, 'GET', notes)), WRITE_MANAGERS(200));
    expectStatuses(
      'write a note',
      await statusesOf((who) => call(who, 'POST', notes, { body: `A note by ${who}` })),
      WRITE_MANAGERS(201),
    );
    // The collection API lists notes for the staff only, and writes comments and notes for nobody.
    const listed = await statusesOf(async (who) => {
      const answer = await call(who, 'GET', '/api/schema/notes/');
      return {
        statusCode: answer.statusCode === 200 && (answer.json() as unknown[]).length === 0 ? 204 : answer.statusCode,
      };
    });
    expectStatuses('notes listed (204: an empty list)', listed, {
      visitor: 401,
      buyerDemo: 204,
      buyerHarbour: 403,
      managerDemo: 200,
      managerHarbour: 403,
      admin: 200,
    });
    for (const collection of ['comments', 'notes']) {
      const statuses = await statusesOf((who) =>
        call(who, 'POST', `/api/schema/${collection}/`, { body: 'Around the route' }),
      );
      expectStatuses(`create ${collection}`, statuses, {
        visitor: 401,
        buyerDemo: 403,
        buyerHarbour: 403,
        managerDemo: 403,
        managerHarbour: 403,
        admin: 403,
      });
    }
  });

  it("never lets one project's items be read or changed through another", async () => {
    const demoOption = options[0]!;
    for (const who of ['managerHarbour', 'admin'] as const) {
      const read = await call(who, 'GET', `/api/schema/options/${demoOption._id}`, undefined, 'harbour.portal.test');
      expect(read.statusCode, who).toBe(404);
      const write = await call(
        who,
        'PATCH',
        `/api/schema/options/${demoOption._id}`,
        { price: 1, _version: 1 },
        'harbour.portal.test',
      );
      expect(write.statusCode, who).toBe(404);
    }
    const harbourOptions = (
      await call('managerHarbour', 'GET', '/api/schema/options/?limit=200', undefined, 'harbour.portal.test')
    ).json() as Item[];
    const demoIds = new Set(options.map((o) => o._id));
    expect(harbourOptions.some((o) => demoIds.has(o._id))).toBe(false);
    const reference = await call(
      'managerHarbour',
      'POST',
      '/api/schema/options/',
      { name: 'Borrowed', category: category._id, price: 1 },
      'harbour.portal.test',
    );
    expect(reference.statusCode).toBe(422);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

/**
 * What an option costs the builder (docs/reports.md, "Cost and margin"): its project's managers
 * read and set it; nobody else, and no answer a buyer, a visitor or another project's staff can
 * ask for ever carries it, on any route the API lists or any page the portal serves.
 */
const { app } = await createTestApp();
afterAll(() => app.close());
const cookieOf = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const manager = await cookieOf('manager@demo.test');
const buyer = await cookieOf('buyer@demo.test');
const harbour = await cookieOf('manager@harbour.test');

type Item = { _id: string };
const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object, host?: string) =>
  app.inject({ method, url, headers: browserHeaders(cookie, host), ...(payload ? { payload } : {}) });
const options = (await call('GET', '/api/schema/options/?limit=200', manager)).json() as Item[];
const setCost = (option: string, cost: unknown, cookie = manager, host?: string) =>
  call('PUT', `/api/manage/option-costs/${option}`, cookie, { cost }, host);

/** A cost no other figure of the demo has, as digits and as any locale writes the amount. */
const SECRET = 7_654_321;
const SECRET_WRITTEN = /7654321|76[,.\s\u00a0\u202f]?543[.,]21/;

describe(`option costs (${testDbKind})`, () => {
  it('are read and set by the project’s managers only; anyone else is refused, and bad costs change nothing', async () => {
    const option = options[0]!._id;
    expect((await setCost(option, 12_345)).statusCode).toBe(200);
    const read = (await call('GET', '/api/manage/option-costs', manager)).json() as {
      items: Array<{ option: string; cost: number }>;
    };
    expect(read.items.find((c) => c.option === option)?.cost).toBe(12_345);

    expect((await call('GET', '/api/manage/option-costs')).statusCode).toBe(401);
    expect((await call('GET', '/api/manage/option-costs', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/manage/option-costs', harbour)).statusCode).toBe(403);
    expect((await call('PUT', `/api/manage/option-costs/${option}`, undefined, { cost: 1 })).statusCode).toBe(401);
    expect((await setCost(option, 1, buyer)).statusCode).toBe(403);
    expect((await setCost(option, 1, harbour)).statusCode).toBe(403);
    // Another project's manager on their own project: the option is not theirs.
    const elsewhere = await setCost(option, 1, harbour, onProject('harbour').host);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('not_found');
    for (const bad of [-1, 1.5, '12', 10_000_000_001]) {
      const refused = await setCost(option, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().error.message).toEqual(expect.any(String));
    }
    expect(
      (await call('PUT', `/api/manage/option-costs/${option}`, manager, { cost: 1, extra: true })).statusCode,
    ).toBe(400);
    expect((await setCost('01900000-0000-7000-8000-000000000000', 1)).statusCode).toBe(404);
    const after = (await call('GET', '/api/manage/option-costs', manager)).json() as {
      items: Array<{ option: string; cost: number }>;
    };
    expect(after.items.find((c) => c.option === option)?.cost).toBe(12_345);
    // Taken away.
    expect((await setCost(option, null)).statusCode).toBe(200);
    const gone = (await call('GET', '/api/manage/option-costs', manager)).json() as {
      items: Array<{ option: string }>;
    };
    expect(gone.items.some((c) => c.option === option)).toBe(false);
  });

  it('appear in no answer a buyer, a visitor or another project’s manager gets, on every route the API lists and every page', async () => {
    for (const option of options) expect((await setCost(option._id, SECRET)).statusCode).toBe(200);
    // The control: the managers' own answer does carry it, so the pattern can find it.
    expect((await call('GET', '/api/manage/option-costs', manager)).body).toMatch(SECRET_WRITTEN);

    const openapi = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const cart = ((await call('GET', '/api/schema/carts/', buyer)).json() as Item[])[0]!._id;
    const unit = ((await call('GET', '/api/schema/units/?limit=1', manager)).json() as Item[])[0]!._id;
    // Each path with each of its parameters filled by ids the buyer can reach.
    const urls = Object.entries(openapi.paths)
      // Live streams answer event by event and never end: what they send is read by the comments' and the admin's tests.
      .filter(([, methods]) => methods.get && !methods.get.responses?.['200']?.content?.['text/event-stream'])
      .flatMap(([path]) =>
        (path.includes('{')
          ? [
              { collection: 'options', id: options[0]!._id },
              { collection: 'carts', id: cart },
              { collection: 'units', id: unit },
            ]
          : [{ collection: '', id: '' }]
        ).map(({ collection, id }) =>
          path
            .replace('{collection}', collection)
            .replace(/\{(cartId|cart)\}/g, cart)
            .replace(/\{[^}]+\}/g, id),
        ),
      );
    const pages = ['/', '/configure', '/my-selection', '/explore', '/embed', '/inquire', '/config', '/sign-in'];
    const asked = [...new Set([...urls, ...pages])];
    expect(asked.length).toBeGreaterThan(100);
    let answered = 0;
    for (const url of asked) {
      for (const [who, cookie, host] of [
        ['buyer', buyer, undefined],
        ['visitor', undefined, undefined],
        ['harbour manager on harbour', harbour, onProject('harbour').host],
      ] as const) {
        const response = await call('GET', url, cookie, undefined, host);
        if (response.statusCode === 200) answered++;
        expect(response.body, `${who}: GET ${url}`).not.toMatch(SECRET_WRITTEN);
        // Another project's staff see their own project's costs; a buyer and a visitor none at all.
        if (cookie !== harbour) expect(response.body, `${who}: GET ${url}`).not.toMatch(/"(cost|costed)"\s*:/);
      }
    }
    // Enough of them answered with content for the sweep to mean something.
    expect(answered).toBeGreaterThan(60);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { items } from '../src/db/schema/index.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, DEMO_HOST, signIn, addressSequence } from './support/identity.ts';

/**
 * The classes of hostile input an outside attack turned into 5xx (docs/security.md, "Bad
 * input"), generated against every route the OpenAPI document lists: JSON nested thousands
 * deep, e-mails thousands of characters long, NUL characters, hosts with bad ports or user
 * credentials, odd versions. Never a 5xx; always a JSON error.
 */
const { app, db } = await createTestApp();
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.6' })).cookie;

const SAMPLE_ID = '01900000-0000-7000-8000-000000000000';
const openapi = (await app.inject({ method: 'GET', url: '/api/openapi.json', headers: browserHeaders() })).json() as {
  paths: Record<string, Record<string, unknown>>;
};
const routes = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.keys(methods)
    .filter((method) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
    .map((method) => ({
      method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
      url: path
        .replace('{collection}', 'options')
        .replace(/\{code\}/g, 'abcdefghjkmnpqrstuvw')
        .replace(/\{[^}]+\}/g, SAMPLE_ID)
        .replace('/api/auth/*', '/api/auth/sign-in/email'),
    })),
);

const nextAddress = addressSequence('10.20');

function expectJsonError(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
) {
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(String(response.headers['content-type']), label).toContain('application/json');
    const { error } = JSON.parse(response.body) as { error: { code: string; message: string } };
    expect(typeof error.code, label).toBe('string');
    expect(error.message, label).not.toMatch(/SELECT|INSERT|syntax error|node_modules|\.ts:\d+|Maximum call stack/);
  }
}

/** A raw JSON body sent to a route, as a hostile client would, from a fresh address. */
const sendJson = (route: (typeof routes)[number], payload: string, cookie: string | undefined) =>
  app.inject({
    method: route.method,
    url: route.url,
    headers: { ...browserHeaders(cookie), 'content-type': 'application/json' },
    payload,
    remoteAddress: nextAddress(),
  });

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe(`hostile input on every route (${testDbKind})`, () => {
  it('lists enough routes to mean something', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('refuses JSON nested thousands deep with a 400, on every route that takes a body', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
      for (const payload of [deepArray(5000), deepObject(5000), `{"email":${deepArray(3000)}}`]) {
        for (const cookie of [undefined, manager]) {
          const response = await sendJson(route, payload, cookie);
          expectJsonError(response, `${route.method} ${route.url}`);
          expect(response.statusCode, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });

  it('accepts a POST with no body at all where the body is optional', async () => {
    // Terms first: signing out ends the buyer's session.
    for (const url of ['/api/me/accept-terms', '/api/me/sign-out']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(buyer), 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBeLessThan(300);
    }
  });

  it('refuses hosts with bad ports, credentials or foreign names on every route, before anything runs', async () => {
    const hosts = [
      'demo.portal.test:99999',
      'demo.portal.test@evil.example',
      'user:pw@demo.portal.test',
      'evil.example',
      'evil.example:3000',
      'demo.portal.test.evil.example',
      'demo.portal.test:abc',
      'demo..portal.test',
      'de mo.portal.test',
      `${'a'.repeat(400)}.portal.test`,
    ];
    for (const route of routes) {
      for (const host of hosts) {
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: {
            host,
            origin: `http://${DEMO_HOST}`,
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
          remoteAddress: nextAddress(),
        });
        expectJsonError(response, `${route.method} ${route.url} Host: ${host}`);
        expect(response.statusCode, `${route.method} ${route.url} Host: ${host}`).toBe(400);
      }
    }
  });

  it('answers e-mails thousands of characters long, and NUL characters, with a 400 on every identity call', async () => {
    const identityPaths = [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
      '/api/auth/email-otp/send-verification-otp',
      '/api/auth/sign-in/email-otp',
      '/api/auth/forget-password/email-otp',
      '/api/auth/send-verification-email',
      '/api/auth/one-time-token/verify',
      '/api/auth/reset-password',
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/verify-email',
    ];
    const bodies = [
      { email: `${'a'.repeat(5010)}@example.test`, password: 'Long-enough-1', otp: '123456', type: 'sign-in' },
      { email: 'x'.repeat(5010), password: 'Long-enough-1' },
      { email: 'nul\u0000@example.test', password: 'Long-enough-1' },
      { token: 'abc\u0000def', newPassword: 'Another-good-1' },
      { token: '\u0000' },
      { email: ['a@example.test'], password: 5 },
      { email: { $ne: 1 } },
    ];
    for (const url of identityPaths) {
      for (const payload of bodies) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: browserHeaders(),
          payload,
          remoteAddress: nextAddress(),
        });
        expectJsonError(response, `${url} ${JSON.stringify(payload).slice(0, 60)}`);
      }
    }
    // A NUL in the address is refused before any route.
    const inUrl = await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=a%00b',
      headers: browserHeaders(),
    });
    expect(inUrl.statusCode).toBe(400);
  });

  it('accepts only a positive whole number as the version a change was based on', async () => {
    const [option] = await db.select().from(items).where(eq(items.collection, 'options')).limit(1);
    const url = `/api/schema/options/${option!.id}`;
    const version = option!.version;
    const odd: unknown[] = [
      String(version),
      [version],
      [String(version)],
      `0x${version.toString(16)}`,
      true,
      version + 0.5,
      -version,
      0,
      null,
      `${version}e0`,
      ` ${version}`,
    ];
    for (const value of odd) {
      const response = await app.inject({
        method: 'PATCH',
        url,
        headers: browserHeaders(manager),
        payload: { _version: value, name: 'Renamed by an odd version' },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
    }
    for (const header of [
      `"0x${version.toString(16)}"`,
      `${version}.0`,
      `"${version}", "${version}"`,
      `${version}abc`,
      '"-1"',
      '""',
    ]) {
      const response = await app.inject({
        method: 'PATCH',
        url,
        headers: { ...browserHeaders(manager), 'if-match': header },
        payload: { name: 'Renamed by an odd header' },
      });
      expect(response.statusCode, header).toBe(400);
    }
    const [unchanged] = await db.select().from(items).where(eq(items.id, option!.id));
    expect(unchanged!.version).toBe(version);
    for (const header of [String(version), `"${version}"`, `W/"${version}"`]) {
      const ok = await app.inject({
        method: 'PATCH',
        url,
        headers: { ...browserHeaders(manager), 'if-match': header },
        payload: {},
      });
      expect(ok.statusCode, header).toBe(200);
      await db.update(items).set({ version }).where(eq(items.id, option!.id));
    }
  });

  it('never breaks on generated bodies with deep nesting, NULs and prototype keys', async () => {
    const nasty = fc.oneof(
      fc.integer({ min: 33, max: 3000 }).map((depth) => deepArray(depth)),
      fc.integer({ min: 33, max: 3000 }).map((depth) => deepObject(depth)),
      fc.string().map((text) => JSON.stringify({ name: `${text}\u0000`, email: `${text}\u0000@x.test` })),
      fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"a":"\\u0000"}',
        '{"\\u0000":1}',
      ),
    );
    const targets = routes.filter((r) => r.method === 'POST' || r.method === 'PATCH');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        nasty,
        fc.constantFrom(undefined, manager),
        async (route, payload, cookie) => {
          const response = await sendJson(route, payload, cookie);
          expectJsonError(response, `${route.method} ${route.url}`);
        },
      ),
      { numRuns: 150 },
    );
  });
});

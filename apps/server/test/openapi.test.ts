import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@decor/core';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { contractOf, type OpenApiDocument } from './support/contract.ts';

/**
 * The API's OpenAPI document (docs/api.md) is generated from the same zod schemas the
 * routes validate with. It must be a valid OpenAPI document, and what the server really
 * answers must be what it documents: every status a route gives is documented for it, and
 * every JSON body fits the documented schema.
 */

const { app } = await createTestApp();
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;

const document = (
  await app.inject({ method: 'GET', url: '/api/openapi.json', headers: browserHeaders() })
).json() as OpenApiDocument;
const { operationOf, violationOf } = contractOf(document);

/** Asks, and checks the answer against the document at once (every answer is checked again when the file ends). */
async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) {
  const response = await app.inject({ method, url, headers: browserHeaders(cookie), ...(payload ? { payload } : {}) });
  expect(
    violationOf({ method, url, statusCode: response.statusCode, headers: response.headers, body: response.rawPayload }),
  ).toBeNull();
  return response;
}

describe(`the OpenAPI document (${testDbKind})`, () => {
  it('declares the API key scheme, each operation’s scope, and every webhook event with its envelope (docs/integrations.md)', () => {
    const raw = document as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
      'x-webhooks': Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } }
      >;
    };
    expect(raw.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const scopesOf = (path: string, method: string) =>
      raw.paths[path]![method]!.security?.find((requirement) => 'apiKey' in requirement)?.apiKey;
    expect(scopesOf('/api/manage/leads', 'get')).toEqual(['leads:read']);
    expect(scopesOf('/api/manage/payments', 'get')).toEqual(['payments:read']);
    expect(scopesOf('/api/manage/imports', 'post')).toEqual(['units:write']);
    expect(scopesOf('/api/schema/{collection}/', 'get')).toContain('catalogue:read');
    // What no key may call says so by naming no scope.
    expect(scopesOf('/api/manage/webhooks', 'get')).toBeUndefined();
    expect(scopesOf('/api/me', 'get')).toBeUndefined();
    expect(Object.keys(raw['x-webhooks']).sort()).toEqual([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].sort());
    const envelope = raw['x-webhooks']['selection.approved']!.post.requestBody.content['application/json']!.schema;
    expect(Object.keys(envelope.properties)).toEqual(['id', 'type', 'version', 'timestamp', 'project', 'data']);
  });

  it('documents every status the plugins may answer on every route, and no body for 204', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect([path, method, Object.keys(operation.responses)]).toEqual([
          path,
          method,
          expect.arrayContaining(['400', '408', '413', '414', '415', '500']),
        ]);
        expect(operation.responses['204']?.content).toBeUndefined();
      }
    }
    expect(Object.keys(operationOf('GET', '/api/files/01900000-0000-7000-8000-000000000000')!.responses)).toEqual(
      expect.arrayContaining(['200', '206', '304', '401', '403', '404', '416']),
    );
    expect(Object.keys(operationOf('GET', '/api/auth/token')!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '429']),
    );
  });

  it('asks a visitor to sign in (401) on every back-office read, and refuses a buyer (403), as documented (generated from the document)', async () => {
    const reads = Object.entries(document.paths).filter(
      ([path, operations]) => path.startsWith('/api/manage/') && operations.get,
    );
    expect(reads.length).toBeGreaterThan(15);
    for (const [path] of reads) {
      // Each parameter a value its route accepts: the answer is then about who asks, not what.
      const url = path.replace('{kind}', 'units.csv').replace(/\{[^}]+\}/g, '01900000-0000-7000-8000-000000000000');
      expect([path, (await call('GET', url)).statusCode]).toEqual([path, 401]);
      expect([path, (await call('GET', url, buyer)).statusCode]).toEqual([path, 403]);
    }
  });

  it('documents the live streams as server-sent events', () => {
    for (const path of ['/api/admin/changes/stream', '/api/carts/{id}/comments/stream']) {
      const operation = document.paths[path]?.get;
      expect(Object.keys(operation?.responses['200']?.content ?? {}), path).toEqual(['text/event-stream']);
    }
  });

  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the list query: limit and afterId', () => {
    const names = (operationOf('GET', '/api/schema/options/')!.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['limit', 'afterId']));
    expect(names).not.toContain('type');
    expect(names).not.toContain('additionalProperties');
  });

  it('describes what the portal and the decor API really answer', async () => {
    await call('GET', '/api/env');
    await call('GET', '/api/me');
    await call('GET', '/api/me', buyer);
    await call('GET', '/api/me/projects', buyer);
    await call('GET', '/api/project');
    await call('GET', '/api/schema/', buyer);
    await call('GET', '/api/schema/$ui', buyer);
    await call('GET', '/api/schema/options/$', buyer);
    await call('GET', '/api/schema/nothing/$', buyer);
    const options = (await call('GET', '/api/schema/options/?limit=2')).json() as Array<{
      _id: string;
      _version: number;
    }>;
    await call('GET', '/api/schema/options/?limit=abc');
    await call('GET', `/api/schema/options/${options[0]!._id}`);
    await call('GET', '/api/schema/options/01890000-0000-7000-8000-000000000000');
    await call('PATCH', `/api/schema/options/${options[0]!._id}`, manager, {
      name: 'Renamed',
      _version: options[0]!._version,
    });
    await call('PATCH', `/api/schema/options/${options[0]!._id}`, manager, {
      name: 'Stale',
      _version: options[0]!._version,
    });
    await call('PATCH', `/api/schema/options/${options[0]!._id}`, buyer, {
      name: 'Mine',
      _version: options[0]!._version + 1,
    });
    const room = (await call('POST', '/api/schema/rooms/', manager, { name: 'Studio', order: 5 })).json() as {
      _id: string;
    };
    await call('POST', '/api/schema/rooms/', manager, { name: 42 });
    await call('POST', '/api/schema/rooms/', undefined, { name: 'Nobody' });
    await call('DELETE', `/api/schema/rooms/${room._id}`, manager);
    await call('GET', '/api/access-codes', manager);
    await call('GET', '/api/access-codes', buyer);
    await call('GET', '/api/deploys', admin);
    await call('GET', '/api/password-policy');
  });

  it('describes the carts API, the PDF and sign-out', async () => {
    const [mine] = (await call('GET', '/api/carts/mine', buyer)).json() as Array<{ _id: string; _version: number }>;
    await call('POST', `/api/carts/${mine!._id}/submit`, buyer, {
      signature: 'Alex Buyer',
      agree: true,
      _version: mine!._version,
    });
    await call('POST', `/api/carts/${mine!._id}/approve`, buyer, {});
    await call('POST', `/api/carts/${mine!._id}/share`, buyer, {});
    const pdf = await call('GET', `/api/carts/${mine!._id}/pdf`, buyer);
    expect(pdf.statusCode).toBe(200);
    await call('POST', `/api/carts/${mine!._id}/versions`, buyer, { name: 'Plan B' });
    const signOut = await call('POST', '/api/me/sign-out', buyer, {});
    expect(signOut.statusCode).toBe(204);
  });
});

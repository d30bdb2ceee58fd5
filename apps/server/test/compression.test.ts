import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.ts';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

const { app } = await createTestApp();
const buyer = await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
const manager = await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD);

/** The body of a response as the client reads it, whatever its encoding. */
function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

describe(`compressed answers (${testDbKind})`, () => {
  it('compresses JSON, pages and CSV for clients that accept it, byte for byte the same once decoded', async () => {
    const get = (url: string, cookie: string, acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...browserHeaders(cookie), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    for (const [url, cookie] of [
      ['/api/schema/options/?limit=200', buyer.cookie],
      ['/configure', buyer.cookie],
      ['/api/manage/exports/units.csv', manager.cookie],
    ] as const) {
      const plain = await get(url, cookie);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [acceptEncoding, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip;q=1', 'gzip'],
        ['identity', undefined],
        ['deflate', undefined],
      ] as const) {
        const response = await get(url, cookie, acceptEncoding);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding'], `${url} with ${acceptEncoding}`).toBe(expected);
        expect(decoded(response)).toBe(plain.body);
        if (expected) {
          expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
          expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        }
      }
    }
  });

  it('leaves small answers, PDFs, photos and ranges of files as they are', async () => {
    const headers = { ...browserHeaders(buyer.cookie), 'accept-encoding': 'gzip, br' };
    // Under 1 KB: compressing costs more than it saves.
    const small = await app.inject({ method: 'GET', url: '/api/carts/mine', headers: { ...headers } });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
    // A cart's PDF is compressed inside already.
    const [summary] = small.json() as Array<{ _id: string }>;
    const pdf = await app.inject({ method: 'GET', url: `/api/carts/${summary!._id}/pdf`, headers });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A photo is compressed already; a range of a file is a range of its bytes.
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'swatch.png', type: 'image/png', bytes: png }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...browserHeaders(manager.cookie), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    for (const range of [undefined, 'bytes=0-99']) {
      const image = await app.inject({
        method: 'GET',
        url: (uploaded.json() as { url: string }).url,
        headers: { ...browserHeaders(manager.cookie), 'accept-encoding': 'gzip, br', ...(range ? { range } : {}) },
      });
      expect(image.statusCode).toBe(range ? 206 : 200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      expect(image.headers['content-encoding']).toBeUndefined();
      if (range) expect(image.rawPayload.length).toBe(100);
    }
  });

  it('never compresses what the identity provider answers (tokens beside what a caller sent)', async () => {
    // Enough sessions for the list to pass the 1 KB threshold.
    for (let i = 0; i < 4; i++) await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD);
    const list = await app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: { ...browserHeaders(buyer.cookie), 'accept-encoding': 'gzip, br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.rawPayload.length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
  });

  it('does not accept compressed request bodies: refused in the JSON error model, nothing changed', async () => {
    const [option] = (
      await app.inject({ method: 'GET', url: '/api/schema/options/?limit=1', headers: browserHeaders(manager.cookie) })
    ).json() as Array<{
      _id: string;
      _version: number;
      description: string;
    }>;
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/schema/options/${option!._id}`,
      headers: { ...browserHeaders(manager.cookie), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ description: 'Zipped', _version: option!._version })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    const after = (
      await app.inject({
        method: 'GET',
        url: `/api/schema/options/${option!._id}`,
        headers: browserHeaders(manager.cookie),
      })
    ).json() as {
      description: string;
      _version: number;
    };
    expect(after).toMatchObject({ description: option!.description, _version: option!._version });
  });

  it('compresses the page of a subdomain that is no project too, and an unknown API path stays a JSON 404', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { ...onProject('demo'), 'accept-encoding': 'br' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(decoded(unknown))).toMatchObject({ error: { code: 'not_found' } });
    const page = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...onProject('no-such-project'), 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(404);
    expect(decoded(page)).toContain('No such project');
  });
});

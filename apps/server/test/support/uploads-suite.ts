import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './test-app.ts';
import { browserHeaders, signIn } from './identity.ts';
import { multipart } from './multipart.ts';
import { CLAIMED_TYPES, HOSTILE_FILES } from './hostile-files.ts';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../src/modules/files/storage.ts';
import { files } from '../../src/db/schema/index.ts';
import type { StorageKind } from '../../src/modules/files/storages.ts';

/**
 * Uploads and downloads as people see them: types checked, thumbnails, ranges, caching, and
 * who may read what. Run once per storage driver (files.test.ts on disk, s3-files.test.ts
 * on an S3 server): the rules cannot differ between them.
 */
export async function uploadsSuite(given?: { storage: FileStorage; kind: StorageKind }) {
  const UPLOAD_LIMIT = 200 * 1024;
  const { app, config, db } = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) }, storage: given });
  const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
  const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD)).cookie;
  const outsider = (await signIn(app, 'manager@harbour.test', TEST_DEMO_PASSWORD)).cookie;

  const upload = (body: ReturnType<typeof multipart>, cookie: string | null = manager) =>
    app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...browserHeaders(cookie ?? undefined), 'content-type': body.contentType },
      payload: body.payload,
    });

  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

  describe(`uploads (${testDbKind}, ${given?.kind ?? 'disk'})`, () => {
    let uploaded: { _id: string; url: string; thumbnails: Array<{ size: number; url: string; width: number }> };
    let privateUrl = '';

    it('stores a real PNG, re-encoded, with its size, dimensions and thumbnails', async () => {
      const response = await upload(
        multipart([
          { name: 'configs', value: JSON.stringify({ purpose: 'catalogue' }) },
          { name: 'file', filename: 'red swatch.png', type: 'image/png', bytes: png },
        ]),
      );
      expect(response.statusCode).toBe(201);
      uploaded = response.json();
      expect(response.json()).toMatchObject({
        name: 'red swatch.png',
        type: 'image/png',
        width: 1200,
        height: 600,
        configs: { purpose: 'catalogue' },
      });
      expect(uploaded.thumbnails.map((t) => [t.size, t.width])).toEqual([
        [200, 200],
        [800, 800],
      ]);
    });

    it('serves it back with caching headers, and answers range requests', async () => {
      const response = await app.inject({ method: 'GET', url: uploaded.url, headers: browserHeaders() });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toBeTruthy();
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 600]);
      const range = await app.inject({
        method: 'GET',
        url: uploaded.url,
        headers: { ...browserHeaders(), range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(100);
      expect(range.rawPayload.equals(response.rawPayload.subarray(0, 100))).toBe(true);
      const cached = await app.inject({
        method: 'GET',
        url: uploaded.url,
        headers: { ...browserHeaders(), 'if-none-match': String(response.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);
      const thumb = await app.inject({ method: 'GET', url: uploaded.thumbnails[0]!.url, headers: browserHeaders() });
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(200);
    });

    it('refuses a file over the size limit with a 413', async () => {
      const big = Buffer.concat([png, Buffer.alloc(UPLOAD_LIMIT + 1024)]);
      const response = await upload(multipart([{ name: 'file', filename: 'big.png', type: 'image/png', bytes: big }]));
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('payload_too_large');
    });

    it('refuses a file whose content is not what it claims, or not an accepted type', async () => {
      const script = Buffer.from('<script>alert(1)</script>'.repeat(10));
      const fake = await upload(
        multipart([{ name: 'file', filename: 'innocent.png', type: 'image/png', bytes: script }]),
      );
      expect(fake.statusCode).toBe(415);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const claimedPng = await upload(
        multipart([{ name: 'file', filename: 'drawing.png', type: 'image/png', bytes: pdf }]),
      );
      expect(claimedPng.statusCode).toBe(415);
      expect(claimedPng.json().error.details).toEqual({ claimed: 'image/png', detected: 'application/pdf' });
      const truePdf = await upload(
        multipart([{ name: 'file', filename: 'spec.pdf', type: 'application/pdf', bytes: pdf }]),
      );
      expect(truePdf.statusCode).toBe(201);
      privateUrl = truePdf.json().url;
    });

    it('refuses HTML, SVG, XML, scripts and archives whatever they are sent as, and keeps only the picture of a polyglot', async () => {
      const accepted: string[] = [];
      for (const file of HOSTILE_FILES) {
        for (const claimed of CLAIMED_TYPES(file.type)) {
          for (const fileName of [file.fileName, 'logo.png']) {
            const answer = await upload(
              multipart([
                { name: 'file', filename: fileName, type: claimed, bytes: file.bytes },
                { name: 'configs', value: '{"purpose":"logo"}' },
              ]),
            );
            if (answer.statusCode !== 415)
              accepted.push(`${file.name} as ${claimed} named ${fileName}: ${answer.statusCode}`);
          }
        }
      }
      expect(accepted).toEqual([]);
      // A PNG with a page after it: stored as the PNG alone, served as an image, never sniffed as a page.
      const polyglot = await upload(
        multipart([
          {
            name: 'file',
            filename: 'logo.png',
            type: 'image/png',
            bytes: Buffer.concat([png, HOSTILE_FILES[0]!.bytes]),
          },
          { name: 'configs', value: '{"purpose":"logo"}' },
        ]),
      );
      expect(polyglot.statusCode).toBe(201);
      const served = await app.inject({ method: 'GET', url: polyglot.json().url, headers: browserHeaders() });
      expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([
        200,
        'image/png',
        'nosniff',
      ]);
      expect(served.rawPayload.includes(Buffer.from('<form'))).toBe(false);
    });

    it("keeps every file but catalogue images and the logo to the project's members, with private caching", async () => {
      const visitor = await app.inject({ method: 'GET', url: privateUrl, headers: browserHeaders() });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('unauthenticated');
      expect((await app.inject({ method: 'GET', url: privateUrl, headers: browserHeaders(outsider) })).statusCode).toBe(
        403,
      );
      const member = await app.inject({ method: 'GET', url: privateUrl, headers: browserHeaders(buyer) });
      expect(member.statusCode).toBe(200);
      expect(member.headers['cache-control']).toBe('private, max-age=86400');
      expect(String(member.headers.vary)).toContain('Cookie');
      // The same answer for a visitor and a member of another project: public files are public to both.
      for (const cookie of [undefined, outsider]) {
        expect(
          (await app.inject({ method: 'GET', url: uploaded.url, headers: browserHeaders(cookie) })).statusCode,
        ).toBe(200);
      }
    });

    it('gives an image a 512 × 512 KTX2 texture for the GPU, made once, the original kept', async () => {
      const texturesOf = async (id: string) =>
        (await db.select().from(files).where(eq(files.id, id)))[0]!.thumbnails.filter((t) => t.type === 'image/ktx2');
      // A catalogue image's is made when it is uploaded, without anyone asking for it.
      await expect.poll(() => texturesOf(uploaded._id), { timeout: 30_000 }).toHaveLength(1);
      const texture = await app.inject({
        method: 'GET',
        url: `${uploaded.url}?texture=ktx2`,
        headers: browserHeaders(),
      });
      expect(texture.statusCode).toBe(200);
      expect(texture.headers['content-type']).toBe('image/ktx2');
      expect(texture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(ktx2Header(texture.rawPayload)).toEqual({ width: 512, height: 512, levels: 10, basisLz: true });
      // The original and its thumbnails are what they were; the file's thumbnails are still the WebP ones.
      const original = await app.inject({ method: 'GET', url: uploaded.url, headers: browserHeaders() });
      expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
      const thumb = await app.inject({ method: 'GET', url: `${uploaded.url}?thumb=800`, headers: browserHeaders() });
      expect(thumb.headers['content-type']).toBe('image/webp');

      // Any other image's is made the first time it is asked: once, however many ask at once.
      const plain = await upload(multipart([{ name: 'file', filename: 'tile.png', type: 'image/png', bytes: png }]));
      const plainUrl = `${plain.json().url}?texture=ktx2`;
      expect(await texturesOf(plain.json()._id)).toHaveLength(0);
      // Who may not read the image may not have it made either.
      expect((await app.inject({ method: 'GET', url: plainUrl, headers: browserHeaders() })).statusCode).toBe(401);
      expect(await texturesOf(plain.json()._id)).toHaveLength(0);
      const asked = await Promise.all(
        [1, 2, 3].map(() => app.inject({ method: 'GET', url: plainUrl, headers: browserHeaders(buyer) })),
      );
      expect(asked.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(asked.map((answer) => answer.headers.etag)).size).toBe(1);
      expect(await texturesOf(plain.json()._id)).toHaveLength(1);

      // What is not an image has none; a thumbnail and the texture at once, or another format, is refused.
      const pdfTexture = await app.inject({
        method: 'GET',
        url: `${privateUrl}?texture=ktx2`,
        headers: browserHeaders(buyer),
      });
      expect([pdfTexture.statusCode, pdfTexture.json().error.message]).toEqual([404, 'Only an image has a texture.']);
      for (const query of ['thumb=200&texture=ktx2', 'texture=png']) {
        const refused = await app.inject({ method: 'GET', url: `${uploaded.url}?${query}`, headers: browserHeaders() });
        expect(refused.statusCode, query).toBe(400);
      }
    });

    it('answers odd ranges with 416 or the whole file, never a 5xx', async () => {
      for (const range of [
        'bytes=a-b',
        'bytes=999999999-',
        'bytes=5-1',
        'bytes=-0',
        'bytes=0-0,1-1,2-2',
        'items=0-5',
        'bytes=--',
        `bytes=${'9'.repeat(400)}-`,
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: uploaded.url,
          headers: { ...browserHeaders(), range },
        });
        expect(response.statusCode, range).toBeLessThan(500);
        expect([200, 206, 416], range).toContain(response.statusCode);
        if (response.statusCode === 416) expect(response.json().error.code).toBe('range_not_satisfiable');
      }
    });

    it('refuses broken uploads with clear 4xx errors', async () => {
      const noFile = await upload(multipart([{ name: 'configs', value: '{}' }]));
      expect(noFile.statusCode).toBe(400);
      const badConfigs = await upload(
        multipart([
          { name: 'configs', value: '{nope' },
          { name: 'file', filename: 'a.png', type: 'image/png', bytes: png },
        ]),
      );
      expect(badConfigs.statusCode).toBe(400);
      for (const value of [
        `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        '{"purpose":"logo\u0000"}',
        '{"__proto__":{"x":1}}',
      ]) {
        const hostile = await upload(
          multipart([
            { name: 'configs', value },
            { name: 'file', filename: 'a.png', type: 'image/png', bytes: png },
          ]),
        );
        expect(hostile.statusCode, value.slice(0, 30)).toBe(400);
        expect(hostile.json().error.code).toBe('bad_request');
      }
      const broken = await app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...browserHeaders(manager), 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: '--zzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
      });
      expect(broken.statusCode).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode).toBeLessThan(500);
      const asJson = await app.inject({
        method: 'POST',
        url: '/api/files',
        headers: browserHeaders(manager),
        payload: { file: 'x' },
      });
      expect(asJson.statusCode).toBe(415);
    });

    it('lets only managers upload, and keeps files inside their project', async () => {
      const body = () => multipart([{ name: 'file', filename: 'a.png', type: 'image/png', bytes: png }]);
      expect((await upload(body(), buyer)).statusCode).toBe(403);
      expect((await upload(body(), null)).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: privateUrl, headers: browserHeaders(outsider) })).statusCode).toBe(
        403,
      );
      expect(
        (
          await app.inject({
            method: 'GET',
            url: uploaded.url,
            headers: browserHeaders(outsider, 'harbour.portal.test'),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/api/files/not-a-uuid', headers: browserHeaders() })).statusCode,
      ).toBe(400);
      expect(
        (await app.inject({ method: 'GET', url: `${uploaded.url}?thumb=123`, headers: browserHeaders() })).statusCode,
      ).toBe(400);
    });
  });
  return { app, config };
}

/** What a KTX2 file's header says (the Khronos KTX 2.0 layout): its size, mipmap levels, and whether it is Basis ETC1S (BasisLZ). */
function ktx2Header(bytes: Buffer) {
  const identifier = Buffer.from([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(0, 12).equals(identifier)).toBe(true);
  return {
    width: bytes.readUInt32LE(20),
    height: bytes.readUInt32LE(24),
    levels: bytes.readUInt32LE(40),
    basisLz: bytes.readUInt32LE(44) === 1,
  };
}

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { AwsClient } from 'aws4fetch';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadsSuite } from './support/uploads-suite.ts';
import { startS3Server, S3_CREDENTIALS } from './support/s3-server.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { multipart } from './support/multipart.ts';
import { TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { S3Storage, parseFilesUrl } from '../src/modules/files/s3-storage.ts';

/**
 * Uploaded files in an S3-compatible bucket (FILES_URL=s3://…): the whole uploads suite runs
 * on it unchanged, and the bytes are in the bucket, not on this machine's disk.
 */
const s3 = await startS3Server();
afterAll(() => s3.close());
const storage = new S3Storage(parseFilesUrl(s3.filesUrl()), S3_CREDENTIALS);
const { app, config } = await uploadsSuite({ storage, kind: 's3' });
const bucket = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3', region: 'us-east-1' });

describe('files in an S3 bucket', () => {
  it('reads FILES_URL: bucket, prefix, region and endpoint', () => {
    expect(
      parseFilesUrl('s3://decor-files/eu/portal/?region=eu-west-1&endpoint=https%3A%2F%2Fminio.internal%3A9000%2F'),
    ).toEqual({
      bucket: 'decor-files',
      prefix: 'eu/portal/',
      region: 'eu-west-1',
      endpoint: 'https://minio.internal:9000',
    });
    expect(parseFilesUrl('s3://decor-files', { AWS_REGION: 'ca-central-1' })).toEqual({
      bucket: 'decor-files',
      prefix: '',
      region: 'ca-central-1',
      endpoint: undefined,
    });
    expect(() => new S3Storage(parseFilesUrl('s3://decor-files'), {})).toThrow(/AWS_ACCESS_KEY_ID/);
  });

  it('stores an upload and its thumbnails in the bucket under the prefix, never on local disk', async () => {
    const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'green.png', type: 'image/png', bytes: png }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...browserHeaders(manager), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const id = response.json()._id as string;

    const listing = await (await bucket.fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=portal/`)).text();
    const keys = [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)]
      .map((match) => match[1]!)
      .filter((key) => key.includes(id));
    // The picture and its two thumbnails, each as portal/<project id>/<file id>….
    expect(keys).toHaveLength(3);
    expect(keys.every((key) => /^portal\/[0-9a-f-]{36}\//.test(key))).toBe(true);

    const served = await app.inject({ method: 'GET', url: response.json().url, headers: browserHeaders(manager) });
    expect(served.statusCode).toBe(200);
    const original = await bucket.fetch(`${s3.endpoint}/${s3.bucket}/${keys.find((key) => !key.includes('-w'))}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(served.rawPayload)).toBe(true);

    // Nothing under the data directory: another server, on another machine, reads the same bytes.
    expect(fs.existsSync(path.join(config.dataDir, 'files'))).toBe(false);
  });

  it('says in one sentence when the bucket cannot be used', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = new S3Storage(parseFilesUrl(s3.filesUrl().replace(s3.bucket, 'no-such-bucket')), S3_CREDENTIALS);
    await expect(missing.check()).rejects.toThrow('FILES_URL: the bucket "no-such-bucket" answered 404');
    const wrongKey = new S3Storage(parseFilesUrl(s3.filesUrl()), {
      AWS_ACCESS_KEY_ID: 'NOBODY',
      AWS_SECRET_ACCESS_KEY: 'wrong',
    });
    await expect(wrongKey.check()).rejects.toThrow(/answered 403/);
    const nowhere = new S3Storage(
      parseFilesUrl('s3://decor-files?endpoint=http%3A%2F%2F127.0.0.1%3A9'),
      S3_CREDENTIALS,
    );
    await expect(nowhere.check()).rejects.toThrow('FILES_URL: the bucket "decor-files" could not be reached');
  });

  it('removes an object, and a removed or unknown key reads as "no such file"', async () => {
    const key = '0198f3c2-1111-7000-8000-000000000001/plan.pdf';
    await storage.put(key, Buffer.from('%PDF-1.4 plan'));
    expect((await storage.read(key)).toString()).toBe('%PDF-1.4 plan');
    await storage.remove(key);
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toMatchObject({ code: 'not_found' });
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});

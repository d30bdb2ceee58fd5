import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AwsClient } from 'aws4fetch';
import { fail } from '@decor/core';
import { SAFE_KEY, type FileStorage } from './storage.ts';

/** Where a bucket is: parsed from FILES_URL (docs/deployment.md, "Files"). */
export interface S3Location {
  bucket: string;
  /** Prepended to every key, without a leading slash: several portals can share a bucket. */
  prefix: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2, a test server); AWS itself when absent. */
  endpoint: string | undefined;
}

/** `s3://bucket/prefix?region=eu-west-1&endpoint=https://minio.internal:9000` */
export function parseFilesUrl(filesUrl: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const url = new URL(filesUrl);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '').replace(/\/*$/, '');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: url.searchParams.get('endpoint')?.replace(/\/+$/, '') || undefined,
  };
}

/** Headers a browser's download may carry that S3 understands the same way. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-none-match', 'if-modified-since', 'if-range'] as const;
/** Headers of S3's answer passed on to the browser (the route adds its own: type, disposition, cache). */
const FORWARDED_REPLY_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;

/**
 * Uploaded files in an S3-compatible bucket, so every server of a deployment reads what any
 * of them stored. Requests are signed (SigV4) with the credentials of the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). Downloads are proxied
 * through the server: the file routes check access exactly as for files on disk, and the
 * bucket itself stays private.
 */
export class S3Storage implements FileStorage {
  private readonly client: AwsClient;

  constructor(
    private readonly location: S3Location,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey)
      throw new Error('FILES_URL is an S3 bucket: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY too.');
    this.client = new AwsClient({
      accessKeyId,
      secretAccessKey,
      sessionToken: env.AWS_SESSION_TOKEN,
      service: 's3',
      region: location.region,
    });
  }

  private urlOf(key?: string): string {
    if (key !== undefined && !SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    const { bucket, prefix, region, endpoint } = this.location;
    const path = key === undefined ? '' : `${prefix}${key}`;
    // A custom endpoint is addressed by path (MinIO and most others); AWS by its virtual host.
    return endpoint ? `${endpoint}/${bucket}/${path}` : `https://${bucket}.s3.${region}.amazonaws.com/${path}`;
  }

  private async request(
    method: string,
    key: string | undefined,
    init: { body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    return this.client.fetch(this.urlOf(key), {
      method,
      body: init.body as Uint8Array<ArrayBuffer> | undefined,
      headers: init.headers,
    });
  }

  private async failed(response: Response, action: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw Object.assign(new Error(`object storage refused to ${action}: ${response.status} ${code}`.trim()), {
      statusCode: 500,
    });
  }

  /** Fails with one clear sentence when the bucket cannot be reached (checked at start). */
  async check(): Promise<void> {
    let response: Response;
    try {
      response = await this.request('HEAD', undefined);
    } catch (error) {
      throw new Error(
        `FILES_URL: the bucket "${this.location.bucket}" could not be reached (${(error as Error).message}).`,
        { cause: error },
      );
    }
    if (!response.ok)
      throw new Error(
        `FILES_URL: the bucket "${this.location.bucket}" answered ${response.status}: check its name, region and the credentials.`,
      );
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const response = await this.request('PUT', key, {
      body: bytes,
      headers: { 'content-length': String(bytes.length) },
    });
    if (!response.ok) await this.failed(response, 'store a file');
    await response.arrayBuffer();
  }

  async read(key: string): Promise<Buffer> {
    const response = await this.request('GET', key);
    if (response.status === 404) throw fail('not_found', 'file.no-such');
    if (!response.ok) await this.failed(response, 'read a file');
    return Buffer.from(await response.arrayBuffer());
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, headers: Record<string, string>) {
    const forwarded: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const response = await this.request(request.method === 'HEAD' ? 'HEAD' : 'GET', key, { headers: forwarded });
    if (response.status === 404) {
      await response.body?.cancel();
      throw fail('not_found', 'file.no-such');
    }
    if (response.status === 416) {
      await response.body?.cancel();
      reply.header('content-range', response.headers.get('content-range') ?? 'bytes */*');
      throw fail('range_not_satisfiable', 'file.range');
    }
    if (!response.ok && response.status !== 304) await this.failed(response, 'send a file');
    for (const name of FORWARDED_REPLY_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    reply.code(response.status).headers(headers);
    if (response.status === 304 || !response.body || request.method === 'HEAD') {
      await response.body?.cancel();
      return reply.send();
    }
    return reply.send(Readable.fromWeb(response.body as WebReadableStream));
  }

  async remove(key: string): Promise<void> {
    const response = await this.request('DELETE', key);
    // Already gone is gone.
    if (!response.ok && response.status !== 404) await this.failed(response, 'remove a file');
    await response.arrayBuffer();
  }
}

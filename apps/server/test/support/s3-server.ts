import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver implements the S3 API (signed requests, ranges, conditional gets) over a folder.
// @ts-expect-error -- the package ships no types; its constructor, run and close are used.
import S3rver from 's3rver';

/** The credentials the test server accepts (its built-in account). */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** FILES_URL for a portal storing under `prefix` in the bucket. */
  filesUrl(prefix?: string): string;
  close(): Promise<void>;
}

/** An S3-compatible server on loopback, with one empty bucket, its objects in a temp folder. */
export async function startS3Server(bucket = 'decor-files'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    filesUrl: (prefix = 'portal') =>
      `s3://${bucket}/${prefix}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

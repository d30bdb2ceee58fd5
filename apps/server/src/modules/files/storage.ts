import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import send from '@fastify/send';
import { fail } from '@decor/core';

/**
 * Where uploaded bytes live. Local disk under the data directory by default; a driver for
 * S3-compatible object storage implements the same three calls for multi-server setups.
 */
export interface FileStorage {
  /** Fails with one clear sentence when the storage cannot be used (checked at start). */
  check?(): Promise<void>;
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes (an export of a project reads them). */
  read(key: string): Promise<Buffer>;
  /** Sends the stored bytes with range requests, ETag and the given headers. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    headers: Record<string, string>,
  ): Promise<FastifyReply>;
  remove(key: string): Promise<void>;
}

/** A stored file's key: its id and one plain name. Nothing else reaches a disk path or a bucket. */
export const SAFE_KEY = /^[0-9a-f-]{36}\/[0-9a-z.-]{1,80}$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, headers: Record<string, string>) {
    this.pathOf(key);
    const result = await send(request.raw, key, {
      root: this.root,
      cacheControl: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
    });
    if (result.type === 'error') {
      // A range outside the file (or one that cannot be read) is the asker's: 416 with the size, as HTTP says.
      if (result.statusCode === 416) {
        reply.header(
          'content-range',
          String(result.headers['Content-Range'] ?? result.headers['content-range'] ?? 'bytes */*'),
        );
        throw fail('range_not_satisfiable', 'file.range');
      }
      if (result.statusCode === 404) throw fail('not_found', 'file.no-such');
      throw Object.assign(new Error('file could not be read from storage'), { statusCode: 500 });
    }
    return reply
      .code(result.statusCode)
      .headers({ ...result.headers, ...headers })
      .send(result.stream);
  }

  async read(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

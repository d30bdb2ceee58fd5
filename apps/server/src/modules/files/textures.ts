import { fail } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { createThreadRunner } from '../../lib/thread-runner.ts';
import { addTexture, type FileRow } from './files.repo.ts';
import type { FileStorage } from './storage.ts';

/** A texture's side in pixels: square and a power of two, so every mipmap level halves it exactly. */
export const TEXTURE_SIZE = 512;
export const TEXTURE_TYPE = 'image/ktx2';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

type Thumbnail = FileRow['thumbnails'][number];

/** Whether a stored file is an image, which may have a texture. */
export const canHaveTexture = (row: Pick<FileRow, 'type'>): boolean => IMAGE_TYPES.has(row.type);

/** Whether a stored thumbnail is the image's GPU texture (and not one of its WebP thumbnails). */
export const isTexture = (thumbnail: Thumbnail): boolean => thumbnail.type === TEXTURE_TYPE;

export interface TextureMaker {
  /** The image's texture, made (once, on one thread) the first time it is asked. */
  textureOf(db: Db, row: FileRow): Promise<Thumbnail>;
  close(): Promise<void>;
}

/**
 * Textures compressed for the GPU (docs/3d.md, "Textures"): a 512 × 512 KTX2 file of an image,
 * kept beside its thumbnails, the original untouched. A phone's GPU holds it compressed: 171 KB
 * with its mipmaps, where the WebP thumbnail decoded takes 3.3 MB. It is made when a catalogue image is uploaded,
 * or the first time a scene asks for it (images stored before, the demo's, a project's bundle).
 */
export function createTextureMaker(storage: FileStorage): TextureMaker {
  const encoder = createThreadRunner<{ rgba: Uint8Array; width: number; height: number }, Uint8Array>({
    bundledName: 'texture-worker',
    source: new URL('./texture.worker.ts', import.meta.url),
    timeoutMs: 60_000,
    tooLong: 'the texture took too long to make',
    // Basis Universal prints its progress; nobody reads it.
    quiet: true,
    // Images come in batches (a catalogue uploaded); between them the encoder's memory is given back.
    idleMs: 30_000,
  });
  // One making per image at a time in this process; two processes at once write the same bytes.
  const making = new Map<string, Promise<Thumbnail>>();

  const make = async (db: Db, row: FileRow): Promise<Thumbnail> => {
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(await storage.read(row.storageKey))
      .resize(TEXTURE_SIZE, TEXTURE_SIZE, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const ktx2 = Buffer.from(await encoder.run({ rgba: new Uint8Array(data), width: info.width, height: info.height }));
    const storageKey = `${row.projectId}/${row.id}-t${TEXTURE_SIZE}.ktx2`;
    await storage.put(storageKey, ktx2);
    const texture: Thumbnail = {
      size: TEXTURE_SIZE,
      width: info.width,
      height: info.height,
      storageKey,
      bytes: ktx2.length,
      type: TEXTURE_TYPE,
    };
    await addTexture(db, row.id, texture);
    return texture;
  };

  return {
    textureOf(db, row) {
      const kept = row.thumbnails.find(isTexture);
      if (kept) return Promise.resolve(kept);
      if (!canHaveTexture(row)) return Promise.reject(fail('not_found', 'file.no-texture'));
      let pending = making.get(row.id);
      if (!pending) {
        pending = make(db, row).finally(() => making.delete(row.id));
        making.set(row.id, pending);
      }
      return pending;
    },
    close: () => encoder.close(),
  };
}

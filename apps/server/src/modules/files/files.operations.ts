import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { v7 as uuidv7 } from 'uuid';
import { can, DomainError, fail } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { Scope } from '../projects/scope.ts';
import type { ProjectRow } from '../projects/projects.repo.ts';
import type { FileStorage } from './storage.ts';

/** What may be uploaded, by content: images, PDFs (spec sheets), GLB 3D models. */
export const ACCEPTED_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'png',
  'application/pdf': 'pdf',
  'model/gltf-binary': 'glb',
};
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
export const THUMBNAIL_WIDTHS = [200, 800] as const;
/** Larger images are refused before decoding (decompression bombs). */
const MAX_IMAGE_PIXELS = 60_000_000;

export type FileRow = typeof files.$inferSelect;

/**
 * What an upload is for (`configs.purpose`) decides who may download it: the project's logo
 * and its catalogue images (option photos, swatch textures, package and plan pictures) are
 * public, as the embed widget and shared previews show them to visitors; every other file
 * is for the project's members only (docs/security.md, "Files").
 */
export const PUBLIC_FILE_PURPOSES = ['logo', 'catalogue'] as const;

/** Files for the project's managers only: the CSV files of imports (they list buyers' e-mail addresses). */
export const MANAGER_FILE_PURPOSES = ['import'] as const;

const purposeOf = (row: Pick<FileRow, 'configs'>) => (row.configs as { purpose?: unknown }).purpose;

export function isPublicFile(row: Pick<FileRow, 'configs'>): boolean {
  const purpose = purposeOf(row);
  return typeof purpose === 'string' && (PUBLIC_FILE_PURPOSES as readonly string[]).includes(purpose);
}

export function isManagersFile(row: Pick<FileRow, 'configs'>): boolean {
  const purpose = purposeOf(row);
  return typeof purpose === 'string' && (MANAGER_FILE_PURPOSES as readonly string[]).includes(purpose);
}

/** File name extensions of what is stored: uploads, and the CSV files imports keep. */
const STORED_EXTENSIONS: Record<string, string> = { ...ACCEPTED_TYPES, 'text/csv': 'csv' };

export function fileView(row: FileRow) {
  return {
    _id: row.id,
    url: `/api/files/${row.id}`,
    name: row.name,
    size: row.size,
    type: row.type,
    ...(row.width && row.height ? { width: row.width, height: row.height } : {}),
    thumbnails: row.thumbnails.map((t) => ({ size: t.size, width: t.width, height: t.height, url: `/api/files/${row.id}?thumb=${t.size}` })),
    configs: row.configs,
    createdAt: row.createdAt.toISOString(),
  };
}

function safeName(name: string): string {
  const printable = [...name.normalize('NFC')].map((char) => (char.charCodeAt(0) < 0x20 ? '_' : char)).join('');
  const cleaned = printable.replace(/[\\/:*?"<>|]+/g, '_').trim();
  return (cleaned || 'file').slice(0, 200);
}

export interface Upload {
  bytes: Buffer;
  fileName: string;
  claimedType: string;
  configs: Record<string, unknown>;
}

/**
 * POST /api/files: managers upload to their project. The type is read from the content,
 * never trusted from the name; images are re-encoded (dropping metadata and anything
 * hidden in them) and get WebP thumbnails.
 */
export async function storeUpload({ db, storage, scope, upload }: { db: Db; storage: FileStorage; scope: Scope; upload: Upload }) {
  const { project, actor } = scope;
  if (can(scope.standing, 'manage') !== 'any' || !actor) throw fail('forbidden', 'file.managers-only');

  const detected = await fileTypeFromBuffer(upload.bytes);
  const type = detected?.mime;
  if (!type || !(type in ACCEPTED_TYPES)) {
    throw fail('unsupported_media_type', 'file.type', undefined, {
      detected: type ?? null,
    });
  }
  const claimed = upload.claimedType.toLowerCase();
  if (claimed && claimed !== 'application/octet-stream' && claimed !== type) {
    throw fail('unsupported_media_type', 'file.type-mismatch', { claimed, detected: type }, { claimed, detected: type });
  }

  return fileView(await storeFile({ db, storage, projectId: project.id, createdBy: actor.userId, upload, type }));
}

/**
 * Stores bytes whose type is known and accepted: images re-encoded (no metadata) with WebP
 * thumbnails, then the row. Used by uploads and by the demo's generated photos.
 */
export async function storeFile({ db, storage, projectId, createdBy, upload, type }: { db: Db; storage: FileStorage; projectId: string; createdBy: string | null; upload: Upload; type: string }) {
  const project = { id: projectId };
  const actor = { userId: createdBy };
  const id = uuidv7();
  let stored = upload.bytes;
  let storedType = type;
  let width: number | null = null;
  let height: number | null = null;
  const thumbnails: FileRow['thumbnails'] = [];
  if (IMAGE_TYPES.has(type)) {
    try {
      const image = sharp(upload.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
      const format = type === 'image/jpeg' ? 'jpeg' : type === 'image/webp' ? 'webp' : 'png';
      stored = await image.clone().toFormat(format).toBuffer();
      storedType = `image/${format}`;
      const meta = await sharp(stored).metadata();
      width = meta.width ?? null;
      height = meta.height ?? null;
      for (const size of THUMBNAIL_WIDTHS) {
        const { data, info } = await image.clone().resize({ width: size, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
        const storageKey = `${project.id}/${id}-w${size}.webp`;
        await storage.put(storageKey, data);
        thumbnails.push({ size, width: info.width, height: info.height, storageKey, bytes: data.length });
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw fail('unsupported_media_type', 'file.unreadable');
    }
  }

  const storageKey = `${project.id}/${id}.${STORED_EXTENSIONS[storedType] ?? STORED_EXTENSIONS[type] ?? 'bin'}`;
  await storage.put(storageKey, stored);
  const [row] = await db
    .insert(files)
    .values({
      id,
      projectId: project.id,
      name: safeName(upload.fileName),
      type: storedType,
      size: stored.length,
      width,
      height,
      sha256: crypto.createHash('sha256').update(stored).digest('hex'),
      storageKey,
      thumbnails,
      configs: upload.configs,
      createdBy: actor.userId,
    })
    .returning();
  return row!;
}

/** The file (or one of its thumbnails) of the request's project, with what to send. */
export async function fileForDownload({ db, project, id, thumb }: { db: Db; project: ProjectRow; id: string; thumb: number | undefined }) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row || row.projectId !== project.id) throw fail('not_found', 'file.no-such');
  if (thumb === undefined) return { row, storageKey: row.storageKey, type: row.type };
  const thumbnail = row.thumbnails.find((t) => t.size === thumb);
  if (!thumbnail) throw fail('not_found', 'file.no-thumbnail');
  return { row, storageKey: thumbnail.storageKey, type: 'image/webp' };
}

import crypto from 'node:crypto';
import { uuidv7 } from '../../lib/ids.ts';
import { can, DomainError, fail } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { findFile, insertFile, type FileRow } from './files.repo.ts';
import type { Scope } from '../projects/index.ts';
import type { ProjectRow } from '../projects/index.ts';
import type { FileStorage } from './storage.ts';
import { isTexture, TEXTURE_TYPE } from './textures.ts';

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

export type { FileRow };

/**
 * What an upload is for (`configs.purpose`) decides who may download it: the project's logo
 * and its catalogue images (option photos, swatch textures, package and plan pictures) are
 * public, as the embed widget and shared previews show them to visitors; every other file
 * is for the project's members only (docs/security.md, "Files").
 */
export const PUBLIC_FILE_PURPOSES = ['logo', 'catalogue'] as const;

/** Files for the project's managers only: the CSV files of imports (they list buyers' e-mail addresses). */
export const MANAGER_FILE_PURPOSES = ['import'] as const;

/**
 * A file attached to a comment (docs/comments.md): any member may upload one (an image or a
 * PDF); it is downloaded by its uploader, the project's staff, and whoever may read a comment
 * that attaches it.
 */
export const COMMENT_FILE_PURPOSE = 'comment';
const COMMENT_FILE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

/** What a file was uploaded for (`configs.purpose`): a comment's attachment, a logo, a floor plan. */
export const purposeOf = (row: Pick<FileRow, 'configs'>): unknown => (row.configs as { purpose?: unknown }).purpose;

export function isPublicFile(row: Pick<FileRow, 'configs'>): boolean {
  const purpose = purposeOf(row);
  return typeof purpose === 'string' && (PUBLIC_FILE_PURPOSES as readonly string[]).includes(purpose);
}

export function isManagersFile(row: Pick<FileRow, 'configs'>): boolean {
  const purpose = purposeOf(row);
  return typeof purpose === 'string' && (MANAGER_FILE_PURPOSES as readonly string[]).includes(purpose);
}

/** Types a browser may show in a page of ours (re-encoded images); everything else is downloaded. */
export const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Types a stored file may be served as; a row of any other type (written before the byte check) is sent as bytes. */
export const SERVED_TYPES = new Set([...Object.keys(ACCEPTED_TYPES), 'text/csv', TEXTURE_TYPE]);

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
    thumbnails: row.thumbnails
      .filter((t) => !isTexture(t))
      .map((t) => ({
        size: t.size,
        width: t.width,
        height: t.height,
        url: `/api/files/${row.id}?thumb=${t.size}`,
      })),
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
export async function storeUpload({
  db,
  storage,
  scope,
  upload,
}: {
  db: Db;
  storage: FileStorage;
  scope: Scope;
  upload: Upload;
}) {
  const { project, actor } = scope;
  const forComment = upload.configs.purpose === COMMENT_FILE_PURPOSE;
  if (
    !actor ||
    (forComment
      ? scope.standing.kind === 'outsider' || scope.standing.kind === 'visitor'
      : can(scope.standing, 'manage') !== 'any')
  )
    throw fail('forbidden', 'file.managers-only');

  const type = await typeOfBytes(upload.bytes);
  if (forComment && !COMMENT_FILE_TYPES.has(type))
    throw fail('unsupported_media_type', 'file.comment-type', { detected: type }, { detected: type });
  const claimed = upload.claimedType.toLowerCase();
  if (claimed && claimed !== 'application/octet-stream' && claimed !== type) {
    throw fail(
      'unsupported_media_type',
      'file.type-mismatch',
      { claimed, detected: type },
      { claimed, detected: type },
    );
  }

  return storeFile({ db, storage, projectId: project.id, createdBy: actor.userId, upload, type });
}

/** The bytes of a CSV file: UTF-8 text without control characters but tab and line breaks. */
function isCsvText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

/**
 * The type of a file, read from its bytes and never from a name or a claim: one of the
 * accepted kinds (images, PDF, GLB), or — where the caller stores a CSV file — plain text.
 * Anything else (HTML, SVG, XML, scripts, archives) is refused (docs/security.md, "Files").
 */
export async function typeOfBytes(bytes: Buffer, { csv = false }: { csv?: boolean } = {}): Promise<string> {
  // Loaded with the first file, as sharp is with the first image (docs/performance.md, "Memory").
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (detected && detected in ACCEPTED_TYPES) return detected;
  if (csv && !detected && isCsvText(bytes)) return 'text/csv';
  throw fail('unsupported_media_type', 'file.type', undefined, { detected: detected ?? null });
}

/**
 * Stores a file: every way bytes enter storage (an upload, a project bundle, an import's CSV,
 * the demo's generated photos) comes through here. The type is read from the bytes and must be
 * the one the caller expects; images are re-encoded (no metadata, nothing hidden after the
 * image) with WebP thumbnails; then the row.
 */
export async function storeFile({
  db,
  storage,
  projectId,
  createdBy,
  upload,
  type: expected,
  id = uuidv7(),
}: {
  db: Db;
  storage: FileStorage;
  projectId: string;
  createdBy: string | null;
  upload: Upload;
  /** The type the caller expects (`text/csv` for an import's file); null takes whichever accepted type the bytes are. */
  type: string | null;
  id?: string;
}) {
  const type = await typeOfBytes(upload.bytes, { csv: expected === 'text/csv' });
  if (expected && expected !== type)
    throw fail(
      'unsupported_media_type',
      'file.type-mismatch',
      { claimed: expected, detected: type },
      { claimed: expected, detected: type },
    );
  const project = { id: projectId };
  const actor = { userId: createdBy };
  let stored = upload.bytes;
  let storedType = type;
  let width: number | null = null;
  let height: number | null = null;
  const thumbnails: FileRow['thumbnails'] = [];
  if (IMAGE_TYPES.has(type)) {
    // Loaded on the first image: a process that never stores one never maps libvips.
    const sharp = (await import('sharp')).default;
    try {
      const image = sharp(upload.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
      const format = type === 'image/jpeg' ? 'jpeg' : type === 'image/webp' ? 'webp' : 'png';
      stored = await image.clone().toFormat(format).toBuffer();
      storedType = `image/${format}`;
      const meta = await sharp(stored).metadata();
      width = meta.width ?? null;
      height = meta.height ?? null;
      for (const size of THUMBNAIL_WIDTHS) {
        const { data, info } = await image
          .clone()
          .resize({ width: size, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
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
  return insertFile(db, {
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
  });
}

/** The file (or one of its thumbnails) of the request's project, with what to send. */
export async function fileForDownload({
  db,
  project,
  id,
  thumb,
}: {
  db: Db;
  project: ProjectRow;
  id: string;
  thumb: number | undefined;
}) {
  const row = await findFile(db, project.id, id);
  if (!row) throw fail('not_found', 'file.no-such');
  if (thumb === undefined) return { row, storageKey: row.storageKey, type: row.type };
  const thumbnail = row.thumbnails.find((t) => t.size === thumb && !isTexture(t));
  if (!thumbnail) throw fail('not_found', 'file.no-thumbnail');
  return { row, storageKey: thumbnail.storageKey, type: 'image/webp' };
}

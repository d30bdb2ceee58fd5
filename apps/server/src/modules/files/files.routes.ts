import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { can, DomainError, errorBodySchema, fail, said } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import { requireProject } from '../projects/index.ts';
import {
  fileForDownload,
  fileView,
  INLINE_TYPES,
  isManagersFile,
  isPublicFile,
  purposeOf,
  SERVED_TYPES,
  storeUpload,
  THUMBNAIL_WIDTHS,
} from './files.operations.ts';
import { parseClientJson } from '../../lib/safe-json.ts';
import { canHaveTexture, createTextureMaker, TEXTURE_TYPE } from './textures.ts';

const fileViewSchema = z.object({
  _id: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  thumbnails: z.array(z.object({ size: z.number(), width: z.number(), height: z.number(), url: z.string() })),
  configs: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** What a download may be sent as: the checked types, and bare bytes for a row stored before the check. */
const DOWNLOAD_TYPES = [...SERVED_TYPES, 'application/octet-stream'];
const DOWNLOAD_CONTENT = Object.fromEntries(
  DOWNLOAD_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
);

/** POST /api/files (multipart: `file` and `configs` JSON) and GET /api/files/{id}. */
export const filesRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, storage, fileReaders },
) => {
  const { db } = database;
  const textures = createTextureMaker(storage);
  app.addHook('onClose', () => textures.close());
  // Multipart is accepted here only; every other route takes JSON.
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });

  app.post(
    '/api/files',
    {
      schema: {
        tags: ['decor'],
        summary: 'Upload a file (multipart: file, configs JSON); images get thumbnails',
        consumes: ['multipart/form-data'],
        response: {
          201: fileViewSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const scope = await request.projectScope();
      const { file, configs } = await readUpload(request);
      if (!file || file.bytes.length === 0) throw fail('bad_request', 'file.empty', undefined, { field: 'file' });
      const row = await storeUpload({ db, storage, scope, upload: { ...file, configs } });
      // A catalogue image may be a finish's texture: its GPU texture is made now, off the request,
      // so the first buyer to see it in 3D does not wait for it (docs/3d.md, "Textures").
      if (purposeOf(row) === 'catalogue' && canHaveTexture(row))
        textures
          .textureOf(db, row)
          .catch((error: unknown) => request.log.warn({ err: error, file: row.id }, 'texture not made'));
      const view = fileView(row);
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['decor'],
        summary:
          "A file of the project, one of its thumbnails (?thumb=200|800), or an image's 512 × 512 GPU texture (?texture=ktx2); catalogue images and the logo are public, other files for members; supports range requests",
        params: z.object({ id: z.uuid() }),
        querystring: z
          .object({
            thumb: z.coerce
              .number()
              .refine((n) => (THUMBNAIL_WIDTHS as readonly number[]).includes(n), said('validation.thumbnail-width'))
              .optional(),
            texture: z.literal('ktx2').optional(),
          })
          .refine((query) => query.thumb === undefined || query.texture === undefined, {
            ...said('validation.thumbnail-or-texture'),
            path: ['texture'],
          }),
        response: {
          200: {
            description: 'The file: re-encoded images inline, anything else as an attachment; always `nosniff`',
            content: DOWNLOAD_CONTENT,
          },
          206: { description: 'The part of the file a `Range` asked for', content: DOWNLOAD_CONTENT },
          304: { description: 'Not changed since the copy the client holds (`If-None-Match`, `If-Modified-Since`)' },
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          416: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const project = await requireProject(db, request.projectKey);
      const { row, ...stored } = await fileForDownload({
        db,
        project,
        id: request.params.id,
        thumb: request.query.thumb,
      });
      const isPublic = isPublicFile(row);
      if (!isPublic) {
        // Everything but catalogue images and the logo is for the project's members (docs/security.md, "Files").
        requireActor(request);
        const { standing } = await request.projectScope();
        if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
        if (isManagersFile(row) && can(standing, 'manage') !== 'any') throw fail('forbidden', 'file.managers-download');
        // A file attached to another module's resource (a comment's): its uploader, the staff, or
        // whom that module says may read it.
        const reader = fileReaders.of(purposeOf(row));
        if (reader && can(standing, 'manage') !== 'any' && row.createdBy !== request.actor?.userId) {
          if (!(await reader({ db, projectId: project.id, fileId: row.id, standing })))
            throw fail('not_found', 'file.no-such');
        }
      }
      // The image's GPU texture, made the first time it is asked, once the reader may have it.
      const { storageKey, type } = request.query.texture
        ? { storageKey: (await textures.textureOf(db, row)).storageKey, type: TEXTURE_TYPE }
        : stored;
      // Only re-encoded images are shown inline; every other file (PDF, GLB, CSV) is downloaded, and a
      // row of a type the byte check would refuse today is sent as bare bytes (docs/security.md, "Files").
      const served = SERVED_TYPES.has(type) ? type : 'application/octet-stream';
      const disposition = `${INLINE_TYPES.has(served) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`;
      return storage.send(request, reply, storageKey, {
        // The type the upload was checked to be, whatever the storage would guess.
        'content-type': served.startsWith('text/') ? `${served}; charset=utf-8` : served,
        'x-content-type-options': 'nosniff',
        'cache-control': isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=86400',
        ...(isPublic ? {} : { vary: 'Cookie, Authorization' }),
        'content-disposition': disposition,
      });
    },
  );
};

/** The multipart body of an upload: its one `file` and its `configs` JSON. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fail('unsupported_media_type', 'file.multipart');
  let file: { bytes: Buffer; fileName: string; claimedType: string } | null = null;
  let configs: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw fail('bad_request', 'file.field');
        file = { bytes: await part.toBuffer(), fileName: part.filename, claimedType: part.mimetype };
      } else if (part.fieldname === 'configs') {
        const parsed = parseClientJson(String(part.value), 'configs');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw fail('bad_request', 'file.configs', undefined, { field: 'configs' });
        }
        configs = parsed as Record<string, unknown>;
      }
    }
  } catch (error) {
    // The multipart parser's own failures (a cut-off body, a bad boundary) are the sender's.
    const code = (error as { code?: string }).code;
    if (error instanceof DomainError || code === 'FST_REQ_FILE_TOO_LARGE' || (code?.startsWith('FST_') ?? false))
      throw error;
    throw fail('bad_request', 'file.malformed');
  }
  return { file, configs };
}

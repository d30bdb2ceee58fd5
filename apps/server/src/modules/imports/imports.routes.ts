import { requestLanguage } from '../../lib/reader-language.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fail,
  IMPORT_KINDS,
  importMappingSchema,
  importRecordSchema,
  importResultSchema,
  pageSchema,
  apiScopeOfExport,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { exportCsv, importHistory, rememberedMappings, runImport } from './imports.operations.ts';

const errors = errorReplies(400, 401, 403, 404, 409, 413, 422);
/** A CSV file of 20,000 rows is a few megabytes; the JSON around it adds little. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * CSV imports and exports (docs/imports.md), for the project's managers and administrators:
 * a visitor gets 401, anyone else 403.
 */
export const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, hooks, storage, mailer, authSecret },
) => {
  const { db } = database;
  const scopeOf = async (request: Parameters<typeof requireActor>[0]) => {
    requireActor(request);
    return request.projectScope();
  };

  app.post(
    '/api/manage/imports',
    {
      config: { apiScope: 'units:write' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['manage'],
        summary:
          'Checks a CSV file (a dry run) or applies it in one transaction: units with buyers, options, categories, rooms or plans',
        body: z
          .object({
            kind: z.enum(IMPORT_KINDS),
            fileName: z.string().trim().min(1).max(200),
            content: z.string().min(1).max(IMPORT_BODY_LIMIT),
            mapping: importMappingSchema,
            apply: z.boolean().default(false),
            send: z.boolean().default(false),
          })
          .strict(),
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      return runImport({
        db,
        scope,
        hooks,
        storage,
        mailer,
        origin: projectOrigin(config, scope.project.key),
        secret: authSecret,
        request: request.body,
        language: await requestLanguage(db, request),
      });
    },
  );

  app.get(
    '/api/manage/imports',
    {
      schema: {
        tags: ['manage'],
        summary:
          'The imports applied to the project, newest first, 50 a page: who, when, the file, its mapping and what it did',
        querystring: z.object({ after: z.string().max(1000).optional() }).strict(),
        response: { 200: pageSchema(importRecordSchema), ...errors },
      },
    },
    async (request) => importHistory({ db, scope: await scopeOf(request), before: request.query.after }),
  );

  app.get(
    '/api/manage/imports/mappings',
    {
      schema: {
        tags: ['manage'],
        summary: 'The column mapping of the latest import of each kind, where the next file of that kind starts',
        response: { 200: z.partialRecord(z.enum(IMPORT_KINDS), importMappingSchema), ...errors },
      },
    },
    async (request) => rememberedMappings({ db, scope: await scopeOf(request) }),
  );

  app.get(
    '/api/manage/exports/:kind',
    {
      config: { apiScope: (request) => apiScopeOfExport((request.params as { kind?: string }).kind) },
      schema: {
        tags: ['manage'],
        summary:
          'A collection as a CSV file in the shape its import reads (units.csv, options.csv, categories.csv, rooms.csv, plans.csv)',
        params: z.object({ kind: z.string().regex(/^[a-z]+\.csv$/) }),
        produces: ['text/csv', 'application/json'],
        response: {
          200: { description: 'The collection (CSV)', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const kind = IMPORT_KINDS.find((k) => `${k}.csv` === request.params.kind);
      if (!kind) throw fail('not_found', 'import.no-export');
      const { fileName, body } = await exportCsv({ db, scope, kind, language: await requestLanguage(db, request) });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(body) as never);
    },
  );
};

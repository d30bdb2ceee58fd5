import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requireActor } from '../../plugins/actor.ts';
import { accountingExport } from './payments.export.ts';

const tags = ['payments'];

/** The accounting export of a period (docs/payments.md, "The accounting export"). */
export const accountingExportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/manage/payments.csv',
    {
      config: { apiScope: 'payments:read' },
      schema: {
        tags,
        summary:
          'The accounting export: every receipt of a period (this month unless `from` and `to` say, days in the project’s zone), with taxes by name (staff only)',
        querystring: z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }).strict(),
        produces: ['text/csv', 'application/json'],
        response: {
          200: { description: 'The receipts (CSV)', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errorReplies(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const { csv, filename } = await accountingExport(db, { scope: request.projectScope(), ...request.query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};

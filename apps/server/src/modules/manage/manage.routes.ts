import { requestLanguage } from '../../lib/reader-language.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkApproveResultSchema,
  bulkApproveSchema,
  buyerRowSchema,
  CART_LIST_STATUSES,
  reviewQueueItemSchema,
  cartRowSchema as cartRow,
  dashboardSchema,
  errorBodySchema,
  historyEntrySchema as historyEntry,
  pageSchema as page,
  purchasingReportSchema,
  UNIT_STATUSES,
  unitRowSchema as unitRow,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import {
  buyersPage,
  catalogueCheck,
  cartHistory,
  cartRow as cartRowOf,
  cartsPage,
  changeUnits,
  dashboard,
  purchasing,
  purchasingCsv,
  unitsPage,
} from './manage.operations.ts';
import { approveMany, reviewQueue } from './manage.review.ts';

const errors = errorReplies(400, 401, 403, 404, 422);
const cursor = z.string().max(1000).optional();

/** The caller's standing in the request's project, once signed in (a visitor gets 401). */
async function scopeOf(request: Parameters<typeof requireActor>[0]) {
  requireActor(request);
  return request.projectScope();
}

/**
 * The back office's own reads and bulk changes (docs/back-office.md). Every route is for the
 * project's managers and administrators: a visitor gets 401, anyone else 403.
 */
export const manageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  await app.register(manageCartsRoutes, context);
  await app.register(reviewQueueRoutes, context);
  await app.register(manageProjectRoutes, context);
};

/** The dashboard and the selections: the list, one, its history. */
const manageCartsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/manage/dashboard',
    {
      schema: {
        tags: ['manage'],
        summary: "The back office's numbers: units, buyers, carts, deadlines, revenue and the most chosen upgrades",
        response: {
          200: dashboardSchema,
          ...errors,
        },
      },
    },
    async (request) => dashboard({ db, scope: await scopeOf(request), language: await requestLanguage(db, request) }),
  );

  app.get(
    '/api/manage/carts',
    {
      schema: {
        tags: ['manage'],
        summary:
          "Every unit's cart with its buyers, 50 a page (by floor and unit), filtered by status (signed: submitted or approved), floor, deadline, overdue review, option or a search",
        querystring: z
          .object({
            status: z.enum([...CART_LIST_STATUSES, 'signed']).optional(),
            floor: z.coerce.number().int().min(-10).max(500).optional(),
            due: z.enum(['week']).optional(),
            overdue: z.enum(['1', 'true']).optional(),
            option: z.uuid().optional(),
            q: z.string().trim().max(100).optional(),
            after: cursor,
          })
          .strict(),
        response: { 200: page(cartRow), ...errors },
      },
    },
    async (request) => {
      const { status, floor, due, overdue, option, q, after } = request.query;
      const now = new Date();
      const filter = {
        ...(status === 'signed' ? { signed: true } : { status }),
        floor,
        reviewOverdue: overdue !== undefined,
        option,
        q: q || undefined,
        dueBefore: due === 'week' ? new Date(now.getTime() + 7 * 86_400_000) : undefined,
      };
      return cartsPage({ db, scope: await scopeOf(request), filter, after, now });
    },
  );

  app.get(
    '/api/manage/carts/:id',
    {
      schema: {
        tags: ['manage'],
        summary:
          "One cart's row of the list: its unit, buyers, status, total, deadline and last change, and the required choices it still lacks",
        params: z.object({ id: z.uuid() }),
        response: { 200: cartRow, ...errors },
      },
    },
    async (request) =>
      cartRowOf({
        db,
        scope: await scopeOf(request),
        cartId: request.params.id,
        language: await requestLanguage(db, request),
      }),
  );

  app.get(
    '/api/manage/carts/:id/history',
    {
      schema: {
        tags: ['manage'],
        summary:
          "A cart's history from the audit log: who changed what and when (buyers, co-buyers and staff), newest first, 50 a page",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ before: cursor }).strict(),
        response: { 200: page(historyEntry), ...errors },
      },
    },
    async (request) =>
      cartHistory({
        db,
        scope: await scopeOf(request),
        cartId: request.params.id,
        before: request.query.before,
        language: await requestLanguage(db, request),
      }),
  );
};

/** Units and their bulk changes, the catalogue's check and purchasing. */
const manageProjectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, hooks }) => {
  const { db } = database;
  app.get(
    '/api/manage/buyers',
    {
      schema: {
        tags: ['manage'],
        summary:
          "The project's buyers by address, 50 a page, with their units, when they joined and last signed in, and the newest mails the project sent them (show=signed-in: those who have signed in; q searches name and address)",
        querystring: z
          .object({
            show: z.enum(['joined', 'signed-in']).optional(),
            q: z.string().trim().max(100).optional(),
            after: cursor,
          })
          .strict(),
        response: { 200: page(buyerRowSchema), ...errors },
      },
    },
    async (request) =>
      buyersPage({
        db,
        scope: await scopeOf(request),
        signedIn: request.query.show === 'signed-in',
        q: request.query.q || undefined,
        after: request.query.after,
      }),
  );

  app.get(
    '/api/manage/units',
    {
      schema: {
        tags: ['manage'],
        summary: 'The units with their plan, status, deadline, buyers and cart, by floor, 50 a page',
        querystring: z.object({ after: cursor }).strict(),
        response: { 200: page(unitRow), ...errors },
      },
    },
    async (request) => unitsPage({ db, scope: await scopeOf(request), after: request.query.after }),
  );

  app.post(
    '/api/manage/units/bulk',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Set the status and/or the deadline of many units at once (all or nothing; one audit entry per unit; open carts follow the deadline)',
        body: z
          .object({
            units: z.array(z.uuid()).min(1).max(1000),
            status: z.enum(UNIT_STATUSES).optional(),
            deadline: z.iso.datetime({ offset: true }).nullable().optional(),
          })
          .strict(),
        response: { 200: z.object({ changed: z.number(), carts: z.number() }), ...errors, 409: errorBodySchema },
      },
    },
    async (request) => changeUnits({ db, scope: await scopeOf(request), hooks, change: request.body }),
  );

  app.get(
    '/api/manage/catalogue-check',
    {
      schema: {
        tags: ['manage'],
        summary:
          'What in the catalogue would stop buyers (contradicting rules, required categories a plan cannot satisfy, packages that break a rule, 3D finishes without a swatch, minimap rooms over each other), how many items each collection holds, and what is not yet written in each of the project’s languages',
        response: {
          200: z.object({
            problems: z.array(z.object({ kind: z.string(), text: z.string() }).catchall(z.unknown())),
            counts: z.record(z.string(), z.number()),
            /** Per collection and language: how many items are not yet written in that language, and the first few (docs/languages.md). */
            missingTranslations: z.array(
              z.object({
                collection: z.string(),
                language: z.string(),
                count: z.number().int(),
                names: z.array(z.string()),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      catalogueCheck({ db, scope: await scopeOf(request), language: await requestLanguage(db, request) }),
  );

  app.get(
    '/api/manage/purchasing',
    {
      schema: {
        tags: ['manage'],
        summary:
          'The approved selections as purchasing lines, grouped by vendor and SKU; the amounts add up to the purchases',
        response: {
          200: purchasingReportSchema,
          ...errors,
        },
      },
    },
    async (request) => purchasing({ db, scope: await scopeOf(request) }),
  );

  app.get(
    '/api/manage/purchasing.csv',
    {
      schema: {
        tags: ['manage'],
        summary: 'The purchasing lines as a CSV file (UTF-8, amounts in the currency’s own decimals)',
        produces: ['text/csv', 'application/json'],
        response: {
          200: { description: 'The purchasing lines (CSV)', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const csv = purchasingCsv(await purchasing({ db, scope }));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${scope.project.key}-purchasing.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(csv) as never);
    },
  );
};

/** "Waiting for you": the selections to review, in the order they are due, and approving several at once. */
const reviewQueueRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, hooks }) => {
  const { db } = database;
  app.get(
    '/api/manage/review-queue',
    {
      schema: {
        tags: ['manage'],
        summary:
          'The submitted selections in the order their reviews are due (the project’s review days after each signature), overdue ones first',
        response: { 200: z.array(reviewQueueItemSchema), ...errors },
      },
    },
    async (request) => reviewQueue({ db, scope: await scopeOf(request) }),
  );

  app.post(
    '/api/manage/review-queue/approve',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Approve several submitted selections, each exactly as one approval (purchase, audit entry, mails); those that cannot be are named with why',
        body: bulkApproveSchema,
        response: { 200: bulkApproveResultSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return approveMany({
        db,
        hooks,
        scope: request.projectScope(),
        carts: request.body.carts,
        comment: request.body.comment,
      });
    },
  );
};

import type { FastifyRequest } from 'fastify';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartSummarySchema,
  changeOrderSchema,
  remindersInputSchema,
  remindersResultSchema,
  selectionSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { cartSummaries, transitionCart } from './carts.operations.ts';
import { deleteAlternative, restoreAlternative, saveAlternative } from './carts.alternatives.ts';
import { cartPdf } from './carts.pdf.ts';
import { readChangeOrder } from './carts.change-order.ts';
import { listShares, revokeShare, SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, shareCart, sharedCart } from './carts.share.ts';
import { requireActor } from '../../plugins/actor.ts';
import { requireManager } from '../projects/index.ts';
import { remindBuyers } from './carts.notices.ts';
import { sendJson } from '../../lib/send-json.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { requestLanguage } from '../../lib/reader-language.ts';

const params = z.object({ id: z.uuid() });
const cartSchema = z.object({ _id: z.string(), _version: z.number(), status: z.string() }).catchall(z.unknown());
const errors = errorReplies(400, 401, 403, 404, 409, 422, 423);

type CartsContext = AppContext;

/** What every cart route hands its operation: the database, the hooks, who asks where, and the cart. */
const baseOf =
  ({ database, hooks }: Pick<CartsContext, 'database' | 'hooks'>) =>
  (request: FastifyRequest<{ Params: { id: string } }>) => ({
    db: database.db,
    hooks,
    scope: request.projectScope(),
    cartId: request.params.id,
  });

/** A cart's routes (docs/selection-rules.md): its status changes, its documents and links, its saved alternatives. */
export const cartsRoutes: FastifyPluginAsyncZod<CartsContext> = async (app, context) => {
  await app.register(cartTransitionRoutes, context);
  await app.register(cartDocumentRoutes, context);
  await app.register(cartAlternativeRoutes, context);
  await app.register(reminderRoutes, context);
};

/** Reminding buyers by hand (docs/selection-rules.md, "Reminders"): the project's managers only. */
const reminderRoutes: FastifyPluginAsyncZod<CartsContext> = async (app, { database, mailer, config }) => {
  app.post(
    '/api/manage/reminders',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Remind the buyers of chosen open selections, or of every one not started or not submitted, now (each selection at most once an hour); managers only',
        body: remindersInputSchema,
        response: { 200: remindersResultSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const { project } = requireManager(await request.projectScope());
      const body = request.body;
      return remindBuyers({
        db: database.db,
        mailer,
        config,
        projectId: project.id,
        ...('carts' in body ? { carts: body.carts } : { who: body.who }),
      });
    },
  );
};

/** The buyer's carts and the cart's status changes. Each answers with the cart as it now is. */
const cartTransitionRoutes: FastifyPluginAsyncZod<CartsContext> = async (app, context) => {
  const { database } = context;
  const base = baseOf(context);
  app.get(
    '/api/carts/mine',
    {
      schema: {
        tags: ['decor'],
        summary: "The caller's carts with unit, plan, progress, total, deposit and status as it stands now",
        response: {
          200: z.array(cartSummarySchema),
          ...errors,
        },
      },
    },
    async (request) => {
      requireActor(request);
      return cartSummaries({
        db: database.db,
        scope: request.projectScope(),
        language: await requestLanguage(database.db, request),
      });
    },
  );

  app.post(
    '/api/carts/:id/submit',
    {
      schema: {
        tags: ['decor'],
        summary:
          'Submit a complete draft with the buyer’s typed full name and agreement, and the cart version reviewed (409 if it changed)',
        params,
        body: z
          .object({ signature: z.string().max(200), agree: z.boolean(), _version: z.number().int().min(1) })
          .strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      // The managers' notice goes out after the answer (a hook of carts).
      sendJson(
        reply,
        await transitionCart({
          ...base(request),
          action: 'submit',
          // The language of the page it was signed on, kept with the signature (docs/languages.md).
          signature: {
            name: request.body.signature,
            agree: request.body.agree,
            language: await requestLanguage(database.db, request),
          },
          expectedVersion: request.body._version,
        }),
      ),
  );

  app.post(
    '/api/carts/:id/approve',
    {
      schema: {
        tags: ['decor'],
        summary: 'Approve a submitted selection (managers); writes the purchase and tells the buyers',
        params,
        body: z
          .object({ comment: z.string().max(2000).optional() })
          .strict()
          .optional(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await transitionCart({ ...base(request), action: 'approve', comment: request.body?.comment })),
  );

  app.post(
    '/api/carts/:id/reopen',
    {
      schema: {
        tags: ['decor'],
        summary:
          'Reopen an approved selection as a change order: a new revision, an optional fee (minor units) and deadline (a passed one moves 14 days ahead), signed again by the buyer (managers)',
        params,
        body: z
          .object({
            comment: z.string().max(2000).optional(),
            fee: z.number().int().min(0).max(100_000_000).optional(),
            deadline: z.iso.datetime({ offset: true }).optional(),
          })
          .strict()
          .optional(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await transitionCart({
          ...base(request),
          action: 'reopen',
          comment: request.body?.comment,
          fee: request.body?.fee,
          deadline: request.body?.deadline,
        }),
      ),
  );

  app.post(
    '/api/carts/:id/return',
    {
      schema: {
        tags: ['decor'],
        summary: 'Return a submitted selection to its buyer with a comment (managers)',
        params,
        body: z.object({ comment: z.string().max(2000) }).strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await transitionCart({ ...base(request), action: 'return', comment: request.body.comment })),
  );

  app.post(
    '/api/carts/:id/extend',
    {
      schema: {
        tags: ['decor'],
        summary: 'Give a locked or open draft a new deadline (managers)',
        params,
        body: z
          .object({ deadline: z.iso.datetime({ offset: true }), comment: z.string().max(2000).optional() })
          .strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await transitionCart({
          ...base(request),
          action: 'extend',
          deadline: request.body.deadline,
          comment: request.body.comment,
        }),
      ),
  );
};

/** The signed summary as a PDF, share links and the shared view. */
const cartDocumentRoutes: FastifyPluginAsyncZod<CartsContext> = async (app, context) => {
  const { config, database, authSecret } = context;
  const base = baseOf(context);
  app.get(
    '/api/carts/:id/pdf',
    {
      schema: {
        tags: ['decor'],
        summary: 'The signed summary as a PDF; managers may print it without prices (?prices=0)',
        params,
        querystring: z.object({ prices: z.enum(['0', '1']).default('1') }).strict(),
        produces: ['application/pdf', 'application/json'],
        response: {
          200: {
            description: 'The signed summary (a PDF document)',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await cartPdf({
        ...base(request),
        prices: request.query.prices !== '0',
        language: await requestLanguage(database.db, request),
      });
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          // A Buffer is sent as it is: the JSON serializer applies to the error replies only.
          .send(Buffer.from(bytes) as never)
      );
    },
  );

  app.get(
    '/api/carts/:id/change-order',
    {
      schema: {
        tags: ['decor'],
        summary:
          'What a reopened selection changes from the purchase in force: places, fees, totals (null when it is no change order)',
        params,
        response: { 200: z.object({ changeOrder: changeOrderSchema.nullable() }), ...errors },
      },
    },
    async (request) => readChangeOrder({ ...base(request), language: await requestLanguage(database.db, request) }),
  );

  app.post(
    '/api/carts/:id/share',
    {
      schema: {
        tags: ['decor'],
        summary: 'A signed, expiring, read-only link to this cart for /preview',
        params,
        body: z
          .object({
            prices: z.boolean().default(true),
            days: z.number().int().min(1).max(SHARE_DAYS_MAX).default(SHARE_DAYS_DEFAULT),
          })
          .strict()
          .default({ prices: true, days: SHARE_DAYS_DEFAULT }),
        response: {
          200: z.object({ token: z.string(), url: z.string(), expiresAt: z.string(), prices: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) =>
      shareCart({
        ...base(request),
        prices: request.body.prices,
        days: request.body.days,
        secret: authSecret,
        origin: projectOrigin(config, request.projectKey ?? ''),
      }),
  );

  const shareLinkView = z.object({
    _id: z.string(),
    prices: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    state: z.enum(['active', 'expired', 'withdrawn']),
    byName: z.string().nullable(),
  });

  app.get(
    '/api/carts/:id/shares',
    {
      schema: {
        tags: ['decor'],
        summary:
          'The share links given for this cart, newest first, with their state (the links themselves are never kept)',
        params,
        response: { 200: z.array(shareLinkView), ...errors },
      },
    },
    async (request) => listShares({ ...base(request) }),
  );

  app.post(
    '/api/carts/:id/shares/:shareId/revoke',
    {
      schema: {
        tags: ['decor'],
        summary: 'Withdraws a share link: it stops working at once',
        params: z.object({ id: z.uuid(), shareId: z.uuid() }),
        response: { 200: shareLinkView, ...errors },
      },
    },
    async (request) => revokeShare({ ...base(request), shareId: request.params.shareId }),
  );

  app.get(
    '/api/shared/:token',
    {
      schema: {
        tags: ['decor'],
        summary: 'A shared cart, read-only, as its link allows (no sign-in)',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ showsPrices: z.boolean() }).catchall(z.unknown()), ...errors },
      },
    },
    async (request) =>
      sharedCart({ db: database.db, token: request.params.token, secret: authSecret, projectKey: request.projectKey }),
  );
};

/** Saved alternatives of a cart. */
const cartAlternativeRoutes: FastifyPluginAsyncZod<CartsContext> = async (app, context) => {
  const base = baseOf(context);
  app.post(
    '/api/carts/:id/versions',
    {
      schema: {
        tags: ['decor'],
        summary:
          'Save the current choices as a named alternative, or the given choices (a look built on a sales-centre screen)',
        params,
        body: z
          .object({
            name: z.string().trim().min(1).max(80),
            choices: z.array(selectionSchema).min(1).max(40).optional(),
          })
          .strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await saveAlternative({ ...base(request), name: request.body.name, choices: request.body.choices }),
      ),
  );

  const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
  app.post(
    '/api/carts/:id/versions/:versionId/restore',
    {
      schema: {
        tags: ['decor'],
        summary: 'Make a saved alternative the current choices (send the cart version you saw)',
        params: versionParams,
        body: z.object({ _version: z.number().int().min(1) }).strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await restoreAlternative({
          ...base(request),
          alternativeId: request.params.versionId,
          expectedVersion: request.body._version,
        }),
      ),
  );

  app.delete(
    '/api/carts/:id/versions/:versionId',
    {
      schema: {
        tags: ['decor'],
        summary: 'Forget a saved alternative',
        params: versionParams,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await deleteAlternative({ ...base(request), alternativeId: request.params.versionId })),
  );
};

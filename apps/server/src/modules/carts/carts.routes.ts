import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@decor/core';
import type { AppContext } from '../../app.ts';
import { cartSummaries, transitionCart } from './carts.operations.ts';
import { requireActor } from '../../plugins/actor.ts';
import { sendJson } from '../../lib/send-json.ts';

const params = z.object({ id: z.uuid() });
const cartSchema = z.object({ _id: z.string(), _version: z.number(), status: z.string() }).catchall(z.unknown());
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 423: errorBodySchema };

/** The cart's status changes (DESIGN.md §6). Each answers with the cart as it now is. */
export const cartsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const base = (request: { actor: import('../../plugins/actor.ts').Actor | null; projectKey: string | null; params: { id: string } }) => ({
    db: database.db,
    actor: request.actor,
    projectKey: request.projectKey,
    cartId: request.params.id,
  });

  app.get(
    '/api/carts/mine',
    {
      schema: {
        tags: ['decor'],
        summary: "The caller's carts with unit, plan, progress, total, deposit and status as it stands now",
        response: {
          200: z.array(
            z.object({
              _id: z.string(),
              _version: z.number(),
              status: z.enum(['draft', 'submitted', 'approved', 'locked']),
              deadline: z.string().nullable(),
              total: z.number(),
              deposit: z.number(),
              depositPercent: z.number(),
              selections: z.number(),
              progress: z.object({ done: z.number(), total: z.number(), missing: z.array(z.string()) }),
              unit: z.object({ _id: z.string(), name: z.string(), floor: z.number(), area: z.number().nullable() }),
              plan: z.object({ name: z.string(), bedrooms: z.number(), bathrooms: z.number() }).nullable(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => cartSummaries({ db: database.db, actor: requireActor(request), projectKey: request.projectKey }),
  );

  app.post(
    '/api/carts/:id/submit',
    {
      schema: {
        tags: ['decor'],
        summary: 'Submit a complete draft with the buyer’s typed full name and agreement',
        params,
        body: z.object({ signature: z.string().max(200), agree: z.boolean() }).strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await transitionCart({ ...base(request), action: 'submit', signature: { name: request.body.signature, agree: request.body.agree } })),
  );

  for (const action of ['approve', 'reopen'] as const) {
    app.post(
      `/api/carts/:id/${action}`,
      {
        schema: {
          tags: ['decor'],
          summary: action === 'approve' ? 'Approve a submitted selection (managers); writes the purchase' : 'Reopen an approved selection as a new revision (managers)',
          params,
          body: z.object({ comment: z.string().max(2000).optional() }).strict().optional(),
          response: { 200: cartSchema, ...errors },
        },
      },
      async (request, reply) => sendJson(reply, await transitionCart({ ...base(request), action, comment: request.body?.comment })),
    );
  }

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
    async (request, reply) => sendJson(reply, await transitionCart({ ...base(request), action: 'return', comment: request.body.comment })),
  );

  app.post(
    '/api/carts/:id/extend',
    {
      schema: {
        tags: ['decor'],
        summary: 'Give a locked or open draft a new deadline (managers)',
        params,
        body: z.object({ deadline: z.iso.datetime({ offset: true }), comment: z.string().max(2000).optional() }).strict(),
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await transitionCart({ ...base(request), action: 'extend', deadline: request.body.deadline, comment: request.body.comment })),
  );
};

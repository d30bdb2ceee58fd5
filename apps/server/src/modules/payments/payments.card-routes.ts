import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardCheckoutInputSchema, cardCheckoutSchema } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requireActor } from '../../plugins/actor.ts';
import { requireManager } from '../projects/index.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import { cardProcessorFor } from './payments.card.ts';
import { applyCardWebhook, beginCardCheckout, cardCheckoutState, type Settled } from './payments.card-operations.ts';
import { mailReceipt } from './payments.receipt.ts';

const params = z.object({ id: z.uuid() });
const tags = ['payments'];

/** Paying by card: the buyer's hosted payment page, their return from it, and the processor's webhook (docs/payments.md, "Paying by card"). */
export const cardPaymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, mailer, config }) => {
  const { db } = database;
  const processor = cardProcessorFor(config);
  /** The receipt of what a card payment or refund recorded, mailed once it is committed. */
  const mailSettled = (settled: Settled | null, log: FastifyBaseLogger) => {
    if (settled?.recorded)
      void mailReceipt({
        db,
        mailer,
        config,
        project: settled.project,
        cartId: settled.cartId,
        entryId: settled.entryId,
        log,
      });
  };

  app.post(
    '/api/carts/:id/payments/card',
    {
      schema: {
        tags,
        summary:
          'Begin paying by card, up to a scheduled amount: the server works out the amount and answers the hosted payment page to send the buyer to (the unit’s buyers; the same open page again for the same amount)',
        params,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        body: cardCheckoutInputSchema,
        response: { 200: cardCheckoutSchema, 201: cardCheckoutSchema, ...errorReplies(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const { checkout, created } = await beginCardCheckout(db, {
        processor,
        scope: request.projectScope(),
        cartId: request.params.id,
        upTo: request.body.upTo,
        idempotencyKey: request.headers['idempotency-key'],
        origin: (key) => projectOrigin(config, key),
        language: await requestLanguage(db, request),
      });
      return reply.status(created ? 201 : 200).send(checkout);
    },
  );

  app.get(
    '/api/carts/:id/payments/card/:checkoutId',
    {
      schema: {
        tags,
        summary:
          'How a card payment stands when the buyer comes back from the hosted page; a paid one is recorded now, with its receipt (the selection’s readers)',
        params: z.object({ id: z.uuid(), checkoutId: z.string().min(1).max(255) }),
        response: { 200: cardCheckoutSchema, ...errorReplies(401, 403, 404, 503) },
      },
    },
    async (request) => {
      requireActor(request);
      const { checkout, settled } = await cardCheckoutState(db, {
        processor,
        scope: request.projectScope(),
        cartId: request.params.id,
        checkoutId: request.params.checkoutId,
        log: (message) => request.log.warn(message),
      });
      mailSettled(settled, request.log);
      return checkout;
    },
  );

  // The card processor's webhook reads its body as sent: the signature is over those bytes.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/payments/card-webhook',
      {
        schema: {
          tags,
          summary:
            'Stripe’s webhook: a signed event (Stripe-Signature, at most 5 minutes old), applied once by its id; other events are acknowledged',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: {
            200: z.object({ received: z.literal(true), applied: z.boolean() }),
            ...errorReplies(400, 404, 409),
          },
        },
      },
      async (request) => {
        const { applied, settled } = await applyCardWebhook(db, {
          processor,
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: [request.headers['stripe-signature']].flat()[0],
          log: (message) => request.log.warn(message),
        });
        mailSettled(settled, request.log);
        return { received: true as const, applied };
      },
    );
  });

  app.get(
    '/api/manage/payments/setup',
    {
      schema: {
        tags,
        summary:
          'Whether the portal takes cards (the platform has Stripe’s keys), or offline payments only (staff only)',
        response: { 200: z.object({ card: z.boolean() }), ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      requireActor(request);
      requireManager(await request.projectScope(), 'payments.staff-only');
      return { card: processor !== null };
    },
  );
};

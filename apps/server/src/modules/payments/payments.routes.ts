import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartMoneySchema,
  ledgerEntryInputSchema,
  paymentRowMatches,
  paymentRowSchema,
  paymentsQuerySchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requireActor } from '../../plugins/actor.ts';
import { cartMoney, paymentsList, recordEntry } from './payments.operations.ts';
import { mailReceipt, receiptPdf } from './payments.receipt.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { cardProcessorFor } from './payments.card.ts';

const params = z.object({ id: z.uuid() });
const tags = ['payments'];

/** A selection's money, the staff's ledger entries and the payments list (docs/payments.md). */
export const paymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, mailer, config }) => {
  const { db } = database;
  // Card payments when the platform has Stripe's keys; offline payments only otherwise.
  const processor = cardProcessorFor(config);

  app.get(
    '/api/carts/:id/payments',
    {
      config: { apiScope: 'payments:read' },
      schema: {
        tags,
        summary:
          'What a selection owes and when, what was paid, refunded and credited, and the balance (its unit’s buyers and the staff)',
        params,
        response: { 200: cartMoneySchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      requireActor(request);
      const language = await requestLanguage(db, request);
      return cartMoney(db, request.projectScope(), request.params.id, { card: processor !== null, language });
    },
  );

  app.post(
    '/api/manage/carts/:id/ledger',
    {
      schema: {
        tags,
        summary:
          'Record a payment received offline, a refund or a credit note on a signed selection, with its reason and receipt number (staff only)',
        params,
        body: ledgerEntryInputSchema,
        response: { 201: cartMoneySchema, ...errorReplies(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const cartId = request.params.id;
      const { money, entryId, project } = await recordEntry(db, {
        scope: request.projectScope(),
        cartId,
        input: request.body,
        processor,
      });
      // The buyers get the receipt once the entry is recorded; a mail that fails never undoes it.
      void mailReceipt({ db, mailer, config, project, cartId, entryId, log: request.log });
      return reply.status(201).send(money);
    },
  );

  app.get(
    '/api/carts/:id/receipts/:entryId',
    {
      schema: {
        tags,
        summary:
          'The receipt of a payment, refund or credit on a selection, as a PDF in the reader’s language (its buyers and the staff)',
        params: z.object({ id: z.uuid(), entryId: z.uuid() }),
        produces: ['application/pdf', 'application/json'],
        response: {
          200: {
            description: 'The receipt (a PDF document)',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorReplies(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const receipt = await receiptPdf(db, {
        scope: request.projectScope(),
        cartId: request.params.id,
        entryId: request.params.entryId,
        language: await requestLanguage(db, request),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.content as never);
    },
  );

  app.get(
    '/api/manage/payments',
    {
      config: { apiScope: 'payments:read' },
      schema: {
        tags,
        summary:
          'Every signed selection with what it owes, what was paid and its next amount due; `state`, `floor`, `plan` and `dueBy` filter (staff only)',
        querystring: paymentsQuerySchema,
        response: { 200: z.array(paymentRowSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      requireActor(request);
      const rows = await paymentsList(db, request.projectScope());
      return rows.filter((row) => paymentRowMatches(row, request.query));
    },
  );
};

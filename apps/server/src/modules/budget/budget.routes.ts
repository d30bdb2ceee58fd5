import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fitAnswerSchema, fitRequestSchema } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { requireActor } from '../../plugins/actor.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { fitBudget } from './budget.operations.ts';
import { createFitRunner } from './budget.runner.ts';

/** Fit my budget's route (docs/fit-my-budget.md): one solver thread per server process, closed with it. */
export const budgetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const runner = createFitRunner();
  app.addHook('onClose', () => runner.close());
  app.post(
    '/api/carts/:id/fit-budget',
    {
      schema: {
        tags: ['decor'],
        summary:
          'The best selection of what the buyer’s plan offers within a budget, each change with its reason; or by how much the smallest one keeping the rules exceeds it',
        params: z.object({ id: z.uuid() }),
        body: fitRequestSchema,
        response: { 200: fitAnswerSchema, ...errorReplies(400, 401, 403, 404, 423, 429, 503) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await consumeRate(database.db, `fit:${actor.userId}`, RATE_RULES.fitBudgetPerPerson);
      return fitBudget({
        db: database.db,
        scope: request.projectScope(),
        cartId: request.params.id,
        input: request.body,
        runner,
        language: await requestLanguage(database.db, request),
      });
    },
  );
};

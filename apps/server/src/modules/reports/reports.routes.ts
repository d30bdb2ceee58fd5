import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFiltersSchema, revenueSchema, takeRateSchema, type ReportFilters } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { requireActor } from '../../plugins/actor.ts';
import { revenue, takeRate } from './reports.operations.ts';

const errors = errorReplies(400, 401, 403);

/** The design centre's reports (docs/reports.md): the project's managers and administrators only. */
export const reportsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;
  const inputOf = async (request: Parameters<typeof requireActor>[0], filters: ReportFilters) => {
    requireActor(request);
    return { db, scope: await request.projectScope(), filters, language: await requestLanguage(db, request) };
  };
  app.get(
    '/api/manage/reports/take-rate',
    {
      schema: {
        tags: ['manage'],
        summary: 'The share of selections choosing each option, category and package, by plan, floor and period',
        querystring: reportFiltersSchema,
        response: { 200: takeRateSchema, ...errors },
      },
    },
    async (request) => takeRate(await inputOf(request, request.query)),
  );
  app.get(
    '/api/manage/reports/revenue',
    {
      schema: {
        tags: ['manage'],
        summary: 'Upgrade revenue, approved, submitted and open, by category, month, plan and floor',
        querystring: reportFiltersSchema,
        response: { 200: revenueSchema, ...errors },
      },
    },
    async (request) => revenue(await inputOf(request, request.query)),
  );
};

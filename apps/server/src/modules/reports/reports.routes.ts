import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decisionsSchema,
  projectsAtAGlanceSchema,
  funnelSchema,
  moneyReportSchema,
  optionCostInputSchema,
  optionCostSchema,
  optionCostsSchema,
  reportFiltersSchema,
  revenueSchema,
  takeRateSchema,
  type ReportFilters,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { requireActor, requireAdmin } from '../../plugins/actor.ts';
import {
  decisions,
  funnel,
  money,
  optionCosts,
  projectsAtAGlance,
  revenue,
  setOptionCost,
  takeRate,
} from './reports.operations.ts';

const errors = errorReplies(400, 401, 403);
const costErrors = errorReplies(400, 401, 403, 404);

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
  app.get(
    '/api/manage/reports/decisions',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Days from invitation to first choice, submission and approval; the open selections forecast to miss their deadline',
        querystring: reportFiltersSchema,
        response: { 200: decisionsSchema, ...errors },
      },
    },
    async (request) => decisions(await inputOf(request, request.query)),
  );
  app.get(
    '/api/manage/reports/money',
    {
      schema: {
        tags: ['manage'],
        summary: 'What the signed selections make due, what was received and what is overdue, by week',
        querystring: reportFiltersSchema,
        response: { 200: moneyReportSchema, ...errors },
      },
    },
    async (request) => money(await inputOf(request, request.query)),
  );
  app.get(
    '/api/manage/reports/funnel',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Widget views and clicks, inquiries, leads followed up and buyers, by site, campaign, agent code and source',
        querystring: reportFiltersSchema,
        response: { 200: funnelSchema, ...errors },
      },
    },
    async (request) => funnel(await inputOf(request, request.query)),
  );
  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every live project’s selections, upgrades, margin, deadline risk, overdue money and inquiries over twelve months (administrators only)',
        response: { 200: projectsAtAGlanceSchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      return projectsAtAGlance({ db, actor, language: await requestLanguage(db, request) });
    },
  );
  app.get(
    '/api/manage/option-costs',
    {
      schema: {
        tags: ['manage'],
        summary: 'What each option costs the builder (staff only; never in an option’s document)',
        response: { 200: optionCostsSchema, ...costErrors },
      },
    },
    async (request) => {
      requireActor(request);
      return optionCosts({ db, scope: await request.projectScope() });
    },
  );
  app.put(
    '/api/manage/option-costs/:option',
    {
      schema: {
        tags: ['manage'],
        summary: 'Sets what an option costs the builder, or takes it away (null)',
        params: z.object({ option: z.uuid() }),
        body: optionCostInputSchema,
        response: { 200: z.object({ cost: optionCostSchema.nullable() }), ...costErrors },
      },
    },
    async (request) => {
      requireActor(request);
      const scope = await request.projectScope();
      return { cost: await setOptionCost({ db, scope, option: request.params.option, cost: request.body.cost }) };
    },
  );
};

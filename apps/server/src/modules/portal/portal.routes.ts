import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPLOY_TYPES_LIST,
  envResponseSchema,
  errorBodySchema,
  fail,
  healthResponseSchema,
  visitBeatSchema,
  zoneRulesResponseSchema,
  worded,
} from '@decor/core';
import { getEnv, listDeploys } from './portal.operations.ts';
import { requireAdmin } from '../../plugins/actor.ts';
import { findProjectByKey, zoneRulesResponse } from '../projects/index.ts';
import { recordVisit } from '../visits/index.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';

const deploySchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(DEPLOY_TYPES_LIST),
  host: z.string(),
  projects: z.array(z.object({ _id: z.string(), key: z.string(), fullKey: z.string(), name: z.string() })),
});
import type { AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/client.ts';

export const portalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, database }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['portal'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async () => {
      await pingDatabase(database.db);
      return { status: 'ok' as const, database: database.kind };
    },
  );

  app.get(
    '/api/env',
    {
      schema: {
        tags: ['portal'],
        summary: 'Client environment: decor API base, integrations, features',
        response: { 200: envResponseSchema },
      },
    },
    async (request) => {
      const project = request.projectKey ? await findProjectByKey(database.db, request.projectKey) : undefined;
      return getEnv({
        db: database.db,
        config,
        origin: `${request.protocol}://${request.host}`,
        isAdmin: request.actor?.isAdmin === true,
        projectFeatures: project && !project.archivedAt ? project.features : {},
      });
    },
  );

  app.get(
    '/api/time-zone',
    {
      schema: {
        tags: ['portal'],
        summary:
          'One time zone’s rules from the server’s zone database, for a browser to print every moment as the server does (docs/dates.md)',
        querystring: z
          .object({
            name: z
              .string()
              .min(1)
              .max(64)
              .regex(worded(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'validation.time-zone')),
          })
          .strict(),
        response: { 200: zoneRulesResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const rules = zoneRulesResponse(request.query.name);
      if (!rules) throw fail('not_found', 'time-zone.unknown', { name: request.query.name });
      // The same release answers the same rules: a browser keeps them for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return rules;
    },
  );

  app.post(
    '/api/visits',
    {
      schema: {
        tags: ['portal'],
        summary:
          'The app’s own beacon: a signed-in member’s visit to a page of the app goes on (or begins); nothing for a visitor, nor in a project the person is no member of; at most 60 beats a minute per person',
        body: visitBeatSchema,
        response: { 200: z.object({ visit: z.string() }), 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!request.actor) return reply.status(204).send(null);
      await consumeRate(database.db, `visit:${request.actor.userId}`, RATE_RULES.visitBeatsPerPerson);
      const project = request.projectKey ? await findProjectByKey(database.db, request.projectKey) : undefined;
      // Only the project's members (and the platform's admins) leave visits in a project.
      if (project) {
        const { standing } = await request.projectScope();
        if (standing.kind !== 'purchaser' && standing.kind !== 'manager' && standing.kind !== 'admin')
          return reply.status(204).send(null);
      } else if (request.projectKey) return reply.status(204).send(null);
      return recordVisit({
        db: database.db,
        actor: request.actor,
        projectId: project?.id ?? null,
        visitId: request.body.visit,
        path: request.body.path,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.get(
    '/api/deploys',
    {
      schema: {
        tags: ['portal'],
        summary: 'Every deployment and its projects (admins)',
        response: { 200: z.array(deploySchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listDeploys(database.db);
    },
  );
};

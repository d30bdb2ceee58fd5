import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, envResponseSchema, errorBodySchema, healthResponseSchema, projectResponseSchema } from '@decor/core';
import { getEnv } from './portal.operations.ts';
import { getProject } from '../projects/projects.operations.ts';
import type { AppContext } from '../../app.ts';

export const portalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, database }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['portal'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    async () => {
      await database.db.execute('select 1');
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
    async (request) =>
      getEnv({ db: database.db, config, origin: `${request.protocol}://${request.host}`, isAdmin: false }),
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['portal'],
        summary: 'The signed-in user; 401 for a visitor',
        response: { 401: errorBodySchema },
      },
    },
    async () => {
      // No session can exist until the identity module is mounted: everyone is a visitor.
      throw new DomainError('unauthenticated', 'Sign in to continue.');
    },
  );

  app.get(
    '/api/project',
    {
      schema: {
        tags: ['decor'],
        summary: 'The project named by the ProjectId header (or the subdomain)',
        response: { 200: projectResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getProject({ db: database.db, projectKey: request.projectKey }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, errorBodySchema, projectResponseSchema } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import { patchProject, projectPatchSchema } from '../projects/index.ts';
import { getProject, projectResponse } from './project-answer.ts';

/** A project's own answer, and its settings changed (docs/api.md). */
export const projectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/api/project',
    {
      schema: {
        tags: ['decor'],
        summary: 'The project named by the ProjectId header (or the subdomain)',
        response: { 200: projectResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      // The staff read the settings whole; anyone else the public face (project-answer.ts).
      const staff = request.actor ? can((await request.projectScope()).standing, 'manage') === 'any' : false;
      return getProject({ db: database.db, projectKey: request.projectKey, viewer: request.actor, staff });
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        tags: ['portal'],
        summary: "Change a project's name, currency, options, features or theme (admins, its managers)",
        params: z.object({ id: z.uuid() }),
        body: projectPatchSchema,
        response: { 200: projectResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) =>
      patchProject({
        db: database.db,
        actor: requireActor(request),
        projectId: request.params.id,
        patch: request.body,
        answer: (project) => projectResponse(database.db, project),
      }),
  );
};

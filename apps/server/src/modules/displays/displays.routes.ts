import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { displayClaimSchema, displayEventSchema, displayRegistrationSchema, displayRowSchema, displayStateSchema, errorBodySchema } from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/actor.ts';
import { requireManager } from '../projects/index.ts';
import { displaysLive, pushDisplayState } from './displays.live.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { changeDisplay, claimDisplayWithCode, displayDetail, displayState, displaysList, registerDisplay, revokeDisplayById } from './displays.operations.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const tags = ['displays'];
const params = z.object({ id: z.uuid() });

/** Sales-centre screens (docs/displays.md): a screen registers and asks what to show; staff claim it; administrators run them. */
export const displaysRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;
  await app.register(displaysLive, { db });

  app.post(
    '/api/displays',
    {
      schema: {
        tags,
        summary: 'A screen registers itself (no account): its id, the secret only it keeps, and the code it shows until claimed',
        response: { 201: displayRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      await consumeRate(db, `display-register:ip:${request.ip}`, RATE_RULES.displayRegistrationPerAddress);
      return reply.status(201).send(await registerDisplay(db, request.headers['user-agent']));
    },
  );

  app.get(
    '/api/displays/state',
    {
      schema: {
        tags,
        summary: 'What a screen shows now, asked by the screen with its key (`x-display-key: {id}.{secret}`); 401 tells it to register again',
        headers: z.object({ 'x-display-key': z.string().max(200).optional() }).passthrough(),
        response: { 200: displayStateSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await displayState(db, request.headers['x-display-key'] as string | undefined)),
  );

  app.post(
    '/api/displays/claim',
    {
      schema: {
        tags,
        summary: "Claims the screen that shows a code, for a project under a name (an administrator or the project's manager)",
        body: displayClaimSchema,
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      await consumeRate(db, `display-claim:ip:${request.ip}`, RATE_RULES.displayClaimPerAddress);
      const claimed = await claimDisplayWithCode(db, request.actor ?? null, request.body);
      await pushDisplayState(db, claimed._id);
      return claimed;
    },
  );

  app.get(
    '/api/admin/displays',
    { schema: { tags, summary: 'Every screen with its project and state (administrators)', response: { 200: z.array(displayRowSchema), ...errors } } },
    async (request) => {
      requireAdmin(request);
      return displaysList(db);
    },
  );

  app.get(
    '/api/manage/displays',
    { schema: { tags, summary: "This project's screens (its managers and administrators)", response: { 200: z.array(displayRowSchema), ...errors } } },
    async (request) => {
      const { project } = requireManager(await request.projectScope());
      return displaysList(db, project.id);
    },
  );

  app.get(
    '/api/admin/displays/:id',
    {
      schema: {
        tags,
        summary: 'One screen with its newest events: registered, claimed, renamed, moved, revoked (administrators)',
        params,
        response: { 200: z.object({ display: displayRowSchema, events: z.array(displayEventSchema) }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return displayDetail(db, request.params.id);
    },
  );

  app.patch(
    '/api/admin/displays/:id',
    {
      schema: {
        tags,
        summary: 'Renames a screen or gives it another project (administrators)',
        params,
        body: z.object({ name: z.string().trim().min(1).max(60).optional(), project: z.string().min(1).max(64).optional() }).strict(),
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      const changed = await changeDisplay(db, requireAdmin(request), request.params.id, request.body);
      await pushDisplayState(db, changed._id);
      return changed;
    },
  );

  app.post(
    '/api/admin/displays/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revokes a screen: it shows a new code to be claimed again (administrators)',
        params,
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      const revoked = await revokeDisplayById(db, requireAdmin(request), request.params.id);
      await pushDisplayState(db, revoked._id);
      return revoked;
    },
  );
};

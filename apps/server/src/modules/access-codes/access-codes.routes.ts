import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { z } from 'zod';
import { acceptedLanguages, accessLinkSchema, coBuyerInviteSchema, errorBodySchema } from '@decor/core';
import { inviteCoBuyer } from './access-codes.co-buyers.ts';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { createSignInToken, sendVerificationLink } from '../identity/index.ts';
import {
  consumeAccessCode,
  createAccessCode,
  createAccessCodes,
  listProjectAccessCodes,
  resendProjectAccessCode,
  revokeProjectAccessCode,
} from './access-codes.operations.ts';
import { projectOrigin } from '../../lib/project-origin.ts';

const codeParam = z.object({ code: z.string().regex(/^[a-z0-9]{8,64}$/, 'an access code') });

const accessCodeSchema = accessLinkSchema;

const createBody = z
  .object({
    email: z.email().max(254).optional(),
    unit: z.uuid().optional(),
    role: z.enum(['purchaser', 'manager']).default('purchaser'),
    targetPath: z.string().max(500).startsWith('/').optional(),
    expiresInDays: z.number().int().min(1).max(365).default(30),
    maxUses: z.number().int().min(1).max(1000).default(1),
    send: z.boolean().default(false),
  })
  .strict();

const errors = errorReplies(400, 401, 403, 404, 422, 429);
type CodesContext = AppContext;

/** Access links (docs/access-codes.md): using one, and the managers' routes to make and follow them. */
export const accessCodesRoutes: FastifyPluginAsyncZod<CodesContext> = async (app, context) => {
  const { config, database, hooks, auth, authSecret } = context;
  const { db } = database;

  app.post(
    '/api/access-codes/consume/:code',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Use an access code: membership (and unit) for the signed-in person it is made out to, or a new account and its single-use sign-in token',
        params: codeParam,
        body: z
          .object({
            email: z.email().max(254).optional(),
            name: z.string().trim().max(100).optional(),
            /** The proof an invitation mail's link carries: the address it was mailed to is then proven. */
            proof: z.string().max(64).optional(),
          })
          .strict()
          .optional(),
        response: {
          200: z.object({ account: z.enum(['new', 'current']), token: z.string().optional(), target: z.string() }),
          ...errors,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await consumeRate(db, `code-use:ip:${request.ip}`, RATE_RULES.codeConsumptionPerAddress);
      return consumeAccessCode({
        db,
        hooks,
        actor: request.actor,
        projectKey: request.projectKey,
        code: request.params.code,
        email: request.body?.email,
        name: request.body?.name,
        proof: request.body?.proof,
        secret: authSecret,
        createSignInToken: (userId) => createSignInToken(auth, userId),
        verifyEmail: ({ email, projectKey }) =>
          sendVerificationLink({
            auth,
            config,
            projectKey,
            email,
            acceptLanguage: request.headers['accept-language'],
          }).catch((error: unknown) =>
            request.log.warn({ err: error }, 'the verification link of a new account could not be sent'),
          ),
      });
    },
  );
  await app.register(managerCodeRoutes, context);
  await app.register(coBuyerRoutes, context);
};

/** A buyer inviting someone to buy the home with them (docs/access-codes.md, "Co-buyers"). */
const coBuyerRoutes: FastifyPluginAsyncZod<CodesContext> = async (app, { config, database, mailer, authSecret }) => {
  app.post(
    '/api/carts/:id/co-buyers',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Invite a co-buyer to the unit of this selection, mailed at once (the buyer whose selection it is; a few waiting invitations and buyers a home)',
        params: z.object({ id: z.uuid() }),
        body: coBuyerInviteSchema,
        response: { 201: accessCodeSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const scope = request.projectScope();
      const { project } = await scope;
      const invited = await inviteCoBuyer({
        db: database.db,
        scope,
        cartId: request.params.id,
        email: request.body.email,
        origin: projectOrigin(config, project.key),
        mailer,
        secret: authSecret,
        languages: acceptedLanguages(request.headers['accept-language']),
      });
      return reply.status(201).send(invited);
    },
  );
};

/** The managers' routes: make links one by one or in bulk, list, revoke and mail them again. */
const managerCodeRoutes: FastifyPluginAsyncZod<CodesContext> = async (
  app,
  { config, database, mailer, authSecret },
) => {
  const { db } = database;

  app.post(
    '/api/access-codes',
    {
      schema: {
        tags: ['portal'],
        summary: 'Create an access link for this project (its managers)',
        body: createBody,
        response: { 201: accessCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const scope = await request.projectScope();
      const created = await createAccessCode({
        db,
        scope,
        input: request.body,
        origin: projectOrigin(config, scope.project.key),
        mailer,
        secret: authSecret,
        languages: acceptedLanguages(request.headers['accept-language']),
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/access-codes',
    {
      schema: {
        tags: ['portal'],
        summary:
          "This project's access links, newest first, 50 a page (its managers); q searches the address, show=waiting keeps the invitations still waiting for their buyer",
        querystring: z
          .object({
            after: z.string().max(500).optional(),
            q: z.string().trim().max(254).optional(),
            show: z.enum(['all', 'waiting']).optional(),
          })
          .strict(),
        response: { 200: z.object({ items: z.array(accessCodeSchema), next: z.string().nullable() }), ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const scope = await request.projectScope();
      return listProjectAccessCodes({
        db,
        scope,
        origin: projectOrigin(config, scope.project.key),
        after: request.query.after,
        q: request.query.q || undefined,
        waiting: request.query.show === 'waiting',
      });
    },
  );

  app.post(
    '/api/access-codes/bulk',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Invite many people at once: one link per e-mail address (and unit), all made or none, mailed if asked (its managers)',
        body: z
          .object({
            invitations: z
              .array(z.object({ email: z.email().max(254), unit: z.uuid().optional() }).strict())
              .min(1)
              .max(200),
            role: z.enum(['purchaser', 'manager']).default('purchaser'),
            expiresInDays: z.number().int().min(1).max(365).default(30),
            maxUses: z.number().int().min(1).max(1000).default(1),
            send: z.boolean().default(true),
          })
          .strict(),
        response: { 201: z.object({ items: z.array(accessCodeSchema), sent: z.number() }), ...errors },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const scope = await request.projectScope();
      const { invitations, ...common } = request.body;
      const created = await createAccessCodes({
        db,
        scope,
        invitations,
        common,
        origin: projectOrigin(config, scope.project.key),
        mailer,
        secret: authSecret,
        languages: acceptedLanguages(request.headers['accept-language']),
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/access-codes/:code/revoke',
    {
      schema: {
        tags: ['portal'],
        summary: 'Withdraw an access link (its managers)',
        params: codeParam,
        response: { 200: accessCodeSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const scope = await request.projectScope();
      return revokeProjectAccessCode({
        db,
        scope,
        code: request.params.code,
        origin: projectOrigin(config, scope.project.key),
      });
    },
  );

  app.post(
    '/api/access-codes/:code/resend',
    {
      schema: {
        tags: ['portal'],
        summary: 'Mail an invitation again to the address it is made out to, while it can still be used (its managers)',
        params: codeParam,
        body: z.object({}).strict().optional(),
        response: { 200: accessCodeSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      const scope = await request.projectScope();
      return resendProjectAccessCode({
        db,
        scope,
        code: request.params.code,
        origin: projectOrigin(config, scope.project.key),
        mailer,
        secret: authSecret,
        languages: acceptedLanguages(request.headers['accept-language']),
      });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  fail,
  isLanguage,
  LANGUAGES,
  meResponseSchema,
  myProjectSchema,
  PASSWORD_POLICY,
  passwordProblemParams,
  passwordProblems,
  projectUrl,
  said,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import { callProvider, setFirstPassword } from '../identity/index.ts';
import { fetchHeaders } from '../../lib/fetch-headers.ts';
import { findUser, revokeSession, updateUser, type UserRow } from '../users/index.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { allProjects, projectsOfUser } from '../projects/index.ts';

const userRecordSchema = meResponseSchema.omit({ token: true }).extend({
  memberships: z.array(
    z.object({ projectKey: z.string(), projectName: z.string(), role: z.enum(['purchaser', 'manager']) }),
  ),
});

const myProjectsSchema = z.array(myProjectSchema);

/** The signed-in person as GET /api/me answers (also written into a page's first HTML). */
export function meOf(
  user: Pick<
    UserRow,
    'id' | 'email' | 'name' | 'isAdmin' | 'emailVerified' | 'termsAcceptedAt' | 'language' | 'commentMails'
  >,
) {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    ...(isLanguage(user.language) ? { language: user.language } : {}),
    commentMails: user.commentMails,
    // The identity provider's id of the person: the same id here, as the provider is embedded.
    firebaseId: user.id,
  };
}

export const meRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, database, auth }) => {
  const { db } = database;
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['portal'],
        summary: 'The signed-in user; 401 for a visitor',
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return meOf({ ...actor, id: actor.userId });
    },
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Choose the language the portal, its mails and documents speak to you in (null: your browser’s, then the project’s), and whether digests of unread messages are mailed to you',
        body: z
          .object({ language: z.enum(LANGUAGES).nullable(), commentMails: z.boolean() })
          .partial()
          .strict()
          .refine((changes) => Object.keys(changes).length > 0, said('validation.nothing-to-change')),
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const user = await updateUser(db, actor.userId, request.body);
      return meOf(user!);
    },
  );

  app.post(
    '/api/me/accept-terms',
    {
      schema: {
        tags: ['portal'],
        summary: 'Accept (or reject) the terms of service',
        body: z.object({ reject: z.boolean().optional() }).strict().optional(),
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const isRejected = request.body?.reject === true;
      const now = new Date();
      const user = await updateUser(
        db,
        actor.userId,
        isRejected ? { termsRejectedAt: now, termsAcceptedAt: null } : { termsAcceptedAt: now },
      );
      return meOf(user!);
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Choose a password for an account that has none (an invited person arriving); an account with one changes it on /account',
        body: z.object({ newPassword: z.string().min(1).max(256) }).strict(),
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const problems = passwordProblems(request.body.newPassword, PASSWORD_POLICY, actor.email);
      if (problems.length)
        throw fail('bad_request', 'me.password-weak', passwordProblemParams(problems, PASSWORD_POLICY), {
          field: 'newPassword',
          problems,
        });
      if (!(await setFirstPassword(auth, actor.userId, request.body.newPassword)))
        throw fail('conflict', 'me.password-already-set', undefined, { field: 'newPassword' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sign-out',
    {
      schema: {
        tags: ['portal'],
        summary: 'Revoke the session behind this call (cookie or access token) and clear its cookies',
        body: z.object({}).strict().optional(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const token = request.actor?.sessionToken;
      if (token) {
        // The provider expires the cookies; the session row is removed here either way (a
        // failed delete throws), so a 204 means the session and its access tokens are dead.
        const cleared = await auth.api
          .signOut({ headers: fetchHeaders(request), returnHeaders: true })
          .catch(() => null);
        if (cleared) {
          const cookies = cleared.headers.getSetCookie();
          if (cookies.length) reply.header('set-cookie', cookies);
        }
        await revokeSession(db, token);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/resend-verification',
    {
      schema: {
        tags: ['portal'],
        summary: 'Send the e-mail verification link again',
        body: z.object({}).strict().optional(),
        response: { 200: z.object({ sent: z.literal(true) }), ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      if (!request.actor) throw fail('bad_request', 'me.no-user');
      if (request.actor.emailVerified) throw fail('conflict', 'me.already-verified');
      // The same limits as every other way of sending a code or link (docs/security.md, "Identity").
      await consumeRate(db, `code-send:ip:${request.ip}`, RATE_RULES.codeSendingPerAddress);
      await consumeRate(db, `code-send:email:${request.actor.email.toLowerCase()}`, RATE_RULES.codeSendingPerEmail);
      const response = await callProvider(auth, request, '/send-verification-email', { email: request.actor.email });
      if (!response.ok) throw fail('internal', 'me.mail-failed');
      return { sent: true as const };
    },
  );

  app.get(
    '/api/me/projects',
    {
      schema: {
        tags: ['portal'],
        summary: 'The projects the user belongs to, with links',
        response: { 200: myProjectsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const port = request.port && ![80, 443].includes(request.port) ? request.port : null;
      const link = (key: string) =>
        projectUrl({ projectKey: key, portalHost: config.portalHost, protocol: `${request.protocol}:`, port });
      const mine = await projectsOfUser(db, actor.userId);
      const rows = actor.isAdmin
        ? (await allProjects(db)).map((p) => ({
            ...p,
            role: mine.find((m) => m.id === p.id)?.role ?? ('admin' as const),
          }))
        : mine;
      return rows.map((p) => ({ _id: p.id, key: p.key, name: p.name, role: p.role, url: link(p.key) }));
    },
  );

  app.get(
    '/api/users/firebase/:id',
    {
      schema: {
        tags: ['portal'],
        summary: 'A user by identity-provider id (self or admin)',
        params: z.object({ id: z.string().regex(/^[\w-]{1,100}$/, 'a user id') }),
        response: { 200: userRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (request.params.id !== actor.userId && !actor.isAdmin) {
        throw fail('forbidden', 'me.own-account-only');
      }
      const user = await findUser(db, request.params.id);
      if (!user) throw fail('not_found', 'me.no-such-user');
      const memberships = await projectsOfUser(db, user.id);
      return {
        ...meOf(user),
        memberships: memberships.map((m) => ({ projectKey: m.key, projectName: m.name, role: m.role })),
      };
    },
  );
};

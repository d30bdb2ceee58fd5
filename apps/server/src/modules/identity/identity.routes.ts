import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, PASSWORD_POLICY, passwordProblems, type ErrorBody, type ErrorCode } from '@decor/core';
import { z } from 'zod';
import type { Auth } from './auth.ts';
import type { Db } from '../../db/client.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import { STATUS_OF } from '../../plugins/errors.ts';
import { identityCodeOf } from './provider-errors.ts';
import { fetchHeaders } from '../../lib/fetch-headers.ts';

/** Paths of the provider that take a new password in their body. */
const PASSWORD_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/reset-password', '/api/auth/change-password']);

/** Builds the Fetch API request the identity provider expects from Fastify's request. */
export function toFetchRequest(request: FastifyRequest): Request {
  const headers = fetchHeaders(request);
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

async function applyRateLimits(db: Db, request: FastifyRequest, path: string) {
  const ip = request.ip;
  const email = typeof (request.body as { email?: unknown } | undefined)?.email === 'string'
    ? (request.body as { email: string }).email.trim().toLowerCase()
    : null;
  if (path.startsWith('/api/auth/sign-in/')) {
    await consumeRate(db, `sign-in:ip:${ip}`, RATE_RULES.signInPerAddress);
    if (email) await consumeRate(db, `sign-in:email:${email}`, RATE_RULES.signInPerEmail);
  } else if (path.startsWith('/api/auth/sign-up/')) {
    await consumeRate(db, `sign-up:ip:${ip}`, RATE_RULES.signUpPerAddress);
  } else if (
    path === '/api/auth/email-otp/send-verification-otp' ||
    path === '/api/auth/request-password-reset' ||
    path === '/api/auth/forget-password' ||
    path === '/api/auth/send-verification-email'
  ) {
    await consumeRate(db, `code-send:ip:${ip}`, RATE_RULES.codeSendingPerAddress);
    if (email) await consumeRate(db, `code-send:email:${email}`, RATE_RULES.codeSendingPerEmail);
  } else if (path === '/api/auth/one-time-token/verify' || path.startsWith('/api/auth/email-otp/')) {
    await consumeRate(db, `code-use:ip:${ip}`, RATE_RULES.codeConsumptionPerAddress);
  }
}

/**
 * The identity provider under /api/auth/* through one catch-all route (DESIGN.md §10),
 * with our password policy and rate limits in front, and its errors reshaped into the
 * portal's JSON error model with the SPEC.md §8 code in `details.providerCode`.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Db }> = async (app, { auth, db }) => {
  app.get(
    '/api/password-policy',
    {
      schema: {
        tags: ['identity'],
        summary: 'The password rules sign-up and reset enforce',
        response: {
          200: z.object({ minLength: z.number(), maxLength: z.number(), requiresLetter: z.boolean(), requiresDigit: z.boolean() }),
        },
      },
    },
    async () => PASSWORD_POLICY,
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { tags: ['identity'], summary: 'The embedded identity provider (better-auth)' },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!;
      await applyRateLimits(db, request, path);

      if (PASSWORD_PATHS.has(path)) {
        const body = (request.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
        const password = body.newPassword ?? body.password;
        if (typeof password === 'string') {
          const problems = passwordProblems(password, PASSWORD_POLICY, typeof body.email === 'string' ? body.email : undefined);
          if (problems.length) {
            throw new DomainError('bad_request', `The password needs ${problems.join(', ')}.`, {
              providerCode: 'auth/weak-password',
              policy: PASSWORD_POLICY,
              problems,
            });
          }
        }
      }

      const response = await auth.handler(toFetchRequest(request));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);

      const text = await response.text();
      if (response.status < 400) return reply.send(text);
      return reply.type('application/json; charset=utf-8').send(providerErrorBody(response.status, text));
    },
  });
};

function providerErrorBody(status: number, text: string): ErrorBody {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON: keep the status only
  }
  const code = (Object.entries(STATUS_OF).find(([, s]) => s === status)?.[0] ?? (status >= 500 ? 'internal' : 'bad_request')) as ErrorCode;
  const providerCode = status === 429 ? 'auth/too-many-requests' : identityCodeOf(parsed.code, parsed.message);
  const message =
    status >= 500 ? 'Something went wrong on our side.' : typeof parsed.message === 'string' ? parsed.message : 'Request failed.';
  return { error: { code, message, ...(providerCode ? { details: { providerCode } } : {}) } };
}

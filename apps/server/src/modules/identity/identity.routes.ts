import type {} from '@fastify/compress'; // the route option `compress` is this plugin's
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorBodySchema,
  type ErrorBody,
  type ErrorCode,
  fail,
  isIpHost,
  PASSWORD_POLICY,
  passwordProblemParams,
  passwordProblems,
} from '@decor/core';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { consumeRate, RATE_RULES, type RateRule } from '../../plugins/rate-limit.ts';
import { STATUS_OF } from '../../plugins/errors.ts';
import { identityCodeOf } from './provider-errors.ts';
import { fetchHeaders } from '../../lib/fetch-headers.ts';

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

/**
 * How each provider path is guarded (docs/security.md, "Identity"): which abuse limits it
 * counts against, and which body field carries a new password that must meet the policy.
 * Keyed by the canonical path only: any other spelling is refused before this table is read.
 */
type Limit = 'signIn' | 'signUp' | 'codeSend' | 'codeUse' | 'passwordCheck';
interface PathRule {
  limits: Limit[];
  /** The body field that sets a new password. */
  newPassword?: 'password' | 'newPassword';
  /** The body field holding the address a limit is also counted for. */
  emailField?: 'email' | 'newEmail';
}

const PATH_RULES: Record<string, PathRule> = {
  '/sign-in/email': { limits: ['signIn'], emailField: 'email' },
  '/sign-in/email-otp': { limits: ['signIn', 'codeUse'], emailField: 'email' },
  '/sign-in/social': { limits: ['signIn'] },
  '/sign-in/oauth2': { limits: ['signIn'] },
  '/sign-up/email': { limits: ['signUp'], newPassword: 'password', emailField: 'email' },
  '/request-password-reset': { limits: ['codeSend'], emailField: 'email' },
  '/forget-password': { limits: ['codeSend'], emailField: 'email' },
  '/send-verification-email': { limits: ['codeSend'], emailField: 'email' },
  '/email-otp/send-verification-otp': { limits: ['codeSend'], emailField: 'email' },
  '/email-otp/request-password-reset': { limits: ['codeSend'], emailField: 'email' },
  '/forget-password/email-otp': { limits: ['codeSend'], emailField: 'email' },
  '/change-email': { limits: ['codeSend'], emailField: 'newEmail' },
  '/email-otp/request-email-change': { limits: ['codeSend', 'codeUse'], emailField: 'newEmail' },
  '/one-time-token/verify': { limits: ['codeUse'] },
  '/verify-email': { limits: ['codeUse'] },
  '/email-otp/check-verification-otp': { limits: ['codeUse'], emailField: 'email' },
  '/email-otp/verify-email': { limits: ['codeUse'], emailField: 'email' },
  '/email-otp/change-email': { limits: ['codeUse'] },
  '/email-otp/reset-password': { limits: ['codeUse'], newPassword: 'password', emailField: 'email' },
  '/reset-password': { limits: ['codeUse'], newPassword: 'newPassword' },
  '/change-password': { limits: ['passwordCheck'], newPassword: 'newPassword' },
  '/verify-password': { limits: ['passwordCheck'] },
  '/delete-user': { limits: ['passwordCheck'] },
};

/** The rule of a canonical provider path; paths with a token in them share their prefix's rule. */
function ruleOf(path: string): PathRule {
  if (path.startsWith('/reset-password/')) return { limits: ['codeUse'] };
  return PATH_RULES[path] ?? { limits: [] };
}

/**
 * The one spelling of a provider path we accept: `/api/auth/` then lowercase words joined by
 * single slashes. Dot segments, encoded characters, doubled slashes, upper case and a
 * trailing slash are refused, so no spelling can reach an endpoint around its limits.
 */
const CANONICAL_PATH = /^\/api\/auth((?:\/[a-z0-9][a-z0-9-]{0,63}){1,4})$/;

export function canonicalProviderPath(url: string): string | null {
  const match = CANONICAL_PATH.exec(url.split('?')[0]!);
  return match ? match[1]! : null;
}

const RATE_OF: Record<Limit, { address: RateRule; email?: RateRule; key: string }> = {
  signIn: { address: RATE_RULES.signInPerAddress, email: RATE_RULES.signInPerEmail, key: 'sign-in' },
  signUp: { address: RATE_RULES.signUpPerAddress, key: 'sign-up' },
  codeSend: { address: RATE_RULES.codeSendingPerAddress, email: RATE_RULES.codeSendingPerEmail, key: 'code-send' },
  codeUse: { address: RATE_RULES.codeConsumptionPerAddress, key: 'code-use' },
  passwordCheck: { address: RATE_RULES.signInPerAddress, key: 'password-check' },
};

/** An e-mail field of a provider request, checked before it is used as a key or reaches the provider. */
function emailOf(body: Record<string, unknown>, field: PathRule['emailField']): string | null {
  if (!field || body[field] === undefined) return null;
  const value = body[field];
  if (typeof value !== 'string' || !z.email().max(254).safeParse(value.trim()).success) {
    throw fail('bad_request', 'identity.invalid-email', undefined, { field, providerCode: 'auth/invalid-email' });
  }
  return value.trim().toLowerCase();
}

async function applyRateLimits(db: Db, request: FastifyRequest, rule: PathRule, email: string | null) {
  for (const limit of rule.limits) {
    const { address, email: perEmail, key } = RATE_OF[limit];
    await consumeRate(db, `${key}:ip:${request.ip}`, address);
    if (perEmail && email) await consumeRate(db, `${key}:email:${email}`, perEmail);
  }
}

/**
 * The identity provider under /api/auth/* through one catch-all route (docs/architecture.md),
 * with our password policy and rate limits in front, and its errors reshaped into the
 * portal's JSON error model with the docs/api.md code in `details.providerCode`.
 */
export const identityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth, database: { db } }) => {
  app.get(
    '/api/password-policy',
    {
      schema: {
        tags: ['identity'],
        summary: 'The password rules sign-up and reset enforce',
        response: {
          200: z.object({
            minLength: z.number(),
            maxLength: z.number(),
            requiresLetter: z.boolean(),
            requiresDigit: z.boolean(),
          }),
        },
      },
    },
    async () => PASSWORD_POLICY,
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: {
      tags: ['identity'],
      summary:
        'The embedded identity provider (better-auth): sign-in and sign-up, sessions, codes by e-mail, password resets, tokens (docs/identity.md)',
      response: {
        200: {
          description: 'What the provider answers (a session, a token, a list of sessions, `{ status: true }`)',
          content: { 'application/json': { schema: {} } },
        },
        302: { description: 'A redirect (a verification link, a social sign-in)' },
        ...Object.fromEntries(
          (
            [
              [400, 'Malformed, or a password the policy refuses'],
              [401, 'Not signed in, or a wrong e-mail or password'],
              [403, 'Not allowed (a disabled account, an unverified address)'],
              [404, 'No such endpoint'],
              [409, 'The address has an account already'],
              [422, 'Refused by a rule of the provider'],
              [429, 'Too many attempts: try again later'],
            ] as const
          ).map(([status, description]) => [
            status,
            {
              description,
              content: { 'application/json': { schema: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) } },
            },
          ]),
        ),
      },
    },
    // The provider's answers leave as it wrote them: a string is never serialized again.
    serializerCompiler: () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data)),
    // Its answers carry tokens and reflect what was sent: never compressed (docs/decisions/025-first-paint.md).
    compress: false,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = canonicalProviderPath(request.url);
      if (!path) throw fail('not_found', 'identity.no-endpoint');
      const rule = ruleOf(path);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = emailOf(body, rule.emailField);
      await applyRateLimits(db, request, rule, email);

      if (rule.newPassword) {
        const password = body[rule.newPassword];
        if (password !== undefined && typeof password !== 'string') {
          throw fail('bad_request', 'identity.password-text', undefined, {
            field: rule.newPassword,
            providerCode: 'auth/weak-password',
          });
        }
        if (typeof password === 'string') {
          const problems = passwordProblems(password, PASSWORD_POLICY, email ?? undefined);
          if (problems.length) {
            throw fail('bad_request', 'identity.password-needs', passwordProblemParams(problems, PASSWORD_POLICY), {
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
        if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
          reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      // On a bare IP address the cookie is that address's own: a Domain of the portal's host
      // would make the browser refuse it.
      if (cookies.length) reply.header('set-cookie', isIpHost(request.host) ? cookies.map(withoutDomain) : cookies);

      const text = await response.text();
      if (response.status < 400) return reply.send(text);
      const error = providerErrorBody(response.status, text);
      // An unverified account answers a right password exactly as a wrong one: sign-in tells
      // nobody whether an address has an account (the link mailed to it opens the account).
      if (path === '/sign-in/email' && response.status === 403 && /not verified/i.test(error.error.message)) {
        return reply.status(401).type('application/json; charset=utf-8').send(WRONG_PASSWORD);
      }
      return reply.type('application/json; charset=utf-8').send(error);
    },
  });
};

const withoutDomain = (cookie: string) => cookie.replace(/;\s*domain=[^;]*/i, '');

const WRONG_PASSWORD: ErrorBody = {
  error: {
    code: 'unauthenticated',
    message: 'Invalid email or password',
    details: { providerCode: 'auth/wrong-password' },
  },
};

function providerErrorBody(status: number, text: string): ErrorBody {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON: keep the status only
  }
  const code = (Object.entries(STATUS_OF).find(([, s]) => s === status)?.[0] ??
    (status >= 500 ? 'internal' : 'bad_request')) as ErrorCode;
  const providerCode = status === 429 ? 'auth/too-many-requests' : identityCodeOf(parsed.code, parsed.message);
  const message =
    status >= 500
      ? 'Something went wrong on our side.'
      : typeof parsed.message === 'string'
        ? parsed.message
        : 'Request failed.';
  return { error: { code, message, ...(providerCode ? { details: { providerCode } } : {}) } };
}

import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { bearer, emailOTP, genericOAuth, jwt, oneTimeToken } from 'better-auth/plugins';
import { hash, verify } from '@node-rs/argon2';
import { uuidv7 } from '../../lib/ids.ts';
import {
  acceptedLanguages,
  identityErrorMessage,
  isIpHost,
  isSlug,
  projectKeyFromHost,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  ONE_TIME_CODE_LENGTH,
} from '@decor/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { isUserDisabled, markSignedIn } from '../users/index.ts';
import { identityDatabase } from './identity.repo.ts';
import type { Mail, Mailer, Reader } from '../mail/index.ts';
import {
  changeEmailMail,
  existingAccountMail,
  oneTimeCodeMail,
  readerFor,
  resetPasswordMail,
  verificationMail,
} from '../mail/index.ts';
import { findProjectByKey } from '../projects/index.ts';
import { portalOrigin, projectOrigin } from '../../lib/project-origin.ts';

/** Session lifetime with "remember me"; without it the cookie ends with the browser. */
const SESSION_DAYS = 30;
/** Access tokens (JWT) for the API: short-lived, refreshed by the client (docs/api.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AuthInput {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
}

/**
 * The project a provider request is made on (its subdomain, or the ProjectId header on the
 * bare host) and the address mail links use: always built from PORTAL_HOST and the project
 * key, never from the request's Host header (docs/security.md, "Hosts").
 */
async function projectOfRequest(db: Db, config: Config, request: Request | undefined) {
  const header = request?.headers.get('projectid')?.trim().toLowerCase();
  const key =
    header && isSlug(header)
      ? header
      : request
        ? projectKeyFromHost(new URL(request.url).host, config.portalHost)
        : null;
  const project = key ? await findProjectByKey(db, key) : undefined;
  const browser = acceptedLanguages(request?.headers.get('accept-language') ?? undefined);
  // The person's own language, else the page's that asked for the mail (docs/languages.md).
  const reader = (email: string) => readerFor(db, project?.options ?? {}, email, browser);
  return project
    ? { id: project.id, origin: projectOrigin(config, project.key), name: project.name, reader }
    : { id: null, origin: portalOrigin(config), name: 'Decor Portal', reader };
}

/** The Origin of a request from a page on a bare IP address to that same address, or nothing. */
export function sameIpOrigin(request: Request | undefined): string[] {
  const origin = request?.headers.get('origin');
  const host = request?.headers.get('host');
  if (!origin || !host || !isIpHost(host)) return [];
  try {
    const url = new URL(origin);
    return url.host === host.toLowerCase() && (url.protocol === 'http:' || url.protocol === 'https:')
      ? [url.origin]
      : [];
  } catch {
    return [];
  }
}

type User = { email: string };

/**
 * The mails the identity provider sends, each from the project whose page asked (its address,
 * name and the reader's language: docs/languages.md), or from the portal.
 */
function identityMails({ config, db, mailer }: Pick<AuthInput, 'config' | 'db' | 'mailer'>) {
  const send = async (
    request: Request | undefined,
    to: string,
    make: (project: Awaited<ReturnType<typeof projectOfRequest>>, reader: Reader) => Mail,
  ) => {
    const project = await projectOfRequest(db, config, request);
    await mailer.send({ ...make(project, await project.reader(to)), projectId: project.id });
  };
  /** A link of the provider's own, on the page's project's address. */
  const tokenLink = (origin: string, mode: 'resetPassword' | 'verifyEmail', token: string) =>
    `${origin}/my-account?mode=${mode}&token=${encodeURIComponent(token)}`;
  return {
    changeEmail: ({ user, newEmail, url }: { user: User; newEmail: string; url: string }, request?: Request) =>
      send(request, user.email, (project, reader) =>
        changeEmailMail({
          to: user.email,
          reader,
          newEmail,
          projectName: project.name,
          url: rewriteLink(url, project.origin),
        }),
      ),
    existingAccount: ({ user }: { user: User }, request?: Request) =>
      send(request, user.email, (project, reader) =>
        existingAccountMail({
          to: user.email,
          reader,
          projectName: project.name,
          signInUrl: `${project.origin}/sign-in`,
        }),
      ),
    resetPassword: ({ user, token }: { user: User; token: string }, request?: Request) =>
      send(request, user.email, (project, reader) =>
        resetPasswordMail({
          to: user.email,
          reader,
          projectName: project.name,
          url: tokenLink(project.origin, 'resetPassword', token),
        }),
      ),
    verification: ({ user, token }: { user: User; token: string }, request?: Request) =>
      send(request, user.email, (project, reader) =>
        verificationMail({
          to: user.email,
          reader,
          projectName: project.name,
          url: tokenLink(project.origin, 'verifyEmail', token),
        }),
      ),
    oneTimeCode: ({ email, otp }: { email: string; otp: string }, request?: Request) =>
      send(request, email, (project, reader) =>
        oneTimeCodeMail({ to: email, reader, projectName: project.name, code: otp }),
      ),
  };
}

/**
 * The embedded identity provider (docs/identity.md): better-auth on our own tables, with
 * e-mail and password (argon2id), e-mail verification, password reset, one-time e-mail
 * codes, one-time tokens (what access codes return), JWT access tokens with JWKS,
 * bearer tokens, and OpenID Connect sign-in when configured.
 */
export function createAuth({ config, db, mailer, secret, log }: AuthInput) {
  const portalHost = config.portalHost;
  const mails = identityMails({ config, db, mailer });
  const hostPatterns = [portalHost, `${portalHost}:*`, `*.${portalHost}`, `*.${portalHost}:*`];

  return betterAuth({
    appName: 'Decor Portal',
    secret,
    basePath: '/api/auth',
    // Any project subdomain is a valid base; other hosts (an IP, a health check) fall back to the portal host.
    baseURL: { allowedHosts: hostPatterns, protocol: 'auto', fallback: `http://${portalHost}:${config.port}` },
    // The portal's hosts, and a page on a bare IP address calling its own address: an admin
    // signs in there to pick a project (docs/identity.md, "Hosts"). Another site's page never
    // sends its origin as the address it calls, so same-origin is all this trusts.
    trustedOrigins: (request) => [
      ...hostPatterns.flatMap((pattern) => [`http://${pattern}`, `https://${pattern}`]),
      ...sameIpOrigin(request),
    ],
    database: identityDatabase(db),
    telemetry: { enabled: false },
    // The provider's messages go to the server's own log, at its level.
    logger: {
      log: (level, message, ...args) => log[level]({ detail: args }, `identity: ${message}`),
    },
    user: {
      modelName: 'users',
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
        termsRejectedAt: { type: 'date', required: false, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        language: { type: 'string', required: false, input: false },
        commentMails: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
      changeEmail: {
        enabled: true,
        // The current address confirms the change first; the new one is then verified.
        sendChangeEmailConfirmation: mails.changeEmail,
      },
    },
    session: { modelName: 'sessions', expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    // Every new session is a sign-in: the back office counts the buyers who have signed in.
    databaseHooks: {
      session: {
        create: {
          // A disabled account gets no session, whatever the way of signing in (docs/admin.md, "People").
          before: async (session) => {
            if (await isUserDisabled(db, session.userId))
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: identityErrorMessage('auth/user-disabled'),
              });
          },
          after: async (session) => {
            await markSignedIn(db, session.userId);
          },
        },
      },
    },
    account: { modelName: 'accounts', accountLinking: { enabled: true, trustedProviders: ['oidc'] } },
    verification: { modelName: 'verifications' },
    advanced: {
      cookiePrefix: 'decor',
      // The provider would skip its origin check when it guesses it runs under a test runner:
      // the tests must see the check production has.
      disableOriginCheck: false,
      trustedProxyHeaders: config.trustProxy,
      database: { generateId: () => uuidv7() },
      crossSubDomainCookies: portalHost.includes('.') ? { enabled: true, domain: portalHost } : undefined,
    },
    // Rate limits are ours (plugins/rate-limit.ts), with the portal's JSON errors.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // A new account signs in only through the link mailed to its address, and sign-up
      // answers alike for a new and a taken address (docs/security.md, "Identity").
      autoSignIn: false,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      // A sign-up for a taken address answers as for a new one; the owner is told instead.
      onExistingUserSignUp: mails.existingAccount,
      sendResetPassword: mails.resetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      // A right password on an unverified account mails a fresh link (the sign-in limits bound it).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: mails.verification,
    },
    plugins: [
      bearer(),
      jwt({
        // `sid` ties the token to its session: it stops working when the session is revoked (plugins/actor.ts).
        jwt: {
          expirationTime: `${ACCESS_TOKEN_TTL_SECONDS}s`,
          definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
        },
      }),
      oneTimeToken({ expiresIn: 3 }),
      emailOTP({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: 5 * 60,
        allowedAttempts: 5,
        sendVerificationOTP: ({ email, otp }, ctx) => mails.oneTimeCode({ email, otp }, ctx?.request),
      }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${config.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/** better-auth builds links on its own base URL; mail must point at the project's subdomain. */
function rewriteLink(url: string, origin: string): string {
  const link = new URL(url);
  return `${origin}${link.pathname}${link.search}`;
}

export type Auth = ReturnType<typeof createAuth>;

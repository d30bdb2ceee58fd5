import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_KEY_RATE, type ApiScope, fail, type ProjectRole } from '@decor/core';
import type { Db } from '../db/client.ts';
import { sessionUserById, sessionUserByToken, type SessionUserRow } from './sessions.repo.ts';
import { fetchHeaders } from '../lib/fetch-headers.ts';
import { consumeRate } from './rate-limit.ts';
// The request's `projectKey` is the tenancy plugin's decoration, registered before this one.
import type {} from './tenancy.ts';

/**
 * What the actor plugin asks of the identity provider (docs/identity.md): its own session
 * lookup and its published keys. The identity module's provider is one.
 */
export interface SessionProvider {
  handler(request: Request): Promise<Response>;
  api: { getJwks(): Promise<unknown> };
}

/** A session as the provider's own lookup answers it (dates as strings: it arrives as JSON). */
interface ProviderSession {
  session: { token: string };
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    isAdmin?: boolean;
    termsAcceptedAt?: string | null;
    disabled?: boolean;
    language?: string | null;
    commentMails?: boolean;
  };
}

/** Who is calling: a signed-in person (by session cookie, session bearer or access token). */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  emailVerified: boolean;
  termsAcceptedAt: Date | null;
  /** The language the person chose (docs/languages.md), or null. */
  language: string | null;
  /** Whether digests of unread messages are mailed to the person (docs/comments.md). */
  commentMails: boolean;
  /** The session behind the call (an access token's too: it names its session). */
  sessionToken: string | null;
  /**
   * The person's role in the project of the request, read with the session in the same
   * query (`undefined` when it was not: then the scope looks it up).
   */
  roleHere?: { projectKey: string; role: ProjectRole | null };
  /**
   * An API key calling (docs/integrations.md, "API keys"): no person; it stands as its project's
   * staff only on the routes its scopes name (`config.apiScope`), and on nothing else.
   */
  apiKey?: { id: string; name: string; scopes: readonly string[] };
}

/** How the actor plugin tells a bearer token that is an API key, and finds the live key it is. */
export interface ApiKeyResolver {
  looksLike(token: string): boolean;
  resolve(token: string): Promise<{ id: string; name: string; scopes: string[]; projectKey: string } | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /**
     * The API key scope a route answers to (docs/integrations.md): a scope, or a function of the
     * request naming one (the collection routes: which collection, read or write), or null for
     * none. A route without one refuses every key.
     */
    apiScope?: ApiScope | ((request: FastifyRequest) => ApiScope | null);
  }
  interface FastifyInstance {
    /** Who a request is from (session cookie or token), for requests outside /api (a page's first HTML). */
    resolveActor(request: FastifyRequest): Promise<Actor | null>;
  }
}

/** Paths a signed-in person may use before verifying the e-mail and accepting the terms. */
const ONBOARDING_PATHS = [
  /^\/api\/me$/,
  /^\/api\/me\/(accept-terms|sign-out|resend-verification|password)$/,
  /^\/api\/auth\//,
  /^\/api\/(env|project|health|password-policy)$/,
  /^\/api\/access-codes\/consume\//,
];

const JWKS_CACHE_MS = 60_000;

const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

const SESSION_COOKIES = ['decor.session_token', '__Secure-decor.session_token'];
/** Sessions older than this since their last refresh go through the provider, which extends them. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

/** How many verified session cookies a process remembers, so that their signatures are not computed again. */
const VERIFIED_COOKIES = 10_000;

/**
 * Reads the session token of a signed session cookie (`token.signature`, HMAC-SHA256 with the
 * auth secret). A signature found valid is remembered (at most VERIFIED_COOKIES, the oldest
 * forgotten first): the same cookie on the next request costs a lookup, not an HMAC. Only
 * valid ones are remembered, so that made-up cookies cannot push them out.
 */
export function sessionTokenReader(secret: string): (cookieHeader: string | undefined) => string | null {
  const verified = new Map<string, string>();
  return (cookieHeader) => {
    if (!cookieHeader) return null;
    for (const part of cookieHeader.split(';')) {
      const index = part.indexOf('=');
      if (index === -1 || !SESSION_COOKIES.includes(part.slice(0, index).trim())) continue;
      let value: string;
      try {
        value = decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
      const known = verified.get(value);
      if (known !== undefined) return known;
      const dot = value.lastIndexOf('.');
      if (dot <= 0) return null;
      const token = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1), 'base64');
      const expected = createHmac('sha256', secret).update(token).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (verified.size >= VERIFIED_COOKIES) verified.delete(verified.keys().next().value!);
      verified.set(value, token);
      return token;
    }
    return null;
  };
}

/** The session token of a signed session cookie, checked now (`sessionTokenReader` remembers). */
export function sessionTokenFromCookie(cookieHeader: string | undefined, secret: string): string | null {
  return sessionTokenReader(secret)(cookieHeader);
}

const actorOf = (row: SessionUserRow, projectKey: string | null): Actor => ({
  userId: row.id,
  email: row.email,
  name: row.name,
  isAdmin: row.is_admin,
  emailVerified: row.email_verified,
  termsAcceptedAt: row.terms_accepted_at ? new Date(row.terms_accepted_at) : null,
  language: row.language,
  commentMails: row.comment_mails,
  sessionToken: row.session_token,
  ...(projectKey ? { roleHere: { projectKey, role: row.project_role ?? null } } : {}),
});

/**
 * Resolves `request.actor` on every API call and enforces the onboarding gate: until the
 * e-mail is verified and the terms accepted, a signed-in person reaches only the
 * onboarding routes and gets a 403 with a clear code everywhere else.
 */
/** A visitor carries neither a session cookie nor a bearer token: nothing to look up. */
export function carriesCredentials(request: Pick<FastifyRequest, 'headers'>): boolean {
  return (request.headers.cookie?.includes('session_token=') ?? false) || Boolean(request.headers.authorization);
}

export const actorPlugin = fp(async function actor(
  app: FastifyInstance,
  { auth, db, secret, apiKeys }: { auth: SessionProvider; db: Db; secret: string; apiKeys?: ApiKeyResolver },
) {
  let jwks: { set: ReturnType<typeof createLocalJWKSet>; at: number } | null = null;
  const sessionTokenOf = sessionTokenReader(secret);
  const keySet = async () => {
    if (!jwks || Date.now() - jwks.at > JWKS_CACHE_MS) {
      const published = (await auth.api.getJwks()) as JSONWebKeySet;
      jwks = { set: createLocalJWKSet(published), at: Date.now() };
    }
    return jwks.set;
  };

  /**
   * An access token (JWT) counts only while the session it was issued from lives: signing
   * out, a password reset or disabling the account ends its tokens at once (docs/identity.md).
   */
  async function fromAccessToken(token: string, projectKey: string | null): Promise<Actor | null> {
    let payload: { sub?: string; sid?: unknown };
    try {
      ({ payload } = await jwtVerify(token, await keySet()));
    } catch {
      return null;
    }
    if (!payload.sub || typeof payload.sid !== 'string') return null;
    const row = await sessionUserById(db, { sessionId: payload.sid, userId: payload.sub, projectKey });
    return row && !row.disabled ? actorOf(row, projectKey) : null;
  }

  /** The provider's own session lookup, on this request's origin (so cookie names match). */
  async function currentSession(request: FastifyRequest) {
    if (!carriesCredentials(request)) return null;
    try {
      const response = await auth.handler(
        new Request(`${request.protocol}://${request.host}/api/auth/get-session`, { headers: fetchHeaders(request) }),
      );
      if (!response.ok) return null;
      return (await response.json()) as ProviderSession | null;
    } catch (error) {
      // A host outside the portal cannot carry a session of ours.
      request.log.debug({ err: error }, 'no session');
      return null;
    }
  }

  /**
   * The common case in one query: a validly signed session cookie whose session is live.
   * Null sends the request through the provider's own lookup (which also extends sessions).
   */
  async function fromSessionCookie(request: FastifyRequest): Promise<Actor | null | undefined> {
    const token = sessionTokenOf(request.headers.cookie);
    if (!token) return undefined;
    const row = await sessionUserByToken(db, { token, projectKey: request.projectKey });
    if (!row) return null;
    if (Date.now() - new Date(row.session_updated_at).getTime() > SESSION_REFRESH_MS) return undefined;
    if (row.disabled) return null;
    return actorOf(row, request.projectKey);
  }

  /** An API key's actor: its project's only; an unknown, revoked or expired key is a 401 that says so. */
  async function fromApiKey(token: string, projectKey: string | null): Promise<Actor> {
    const key = await apiKeys!.resolve(token);
    if (!key) throw fail('unauthenticated', 'api-keys.invalid');
    if (key.projectKey !== projectKey) throw fail('forbidden', 'api-keys.other-project');
    return {
      userId: `api-key:${key.id}`,
      email: '',
      name: key.name,
      isAdmin: false,
      emailVerified: true,
      termsAcceptedAt: new Date(0),
      language: null,
      commentMails: false,
      sessionToken: null,
      roleHere: { projectKey: key.projectKey, role: 'manager' },
      apiKey: { id: key.id, name: key.name, scopes: key.scopes },
    };
  }

  async function resolve(request: FastifyRequest): Promise<Actor | null> {
    const authorization = request.headers.authorization;
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
    if (bearer && apiKeys?.looksLike(bearer)) return fromApiKey(bearer, request.projectKey);
    if (bearer && looksLikeJwt(bearer)) {
      const actor = await fromAccessToken(bearer, request.projectKey);
      if (actor) return actor;
    }
    if (!bearer) {
      const fromCookie = await fromSessionCookie(request);
      if (fromCookie !== undefined) return fromCookie;
    }
    const found = await currentSession(request);
    if (!found) return null;
    const user = found.user;
    if (user.disabled) return null;
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin === true,
      emailVerified: user.emailVerified,
      termsAcceptedAt: user.termsAcceptedAt ? new Date(user.termsAcceptedAt) : null,
      language: user.language ?? null,
      commentMails: user.commentMails !== false,
      sessionToken: found.session.token,
    };
  }

  // A request is resolved once, however many of its steps ask (its page and the page's project, say).
  const resolved = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const resolveOnce = (request: FastifyRequest): Promise<Actor | null> => {
    let actor = resolved.get(request);
    if (!actor) resolved.set(request, (actor = resolve(request)));
    return actor;
  };

  app.decorateRequest('actor', null);
  app.decorate('resolveActor', resolveOnce);
  app.addHook('preValidation', async (request) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/')) return;
    if (path.startsWith('/api/auth/')) {
      // The identity provider's routes are people's: a key is refused there, not passed on.
      const bearer = request.headers.authorization?.slice(7).trim();
      if (bearer && apiKeys?.looksLike(bearer)) throw fail('forbidden', 'api-keys.not-here');
      return;
    }
    request.actor = await resolveOnce(request);
    const actor = request.actor;
    if (actor?.apiKey) return admitApiKey(db, request, actor.apiKey);
    if (!actor || ONBOARDING_PATHS.some((pattern) => pattern.test(path))) return;
    if (!actor.emailVerified) {
      throw fail('email_not_verified', 'session.verify-email');
    }
    if (!actor.termsAcceptedAt) {
      throw fail('terms_not_accepted', 'session.accept-terms');
    }
  });
});

/**
 * An API key reaches only the routes that name a scope it holds (nothing by default: not the
 * identity routes, not the back office's screens), at most API_KEY_RATE calls a minute.
 */
async function admitApiKey(db: Db, request: FastifyRequest, key: NonNullable<Actor['apiKey']>) {
  const declared = request.routeOptions.config?.apiScope;
  const scope = typeof declared === 'function' ? declared(request) : declared;
  if (!scope) throw fail('forbidden', 'api-keys.not-here');
  if (!key.scopes.includes(scope)) throw fail('forbidden', 'api-keys.scope', { scope }, { scope });
  await consumeRate(db, `api-key:${key.id}`, API_KEY_RATE);
}

/** The signed-in actor, or a 401 a person can read. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw fail('unauthenticated', 'session.sign-in');
  return request.actor;
}

export function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.isAdmin) throw fail('forbidden', 'session.admins-only');
  return actor;
}

/** Who a write is by, for its audit entries: a person, or an API key (then no person). */
export function writerIdentity(actor: Actor): { actorId: string | null; apiKeyId: string | null } {
  return actor.apiKey ? { actorId: null, apiKeyId: actor.apiKey.id } : { actorId: actor.userId, apiKeyId: null };
}

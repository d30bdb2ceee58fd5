import {
  identityErrorKey,
  isIdentityErrorCode,
  SIGN_IN_TIMEOUT_DESKTOP_MS,
  SIGN_IN_TIMEOUT_MOBILE_MS,
  type IdentityErrorCode,
} from '@decor/core';
import { api, ApiError } from './api-client.ts';
import { clearAccessToken, setRememberMe, startTokenRefresh } from './access-token.ts';
import { queryClient } from './query-client.ts';
import { forgetPersistedCache } from './persisted-cache-key.ts';
import { forgetPageAnswers } from './page-answers.ts';
import { currentLanguage } from './spoken-language.ts';

/** An identity failure with the docs/api.md code and the sentence to show. */
export class IdentityError extends Error {
  readonly code: IdentityErrorCode | null;
  readonly details?: unknown;

  constructor(code: IdentityErrorCode | null, message: string, details?: unknown) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
    this.details = details;
  }
}

const isMobile = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/**
 * A refusal with its sentence in the page's language: the sentences load the first time one is
 * needed, never with the sign-in page itself (docs/languages.md, "Loading").
 */
async function refusal(code: IdentityErrorCode | null, message: string, details?: unknown): Promise<IdentityError> {
  if (!code) return new IdentityError(null, message, details);
  const { ACCESS_SENTENCES } = await import('@decor/core/access-sentences');
  return new IdentityError(code, ACCESS_SENTENCES[currentLanguage()][identityErrorKey(code)], details);
}

/** Calls the identity provider, turning every failure into an IdentityError. */
async function provider<T>(path: string, body?: unknown, { timeoutMs }: { timeoutMs?: number } = {}): Promise<T> {
  const timeout = timeoutMs ?? (isMobile() ? SIGN_IN_TIMEOUT_MOBILE_MS : SIGN_IN_TIMEOUT_DESKTOP_MS);
  try {
    return await api<T>(`/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body,
      signal: AbortSignal.timeout(timeout),
    });
  } catch (error) {
    if (error instanceof ApiError) {
      const providerCode = (error.details as { providerCode?: unknown } | undefined)?.providerCode;
      if (isIdentityErrorCode(providerCode)) throw await refusal(providerCode, error.message, error.details);
      if (error.code === 'network') throw await refusal('auth/network-request-failed', error.message);
      if (error.code === 'rate_limited') throw await refusal('auth/too-many-requests', error.message);
      throw await refusal(null, error.message, error.details);
    }
    // AbortSignal.timeout fires a TimeoutError: the network did not answer in time.
    throw await refusal('auth/network-request-failed', 'network');
  }
}

/**
 * After any change of who is signed in: every cached answer may differ for the new
 * person, so all queries start over (mounted ones refetch at once), and the token clock starts.
 */
async function afterSignIn() {
  forgetPageAnswers();
  await queryClient.resetQueries();
  await startTokenRefresh();
}

export async function signInWithPassword({
  email,
  password,
  rememberMe,
}: {
  email: string;
  password: string;
  rememberMe: boolean;
}) {
  setRememberMe(rememberMe);
  await provider('/sign-in/email', { email, password, rememberMe });
  await afterSignIn();
}

/** A new account: the provider mails a link to the address, which signs the person in once followed. */
export async function signUpWithPassword({ name, email, password }: { name: string; email: string; password: string }) {
  setRememberMe(true);
  await provider('/sign-up/email', { name, email, password });
}

export function sendSignInCode(email: string) {
  return provider('/email-otp/send-verification-otp', { email, type: 'sign-in' });
}

export async function signInWithCode({
  email,
  code,
  rememberMe,
}: {
  email: string;
  code: string;
  rememberMe: boolean;
}) {
  setRememberMe(rememberMe);
  await provider('/sign-in/email-otp', { email, otp: code });
  await afterSignIn();
}

export function requestPasswordReset(email: string) {
  return provider('/request-password-reset', { email, redirectTo: '/my-account' });
}

export function resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
  return provider('/reset-password', { token, newPassword });
}

/** Follows a verification link: the address is confirmed and its person signed in. */
export async function verifyEmail(token: string) {
  await provider(`/verify-email?token=${encodeURIComponent(token)}`);
  await afterSignIn();
}

/** Signs in with the single-use token an access code returned (custom-token sign-in). */
export async function signInWithToken(token: string) {
  setRememberMe(true);
  await provider('/one-time-token/verify', { token });
  await afterSignIn();
}

/** Starts OpenID Connect sign-in: the provider answers with where to send the browser. */
export async function signInWithProvider(callbackPath: string) {
  const { url } = await provider<{ url: string }>('/sign-in/social', {
    provider: 'oidc',
    callbackURL: callbackPath,
    errorCallbackURL: '/sign-in?error=provider',
  });
  window.location.assign(url);
}

export function changePassword({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) {
  return provider('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
}

export function changeEmail(newEmail: string) {
  return provider('/change-email', { newEmail, callbackURL: '/account' });
}

export async function updateName(name: string) {
  await provider('/update-user', { name });
  await queryClient.invalidateQueries({ queryKey: ['me'] });
}

export interface SessionInfo {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export const listSessions = () => provider<SessionInfo[]>('/list-sessions');
export const revokeSession = (token: string) => provider('/revoke-session', { token });

/**
 * Sign-out (docs/identity.md): the server revokes the session, then the provider's own
 * sign-out clears its cookies, then the browser goes to the root (or the given path).
 */
export async function signOut(to = '/') {
  await api('/api/me/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  await provider('/sign-out', {}).catch(() => undefined);
  clearAccessToken();
  queryClient.clear();
  forgetPersistedCache();
  window.location.assign(to);
}

import { isTokenExpired, jwtExpiry, refreshBackoff, refreshDelay } from '@decor/core';
import { logError } from './dev-mode.ts';

/**
 * The API access token (a short-lived JWT from /api/auth/token), kept in localStorage
 * when the person chose "remember me" and in sessionStorage otherwise (docs/identity.md), and
 * refreshed 5 minutes before it expires with a back-off on failure (docs/api.md).
 */
const TOKEN_KEY = 'decor.accessToken';
const PERSIST_KEY = 'decor.rememberMe';

interface StoredToken {
  token: string;
  expiresAt: number;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

function storage(): Storage {
  return window.localStorage.getItem(PERSIST_KEY) === '0' ? window.sessionStorage : window.localStorage;
}

export function setRememberMe(isRemembered: boolean): void {
  clearAccessToken();
  window.localStorage.setItem(PERSIST_KEY, isRemembered ? '1' : '0');
}

function read(): StoredToken | null {
  try {
    const raw = storage().getItem(TOKEN_KEY);
    return raw ? (JSON.parse(raw) as StoredToken) : null;
  } catch {
    return null;
  }
}

/** The current token for an Authorization header, or null when none is valid. */
export function currentAccessToken(): string | null {
  const stored = read();
  return stored && !isTokenExpired(stored.expiresAt, Date.now()) ? stored.token : null;
}

export function clearAccessToken(): void {
  clearTimeout(timer);
  timer = undefined;
  failures = 0;
  for (const store of [window.localStorage, window.sessionStorage]) store.removeItem(TOKEN_KEY);
}

async function fetchToken(): Promise<StoredToken | null> {
  const response = await fetch('/api/auth/token', { credentials: 'same-origin' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`token refresh failed: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const expiresAt = jwtExpiry(token);
  if (!expiresAt) throw new Error('token without expiry');
  return { token, expiresAt };
}

/** Gets a token now and keeps it fresh while the person stays signed in. */
export async function startTokenRefresh(): Promise<void> {
  clearTimeout(timer);
  try {
    const fresh = await fetchToken();
    if (!fresh) {
      clearAccessToken();
      return;
    }
    storage().setItem(TOKEN_KEY, JSON.stringify(fresh));
    failures = 0;
    timer = setTimeout(() => void startTokenRefresh(), refreshDelay(fresh.expiresAt, Date.now()));
  } catch (error) {
    failures += 1;
    logError('Could not refresh the access token', error);
    timer = setTimeout(() => void startTokenRefresh(), refreshBackoff(failures));
  }
}

import {
  TOKEN_EXPIRY_SKEW_MS,
  TOKEN_REFRESH_BACKOFF_MAX_MS,
  TOKEN_REFRESH_BACKOFF_MIN_MS,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from './constants.ts';

/** A token counts as expired 30 s before it really does (docs/api.md), for clock skew. */
export function isTokenExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - TOKEN_EXPIRY_SKEW_MS;
}

/** How long to wait before refreshing: until 5 minutes before expiry, or now if that has passed. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - now);
}

/** After the n-th failed refresh in a row (1, 2, …): 30 s, 60 s, 2 min … capped at 16 minutes. */
export function refreshBackoff(failures: number): number {
  const delay = TOKEN_REFRESH_BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1);
  return Math.min(delay, TOKEN_REFRESH_BACKOFF_MAX_MS);
}

/** The expiry (ms since epoch) written in a JWT, or null when it cannot be read. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

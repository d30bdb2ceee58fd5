import type { IdentityErrorCode } from '@decor/core';

/** better-auth's error codes, as the identity codes of docs/api.md the client knows. */
const PROVIDER_CODES: Record<string, IdentityErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth/wrong-password',
  INVALID_PASSWORD: 'auth/wrong-password',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth/wrong-password',
  USER_ALREADY_EXISTS: 'auth/email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth/email-already-in-use',
  PASSWORD_TOO_SHORT: 'auth/weak-password',
  PASSWORD_TOO_LONG: 'auth/weak-password',
  USER_NOT_FOUND: 'auth/user-not-found',
  INVALID_TOKEN: 'auth/invalid-action-code',
  TOKEN_EXPIRED: 'auth/invalid-action-code',
  INVALID_OTP: 'auth/invalid-action-code',
  OTP_EXPIRED: 'auth/invalid-action-code',
  TOO_MANY_ATTEMPTS: 'auth/too-many-requests',
  ACCOUNT_NOT_LINKED: 'auth/user-mismatch',
  ACCOUNT_DISABLED: 'auth/user-disabled',
};

const PROVIDER_MESSAGES: Record<string, IdentityErrorCode> = {
  'Invalid token': 'auth/invalid-action-code',
  'Session not found': 'auth/invalid-action-code',
  'Session expired': 'auth/invalid-action-code',
};

export function identityCodeOf(providerCode: unknown, message: unknown): IdentityErrorCode | undefined {
  if (typeof providerCode === 'string' && PROVIDER_CODES[providerCode]) return PROVIDER_CODES[providerCode];
  if (typeof message === 'string') return PROVIDER_MESSAGES[message];
  return undefined;
}

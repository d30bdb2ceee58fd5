import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The identity provider's error codes of docs/api.md, and the one plain sentence the UI
 * shows for each (docs/identity.md).
 */
export const IDENTITY_ERROR_MESSAGES = {
  'auth/weak-password': 'That password does not meet the requirements below.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before you finished. Please try again.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address. Use the link your builder sent you.',
  'auth/network-request-failed': 'We could not reach the server. Check your connection and try again.',
  'auth/user-mismatch': 'That sign-in belongs to a different account than the one you are using.',
  'auth/wrong-password':
    'That e-mail and password do not match. Check them, or reset your password. If you have just created your account, first open the link we e-mailed you.',
  'auth/email-already-in-use': 'There is already an account with this e-mail address. Sign in instead.',
  'auth/user-not-found': 'We could not find an account with this e-mail address.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/invalid-action-code': 'This link or code has expired or was already used. Ask for a new one.',
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_MESSAGES;

export function isIdentityErrorCode(code: unknown): code is IdentityErrorCode {
  return typeof code === 'string' && code in IDENTITY_ERROR_MESSAGES;
}

/** The password policy the server enforces and the sign-up form shows. */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requiresLetter: boolean;
  requiresDigit: boolean;
}

export const PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  requiresLetter: true,
  requiresDigit: true,
};

/** The rules a password breaks, in words; empty when it is acceptable. */
export function passwordProblems(password: string, policy: PasswordPolicy = PASSWORD_POLICY, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`at least ${policy.minLength} characters`);
  if (password.length > policy.maxLength) problems.push(`at most ${policy.maxLength} characters`);
  if (policy.requiresLetter && !/\p{L}/u.test(password)) problems.push('at least one letter');
  if (policy.requiresDigit && !/\d/.test(password)) problems.push('at least one digit');
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) problems.push('not your e-mail address');
  return problems;
}

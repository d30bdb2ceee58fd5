import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { firstPageMessage } from './messages/first-page.ts';

/**
 * The identity provider's error codes of docs/api.md, and the one plain sentence the UI
 * shows for each (docs/identity.md).
 */
export const IDENTITY_ERROR_MESSAGES = {
  'auth/weak-password': firstPageMessage('identity.weak-password'),
  'auth/popup-blocked': firstPageMessage('identity.popup-blocked'),
  'auth/popup-closed-by-user': firstPageMessage('identity.popup-closed-by-user'),
  'auth/unauthorized-domain': firstPageMessage('identity.unauthorized-domain'),
  'auth/network-request-failed': firstPageMessage('identity.network-request-failed'),
  'auth/user-mismatch': firstPageMessage('identity.user-mismatch'),
  'auth/wrong-password': firstPageMessage('identity.wrong-password'),
  'auth/email-already-in-use': firstPageMessage('identity.email-already-in-use'),
  'auth/user-not-found': firstPageMessage('identity.user-not-found'),
  'auth/too-many-requests': firstPageMessage('identity.too-many-requests'),
  'auth/invalid-action-code': firstPageMessage('identity.invalid-action-code'),
  'auth/user-disabled': firstPageMessage('identity.user-disabled'),
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

/**
 * A name as initials ("Marcus Reid" → "M. R.", "李小龙" → "李."): enough to recognise who signed,
 * shown where a name would travel further than its owner chose (a shared preview).
 */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]!.toLocaleUpperCase()}.`)
    .join(' ');
}

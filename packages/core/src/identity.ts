import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { EN_ACCESS } from './messages/en/access.ts';

/** The identity provider's error codes of docs/api.md (docs/identity.md). */
export const IDENTITY_ERROR_CODES = [
  'auth/weak-password',
  'auth/popup-blocked',
  'auth/popup-closed-by-user',
  'auth/unauthorized-domain',
  'auth/network-request-failed',
  'auth/user-mismatch',
  'auth/wrong-password',
  'auth/email-already-in-use',
  'auth/user-not-found',
  'auth/too-many-requests',
  'auth/invalid-action-code',
  'auth/user-disabled',
] as const;

export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** The catalogue's sentence for a code: `auth/weak-password` is `identity.weak-password`. */
export function identityErrorKey(code: IdentityErrorCode): keyof typeof EN_ACCESS {
  return `identity.${code.slice('auth/'.length)}` as keyof typeof EN_ACCESS;
}

/** The one plain sentence the UI shows for a code, in English (a function: a page that never says it never carries it). */
export function identityErrorMessage(code: IdentityErrorCode): string {
  return EN_ACCESS[identityErrorKey(code)];
}

export function isIdentityErrorCode(code: unknown): code is IdentityErrorCode {
  return typeof code === 'string' && (IDENTITY_ERROR_CODES as readonly string[]).includes(code);
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

/**
 * A rule a password breaks, as a code a message selects on (never English words: the sentence
 * is said in the reader's language, docs/languages.md).
 */
export type PasswordProblem = 'short' | 'long' | 'letter' | 'digit' | 'email';

/** The rules a password breaks, in the policy's order; empty when it is acceptable. */
export function passwordProblems(
  password: string,
  policy: PasswordPolicy = PASSWORD_POLICY,
  email?: string,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < policy.minLength) problems.push('short');
  if (password.length > policy.maxLength) problems.push('long');
  if (policy.requiresLetter && !/\p{L}/u.test(password)) problems.push('letter');
  if (policy.requiresDigit && !/\d/.test(password)) problems.push('digit');
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) problems.push('email');
  return problems;
}

/** The parameters of a sentence naming a password's first broken rule and how many others it breaks. */
export function passwordProblemParams(problems: readonly PasswordProblem[], policy: PasswordPolicy = PASSWORD_POLICY) {
  return {
    rule: problems[0] ?? 'short',
    others: Math.max(0, problems.length - 1),
    min: policy.minLength,
    max: policy.maxLength,
  };
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

import { describe, expect, it } from 'vitest';
import {
  IDENTITY_ERROR_CODES,
  identityErrorMessage,
  type IdentityErrorCode,
  initialsOf,
  isIdentityErrorCode,
  PASSWORD_POLICY,
  passwordProblems,
} from './identity.ts';

describe('identity error sentences', () => {
  it('has one plain sentence for every provider code of docs/api.md', () => {
    const codes = [
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
      // A disabled account (docs/admin.md, "People").
      'auth/user-disabled',
    ];
    expect([...IDENTITY_ERROR_CODES].sort()).toEqual(codes.sort());
    for (const code of codes) {
      expect(isIdentityErrorCode(code)).toBe(true);
      expect(identityErrorMessage(code as IdentityErrorCode)).toMatch(/^[A-Z].*\.$/);
    }
    expect(isIdentityErrorCode('auth/other')).toBe(false);
  });
});

describe('passwordProblems', () => {
  it('accepts a good password', () => {
    expect(passwordProblems('Maple-Residences-2026')).toEqual([]);
  });

  it('names every rule a password breaks', () => {
    expect(passwordProblems('abc')).toEqual(['short', 'digit']);
    expect(passwordProblems('12345678')).toEqual(['letter']);
    expect(passwordProblems('x'.repeat(PASSWORD_POLICY.maxLength) + '1')).toEqual(['long']);
    expect(passwordProblems('me1@example.test', PASSWORD_POLICY, 'ME1@example.test')).toEqual(['email']);
  });
});

describe('initialsOf', () => {
  it('keeps the first letter of each word, in any script', () => {
    expect(initialsOf('Marcus Reid')).toBe('M. R.');
    expect(initialsOf('  zoë   van der berg ')).toBe('Z. V. D. B.');
    expect(initialsOf('李小龙 محمد علي')).toBe('李. م. ع.');
    expect(initialsOf('')).toBe('');
  });
});

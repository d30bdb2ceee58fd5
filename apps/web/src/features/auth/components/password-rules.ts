import { PASSWORD_POLICY, passwordProblems } from '@decor/core';

/** Whether a new password meets the policy (the server checks again). */
export function isPasswordAcceptable(value: string, email?: string): boolean {
  return passwordProblems(value, PASSWORD_POLICY, email).length === 0;
}

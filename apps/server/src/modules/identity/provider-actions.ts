import crypto from 'node:crypto';
import { fail } from '@decor/core';
import type { Config } from '../../config/env.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import type { Auth } from './auth.ts';

/** How long the single-use sign-in token a new account's access code returns stays valid. */
const SIGN_IN_TOKEN_MINUTES = 3;

/**
 * A single-use token that signs this account in (the provider's one-time-token verify).
 * Only for an account the caller has just created (docs/access-codes.md).
 */
export async function createSignInToken(auth: Auth, userId: string): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  if (!session) throw fail('internal', 'link.no-access');
  const token = crypto.randomBytes(32).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `one-time-token:${token}`,
    value: session.token,
    expiresAt: new Date(Date.now() + SIGN_IN_TOKEN_MINUTES * 60_000),
  });
  return token;
}

/** Mails an unverified address the provider's verification link, on the project's own address. */
export async function sendVerificationLink({
  auth,
  config,
  projectKey,
  email,
  acceptLanguage,
}: {
  auth: Auth;
  config: Config;
  projectKey: string;
  email: string;
  /** The Accept-Language of the page that made the account: the mail is in its language (docs/languages.md). */
  acceptLanguage?: string | undefined;
}) {
  const origin = projectOrigin(config, projectKey);
  const response = await auth.handler(
    new Request(`${origin}/api/auth/send-verification-email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      },
      body: JSON.stringify({ email }),
    }),
  );
  if (!response.ok) throw new Error(`the verification link could not be sent (${response.status})`);
}

/**
 * Gives an account that has no password its first one (an invited person arriving; docs/access-codes.md),
 * hashed by the provider as every password is. False when it has one already: that is changed with
 * the current one, on the account page.
 */
export async function setFirstPassword(auth: Auth, userId: string, newPassword: string): Promise<boolean> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find(
    (account) => account.providerId === 'credential',
  );
  if (credential?.password) return false;
  const password = await context.password.hash(newPassword);
  if (credential) await context.internalAdapter.updateAccount(credential.id, { password });
  else await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password });
  return true;
}

/**
 * Why a link could not be used, as shown on /400. The page prints only these sentences,
 * chosen by code: never text taken from the address, which anyone could write
 * (docs/security.md, "Bad input").
 */
export const BAD_LINK_REASONS = {
  'link-invalid': 'This link is not valid. Check that you copied all of it.',
  'link-withdrawn': 'This link has been withdrawn. Ask the sales team for a new one.',
  'link-expired': 'This link has expired. Ask the sales team for a new one.',
  'link-used': 'This link has already been used. Sign in, or ask the sales team for a new one.',
  'link-new-accounts-only':
    'This code opens a new account, and you are already signed in. Ask the sales team to invite your e-mail address instead.',
  'link-account-exists': 'There is already an account with this e-mail address. Sign in with it and ask the sales team for an invitation.',
  'too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'no-access': 'Could not get access.',
  'request-failed': 'Request failed.',
} as const;

export type BadLinkReason = keyof typeof BAD_LINK_REASONS;

export function isBadLinkReason(value: unknown): value is BadLinkReason {
  return typeof value === 'string' && Object.hasOwn(BAD_LINK_REASONS, value);
}

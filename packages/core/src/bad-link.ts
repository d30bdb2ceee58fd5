import { message } from './messages/index.ts';

/**
 * Why a link could not be used, as shown on /400. The page prints only these sentences,
 * chosen by code: never text taken from the address, which anyone could write
 * (docs/security.md, "Bad input").
 */
export const BAD_LINK_REASONS = {
  'link-invalid': message('link.invalid'),
  'link-withdrawn': message('link.withdrawn'),
  'link-expired': message('link.expired'),
  'link-used': message('link.used'),
  'link-new-accounts-only': message('link.new-accounts-only'),
  'link-account-exists': message('link.account-exists'),
  'too-many-requests': message('link.too-many-requests'),
  'no-access': message('link.no-access'),
  'request-failed': message('link.request-failed'),
} as const;

export type BadLinkReason = keyof typeof BAD_LINK_REASONS;

export function isBadLinkReason(value: unknown): value is BadLinkReason {
  return typeof value === 'string' && Object.hasOwn(BAD_LINK_REASONS, value);
}

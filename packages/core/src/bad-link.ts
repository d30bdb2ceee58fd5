import { firstPageMessage } from './messages/first-page.ts';

/**
 * Why a link could not be used, as shown on /400. The page prints only these sentences,
 * chosen by code: never text taken from the address, which anyone could write
 * (docs/security.md, "Bad input").
 */
export const BAD_LINK_REASONS = {
  'link-invalid': firstPageMessage('link.invalid'),
  'link-withdrawn': firstPageMessage('link.withdrawn'),
  'link-expired': firstPageMessage('link.expired'),
  'link-used': firstPageMessage('link.used'),
  'link-new-accounts-only': firstPageMessage('link.new-accounts-only'),
  'link-account-exists': firstPageMessage('link.account-exists'),
  'too-many-requests': firstPageMessage('link.too-many-requests'),
  'no-access': firstPageMessage('link.no-access'),
  'request-failed': firstPageMessage('link.request-failed'),
} as const;

export type BadLinkReason = keyof typeof BAD_LINK_REASONS;

export function isBadLinkReason(value: unknown): value is BadLinkReason {
  return typeof value === 'string' && Object.hasOwn(BAD_LINK_REASONS, value);
}

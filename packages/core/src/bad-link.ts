import { EN_ACCESS } from './messages/en/access.ts';
import type { CoreKey } from './messages/index.ts';

/**
 * Why a link could not be used, as shown on /400. The page prints only these sentences,
 * chosen by code: never text taken from the address, which anyone could write
 * (docs/security.md, "Bad input").
 */
const BAD_LINK_KEYS = {
  'link-invalid': 'link.invalid',
  'link-withdrawn': 'link.withdrawn',
  'link-expired': 'link.expired',
  'link-used': 'link.used',
  'link-new-accounts-only': 'link.new-accounts-only',
  'link-account-exists': 'link.account-exists',
  'too-many-requests': 'link.too-many-requests',
  'no-access': 'link.no-access',
  'request-failed': 'link.request-failed',
} as const satisfies Record<string, CoreKey>;

export type BadLinkReason = keyof typeof BAD_LINK_KEYS;

/** The catalogue's sentence for a reason (said in the reader's language by the page). */
export function badLinkKey(reason: BadLinkReason): CoreKey {
  return BAD_LINK_KEYS[reason];
}

/** A reason in English (the specification's words). */
export function badLinkMessage(reason: BadLinkReason): string {
  return EN_ACCESS[BAD_LINK_KEYS[reason]];
}

export function isBadLinkReason(value: unknown): value is BadLinkReason {
  return typeof value === 'string' && Object.hasOwn(BAD_LINK_KEYS, value);
}

import { createHash } from 'node:crypto';
import { DomainError, fail } from '@decor/core';
import type { Db } from '../db/client.ts';
import { countRequest } from './rate-limit.repo.ts';

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** The abuse limits (docs/security.md); keys are per address and, where known, per e-mail. */
export const RATE_RULES = {
  signInPerAddress: { limit: 30, windowSeconds: 5 * 60 },
  signInPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { limit: 10, windowSeconds: 10 * 60 },
  codeSendingPerAddress: { limit: 10, windowSeconds: 10 * 60 },
  codeSendingPerEmail: { limit: 5, windowSeconds: 10 * 60 },
  codeConsumptionPerAddress: { limit: 20, windowSeconds: 10 * 60 },
  /** A screen registers once, again only when revoked or wiped: twenty an hour from one address is a sales centre's worth. */
  displayRegistrationPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Codes typed to claim a screen: a person mistyping, not a search of the codes. */
  displayClaimPerAddress: { limit: 10, windowSeconds: 10 * 60 },
  /** Looks mailed from a sales-centre screen: a visitor or two an hour per screen, a sales centre's worth per address. */
  displayLookMailPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Inquiries (docs/public-pages.md, "Spam"): a family at one address asks a few times, a robot hundreds. */
  inquiryPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  inquiryPerEmail: { limit: 3, windowSeconds: 24 * 60 * 60 },
  /** What a busy launch weekend brings to one project in an hour; beyond it a flood from many addresses. */
  inquiryPerProject: { limit: 300, windowSeconds: 60 * 60 },
  /** The widget's views and clicks counted from one address: a person browsing, not a script inflating the figures. */
  embedCountsPerAddress: { limit: 120, windowSeconds: 60 },
  /** Fit my budget: a buyer trying budgets one after another, not a script keeping the solver busy. */
  fitBudgetPerPerson: { limit: 30, windowSeconds: 60 },
  /** The visit beacon beats once a minute and on each new page: sixty a minute is a person clicking fast. */
  visitBeatsPerPerson: { limit: 60, windowSeconds: 60 },
} satisfies Record<string, RateRule>;

/**
 * Counts one request against `key` in a fixed window kept in PostgreSQL (so every server
 * process shares it) and refuses with a 429 once the window's limit is used up.
 */
/** Counts one more request under `key`; false once it is over the rule's limit (for what is not refused, only not counted). */
export async function withinRate(db: Db, key: string, rule: RateRule): Promise<boolean> {
  try {
    await consumeRate(db, key, rule);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited') return false;
    throw error;
  }
}

export async function consumeRate(db: Db, key: string, { limit, windowSeconds }: RateRule): Promise<void> {
  // Keys hold what callers send (an address, an e-mail): a long one is stored by its digest, so no key outgrows its index.
  if (key.length > 120) key = `${key.slice(0, 40)}#${createHash('sha256').update(key).digest('base64url')}`;
  const row = await countRequest(db, key, windowSeconds);
  if (row && Number(row.count) > limit) {
    throw fail('rate_limited', 'request.too-many', undefined, {
      retryAfterSeconds: Math.max(1, Number(row.retry_after)),
    });
  }
}

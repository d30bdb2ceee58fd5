import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_TIMEOUT_MS, webhookRetryDelay } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { postDelivery, type AddressPolicy } from './webhooks.http.ts';
import { withoutCommentText } from './webhooks.events.ts';
import { claimDue, recordAttempt, type ClaimedDelivery } from './webhooks.repo.ts';
import { signedHeaders, type SecretSealer } from './webhooks.signing.ts';

/**
 * The deliverer (docs/integrations.md, "Delivery"): each server claims due deliveries in the
 * database for the length of one attempt, so that several servers deliver each event once; a
 * server that dies mid-attempt leaves a claim that runs out, and the delivery is tried again by
 * whichever server comes next. It wakes when an event commits (the outbox's announcement) and
 * every few seconds for the retries that come due.
 */

/** How long a claim lasts: one attempt's time limit and a margin. */
export const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 5_000;
/** How many deliveries a server claims at once (of different resources; each resource's are in order). */
const BATCH = 20;

export interface DelivererInput {
  db: Db;
  sealer: SecretSealer;
  policy: AddressPolicy;
  /** Called once when an endpoint is turned off for a day of failures. */
  onDisabled(endpointId: string, projectId: string): Promise<void>;
  log: { error(details: object, message: string): void };
  clock?: () => Date;
  random?: () => number;
}

/** The bytes an endpoint receives for one event: the same on every attempt. */
export function bodyOf(
  row: Pick<
    ClaimedDelivery,
    'event_id' | 'type' | 'version' | 'occurred_at' | 'project_id' | 'project_key' | 'data' | 'include_comment_text'
  >,
) {
  const data = row.type === 'comment.created' && !row.include_comment_text ? withoutCommentText(row.data) : row.data;
  return JSON.stringify({
    id: row.event_id,
    type: row.type,
    version: row.version,
    timestamp: row.occurred_at,
    project: { id: row.project_id, key: row.project_key },
    data,
  });
}

export function createDeliverer({
  db,
  sealer,
  policy,
  onDisabled,
  log,
  clock = () => new Date(),
  random = Math.random,
}: DelivererInput) {
  async function attempt(row: ClaimedDelivery, now: Date) {
    const secrets = [sealer.open(row.secret)];
    if (row.previous_secret && row.previous_secret_until && Date.parse(row.previous_secret_until) > now.getTime())
      secrets.push(sealer.open(row.previous_secret));
    const body = bodyOf(row);
    const outcome = await postDelivery({
      url: row.url,
      body,
      headers: signedHeaders({ secrets, id: row.event_id, timestamp: Math.floor(now.getTime() / 1000), body }),
      policy,
    });
    const at = clock();
    const retryAt = new Date(at.getTime() + webhookRetryDelay(row.attempts + 1, random()));
    const { disabled } = await recordAttempt(db, {
      deliveryId: row.id,
      endpointId: row.endpoint_id,
      at,
      ...outcome,
      nextAttemptAt: outcome.ok || retryAt.getTime() > Date.parse(row.give_up_at) ? null : retryAt,
      disableAfterMs: WEBHOOK_DISABLE_AFTER_MS,
    });
    if (disabled)
      await onDisabled(row.endpoint_id, row.project_id).catch((error: unknown) =>
        log.error({ err: error }, 'telling the managers of a disabled endpoint failed'),
      );
  }

  /** Delivers everything due now, batch after batch; answers how many attempts were made. */
  async function deliverDue(): Promise<number> {
    let made = 0;
    for (;;) {
      const now = clock();
      const claimed = await claimDue(db, { now, leaseMs: CLAIM_MS, limit: BATCH });
      if (!claimed.length) return made;
      await Promise.all(claimed.map((row) => attempt(row, now)));
      made += claimed.length;
    }
  }

  // One run at a time per server; a wake-up during a run asks for one more after it.
  let running: Promise<number> | null = null;
  let again = false;
  function wake(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let made = 0;
      do {
        again = false;
        made += await deliverDue();
      } while (again);
      return made;
    })().finally(() => {
      running = null;
    });
    return running;
  }
  return { deliverDue, wake };
}
export type Deliverer = ReturnType<typeof createDeliverer>;

import {
  fail,
  TEST_EVENT_TYPE,
  WEBHOOK_RETRY_FOR_MS,
  WEBHOOK_ROTATION_GRACE_MS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type webhookEndpointPatchSchema,
} from '@decor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import { requireManager } from '../projects/index.ts';
import { refusalOfUrl, type AddressPolicy } from './webhooks.http.ts';
import {
  attemptsOf,
  deleteEndpoint,
  deliveriesOf,
  endpointsOf,
  insertEndpoint,
  insertEvent,
  replay,
  rotateEndpointSecret,
  updateEndpoint,
  type EndpointListRow,
} from './webhooks.repo.ts';
import { newSigningSecret, secretHintOf, type SecretSealer } from './webhooks.signing.ts';

/** The endpoints a project may have: a few systems, not a fan-out service. */
export const MAX_ENDPOINTS = 20;

export interface WebhookContext {
  db: Db;
  scope: Promise<Scope>;
  sealer: SecretSealer;
  policy: AddressPolicy;
}

const viewOf = (row: EndpointListRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  includeCommentText: row.include_comment_text,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since,
  secretHint: row.secret_hint,
  previousSecretUntil:
    row.previous_secret_until && Date.parse(row.previous_secret_until) > Date.now() ? row.previous_secret_until : null,
  createdAt: row.created_at,
  pending: row.pending,
  lastDelivery: row.last_at ? { at: row.last_at, ok: row.last_ok === true, status: row.last_status } : null,
});

async function checkedUrl(url: string, policy: AddressPolicy): Promise<string> {
  const refusal = await refusalOfUrl(url, policy);
  if (refusal) throw fail('bad_request', refusal, undefined, { field: 'url' });
  return new URL(url).toString();
}

async function endpointOf(db: Db, projectId: string, id: string): Promise<EndpointListRow> {
  const [row] = await endpointsOf(db, projectId, id);
  if (!row) throw fail('not_found', 'webhooks.no-endpoint');
  return row;
}

export async function endpointsOfProject({ db, scope }: WebhookContext): Promise<WebhookEndpoint[]> {
  const { project } = requireManager(await scope);
  return (await endpointsOf(db, project.id)).map(viewOf);
}

/** A new endpoint; its signing secret is in this answer and never again. */
export async function createEndpoint(context: WebhookContext, input: WebhookEndpointInput) {
  const { project, actor } = requireManager(await context.scope);
  const url = await checkedUrl(input.url, context.policy);
  if ((await endpointsOf(context.db, project.id)).length >= MAX_ENDPOINTS)
    throw fail('conflict', 'webhooks.endpoint-limit', { count: MAX_ENDPOINTS });
  const secret = newSigningSecret();
  const id = await insertEndpoint(context.db, {
    projectId: project.id,
    url,
    description: input.description,
    events: [...new Set(input.events)],
    includeCommentText: input.includeCommentText,
    secret: context.sealer.seal(secret),
    secretHint: secretHintOf(secret),
    createdBy: actor.apiKey ? null : actor.userId,
  });
  return { endpoint: viewOf(await endpointOf(context.db, project.id, id)), secret };
}

export async function changeEndpoint(
  context: WebhookContext,
  id: string,
  change: z.infer<typeof webhookEndpointPatchSchema>,
) {
  const { project } = requireManager(await context.scope);
  await endpointOf(context.db, project.id, id);
  const url = change.url === undefined ? undefined : await checkedUrl(change.url, context.policy);
  await updateEndpoint(context.db, project.id, id, {
    ...change,
    url,
    events: change.events ? [...new Set(change.events)] : undefined,
  });
  return viewOf(await endpointOf(context.db, project.id, id));
}

export async function removeEndpoint({ db, scope }: WebhookContext, id: string) {
  const { project } = requireManager(await scope);
  if (!(await deleteEndpoint(db, project.id, id))) throw fail('not_found', 'webhooks.no-endpoint');
}

/** A new secret, shown once; the old one keeps signing beside it for WEBHOOK_ROTATION_GRACE_MS. */
export async function rotateSecret(context: WebhookContext, id: string, now = new Date()) {
  const { project } = requireManager(await context.scope);
  await endpointOf(context.db, project.id, id);
  const secret = newSigningSecret();
  await rotateEndpointSecret(context.db, {
    projectId: project.id,
    id,
    secret: context.sealer.seal(secret),
    secretHint: secretHintOf(secret),
    graceUntil: new Date(now.getTime() + WEBHOOK_ROTATION_GRACE_MS),
  });
  return { endpoint: viewOf(await endpointOf(context.db, project.id, id)), secret };
}

/** A `webhook.test` event to this endpoint alone (whatever it subscribes to, on or off). */
export async function sendTestEvent(context: WebhookContext, id: string) {
  const { project, actor } = requireManager(await context.scope);
  await endpointOf(context.db, project.id, id);
  // One statement: the event and its delivery commit (and are announced) together.
  const eventId = await insertEvent(context.db, {
    projectId: project.id,
    type: TEST_EVENT_TYPE,
    version: 1,
    resource: `endpoint:${id}`,
    data: { object: { endpoint: id, sentBy: actor.name, message: 'A test event from Decor Portal.' } },
    onlyEndpoint: id,
    retryForMs: WEBHOOK_RETRY_FOR_MS,
  });
  return { eventId };
}

export async function endpointDeliveries(
  { db, scope }: WebhookContext,
  id: string,
  query: { status?: 'pending' | 'delivered' | 'failed' | undefined; before?: string | undefined; limit: number },
): Promise<WebhookDelivery[]> {
  const { project } = requireManager(await scope);
  await endpointOf(db, project.id, id);
  const rows = await deliveriesOf(db, { endpointId: id, ...query });
  return rows.map((row) => ({
    _id: row.id,
    eventId: row.event_id,
    type: row.type,
    resource: row.resource,
    occurredAt: row.occurred_at,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    deliveredAt: row.delivered_at,
    lastAttempt: row.last_at
      ? {
          at: row.last_at,
          status: row.last_status,
          durationMs: row.last_duration_ms ?? 0,
          ok: row.last_ok === true,
          response: row.last_response ?? '',
          error: row.last_error,
        }
      : null,
  }));
}

export async function deliveryAttempts({ db, scope }: WebhookContext, id: string, deliveryId: string) {
  const { project } = requireManager(await scope);
  await endpointOf(db, project.id, id);
  const rows = await attemptsOf(db, { endpointId: id, deliveryId });
  if (!rows.length) throw fail('not_found', 'webhooks.no-delivery');
  return rows.map((row) => ({
    at: row.at,
    status: row.status,
    durationMs: row.duration_ms,
    ok: row.ok,
    response: row.response,
    error: row.error,
  }));
}

/** Delivers one delivery's event again, or every event of the endpoint's types since a moment; answers how many are owed. */
export async function replayDeliveries(
  { db, scope }: WebhookContext,
  id: string,
  which: { deliveryId: string } | { since: string },
  now = new Date(),
) {
  const { project } = requireManager(await scope);
  await endpointOf(db, project.id, id);
  if ('deliveryId' in which) {
    const count = await replay(db, {
      endpointId: id,
      deliveryId: which.deliveryId,
      retryForMs: WEBHOOK_RETRY_FOR_MS,
      now,
    });
    if (!count) throw fail('not_found', 'webhooks.no-delivery');
    return { queued: count };
  }
  const since = new Date(which.since);
  if (since.getTime() > now.getTime())
    throw fail('bad_request', 'webhooks.replay-future', undefined, { field: 'since' });
  return { queued: await replay(db, { endpointId: id, since, retryForMs: WEBHOOK_RETRY_FOR_MS, now }) };
}

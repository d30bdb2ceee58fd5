import { sql, type SQL } from 'drizzle-orm';
import { hotSqlRows, isoMoment as iso, listAtRun, sqlRows, type Db } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';

/** The channel a recorded event is announced on (after its commit), so that deliverers wake at once. */
export const DELIVERY_CHANNEL = 'decor_webhooks';

export interface EndpointRow {
  id: string;
  project_id: string;
  url: string;
  description: string;
  events: string[];
  include_comment_text: boolean;
  secret: string;
  secret_hint: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
}

const endpointColumns = sql`e.id, e.project_id, e.url, e.description, e.events, e.include_comment_text, e.secret,
  e.secret_hint, e.previous_secret, ${iso(sql`e.previous_secret_until`)} AS previous_secret_until, e.enabled,
  e.disabled_reason, ${iso(sql`e.failing_since`)} AS failing_since, ${iso(sql`e.created_at`)} AS created_at`;

export interface NewEndpoint {
  projectId: string;
  url: string;
  description: string;
  events: readonly string[];
  includeCommentText: boolean;
  secret: string;
  secretHint: string;
  createdBy: string | null;
}

export async function insertEndpoint(db: Db, endpoint: NewEndpoint): Promise<string> {
  const id = uuidv7();
  await sqlRows(
    db,
    sql`INSERT INTO webhook_endpoints (id, project_id, url, description, events, include_comment_text, secret, secret_hint, created_by)
        VALUES (${id}, ${endpoint.projectId}, ${endpoint.url}, ${endpoint.description}, ${listAtRun('text', endpoint.events)},
                ${endpoint.includeCommentText}, ${endpoint.secret}, ${endpoint.secretHint}, ${endpoint.createdBy})`,
  );
  return id;
}

export type EndpointListRow = EndpointRow & {
  pending: number;
  last_at: string | null;
  last_ok: boolean | null;
  last_status: number | null;
};

/** A project's endpoints (or one), each with how many deliveries wait and how the last attempt went. */
export async function endpointsOf(db: Db, projectId: string, id?: string): Promise<EndpointListRow[]> {
  return sqlRows<EndpointListRow>(
    db,
    sql`SELECT ${endpointColumns},
          (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending') AS pending,
          ${iso(sql`last.at`)} AS last_at, last.ok AS last_ok, last.status AS last_status
        FROM webhook_endpoints e
        LEFT JOIN LATERAL (
          SELECT a.at, a.ok, a.status FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
          WHERE d.endpoint_id = e.id ORDER BY a.at DESC LIMIT 1) last ON true
        WHERE e.project_id = ${projectId} ${id ? sql`AND e.id = ${id}` : sql``}
        ORDER BY e.created_at`,
  );
}

export interface EndpointChange {
  url?: string | undefined;
  description?: string | undefined;
  events?: readonly string[] | undefined;
  includeCommentText?: boolean | undefined;
  enabled?: boolean | undefined;
}

/** Changes an endpoint of the project; false when there is none. Turning it on again forgets why it was off. */
export async function updateEndpoint(db: Db, projectId: string, id: string, change: EndpointChange): Promise<boolean> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.url !== undefined) sets.push(sql`url = ${change.url}`);
  if (change.description !== undefined) sets.push(sql`description = ${change.description}`);
  if (change.events !== undefined) sets.push(sql`events = ${listAtRun('text', change.events)}`);
  if (change.includeCommentText !== undefined) sets.push(sql`include_comment_text = ${change.includeCommentText}`);
  if (change.enabled !== undefined)
    sets.push(
      change.enabled
        ? sql`enabled = true, disabled_reason = NULL, failing_since = NULL`
        : sql`enabled = false, disabled_reason = 'manager'`,
    );
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE webhook_endpoints SET ${sql.join(sets, sql`, `)} WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** A new signing secret; the one it replaces keeps signing until `graceUntil`. */
export async function rotateEndpointSecret(
  db: Db,
  {
    projectId,
    id,
    secret,
    secretHint,
    graceUntil,
  }: { projectId: string; id: string; secret: string; secretHint: string; graceUntil: Date },
): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = ${graceUntil.toISOString()},
          secret = ${secret}, secret_hint = ${secretHint}, updated_at = now()
        WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteEndpoint(db: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM webhook_endpoints WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export interface NewEvent {
  projectId: string;
  type: string;
  version: number;
  resource: string;
  data: Record<string, unknown>;
  /** Only this endpoint is owed the event (a test event); otherwise every enabled endpoint of the project that asks for its type. */
  onlyEndpoint?: string;
  retryForMs: number;
}

/**
 * Records an event and what each endpoint is owed of it, in one statement of the caller's
 * transaction, and announces it on DELIVERY_CHANNEL: the announcement, like the rows, exists only
 * once the transaction commits.
 */
export async function insertEvent(db: Db, event: NewEvent): Promise<string> {
  const id = uuidv7();
  const endpoints = event.onlyEndpoint
    ? sql`ep.id = ${event.onlyEndpoint}`
    : sql`ep.enabled AND ev.type = ANY(ep.events)`;
  await hotSqlRows(
    db,
    sql`WITH ev AS (
          INSERT INTO webhook_events (id, project_id, type, version, resource, data)
          VALUES (${id}, ${event.projectId}, ${event.type}, ${event.version}, ${event.resource}, ${JSON.stringify(event.data)}::jsonb)
          RETURNING id, seq, project_id, type, resource, occurred_at),
        owed AS (
          INSERT INTO webhook_deliveries (id, project_id, endpoint_id, event_id, event_seq, resource, give_up_at)
          SELECT gen_random_uuid(), ev.project_id, ep.id, ev.id, ev.seq, ev.resource,
                 ev.occurred_at + ${event.retryForMs}::float8 * interval '1 millisecond'
          FROM ev JOIN webhook_endpoints ep ON ep.project_id = ev.project_id AND ${endpoints}
          RETURNING id)
        SELECT pg_notify(${DELIVERY_CHANNEL}, ${event.projectId}) FROM ev WHERE EXISTS (SELECT 1 FROM owed)`,
  );
  return id;
}

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  attempts: number;
  give_up_at: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  include_comment_text: boolean;
  event_id: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
  occurred_at: string;
  project_id: string;
  project_key: string;
}

/**
 * Claims up to `limit` deliveries that are due, for `leaseMs` (one attempt): of each endpoint
 * and resource only the oldest pending one, so a resource's events arrive in the order they
 * committed. Rows another server is claiming are skipped, not waited for.
 */
export async function claimDue(
  db: Db,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  return hotSqlRows<ClaimedDelivery>(
    db,
    sql`WITH claimed AS (
          UPDATE webhook_deliveries d SET claimed_until = ${at}::timestamptz + ${leaseMs}::float8 * interval '1 millisecond'
          WHERE d.id IN (
            SELECT d2.id FROM webhook_deliveries d2
            JOIN webhook_endpoints ep ON ep.id = d2.endpoint_id AND ep.enabled
            WHERE d2.status = 'pending' AND d2.next_attempt_at <= ${at}::timestamptz
              AND (d2.claimed_until IS NULL OR d2.claimed_until <= ${at}::timestamptz)
              AND NOT EXISTS (
                SELECT 1 FROM webhook_deliveries p
                WHERE p.endpoint_id = d2.endpoint_id AND p.resource = d2.resource AND p.status = 'pending'
                  AND p.event_seq < d2.event_seq)
            ORDER BY d2.event_seq LIMIT ${limit}
            FOR UPDATE OF d2 SKIP LOCKED)
          RETURNING d.id, d.endpoint_id, d.attempts, d.give_up_at, d.event_id)
        SELECT c.id, c.endpoint_id, c.attempts, ${iso(sql`c.give_up_at`)} AS give_up_at, ep.url, ep.secret,
               ep.previous_secret, ${iso(sql`ep.previous_secret_until`)} AS previous_secret_until, ep.include_comment_text,
               ev.id AS event_id, ev.type, ev.version, ev.data, ${iso(sql`ev.occurred_at`)} AS occurred_at,
               ev.project_id, p.key AS project_key
        FROM claimed c
        JOIN webhook_endpoints ep ON ep.id = c.endpoint_id
        JOIN webhook_events ev ON ev.id = c.event_id
        JOIN projects p ON p.id = ev.project_id
        ORDER BY ev.seq`,
  );
}

export interface AttemptOutcome {
  deliveryId: string;
  endpointId: string;
  at: Date;
  status: number | null;
  durationMs: number;
  ok: boolean;
  response: string;
  error: string | null;
  /** When to try again, or null: delivered (ok) or given up. */
  nextAttemptAt: Date | null;
  disableAfterMs: number;
}

/**
 * Records an attempt and what follows from it: delivered, another try at `nextAttemptAt`, or
 * given up; the endpoint's run of failures starts, ends, or (after `disableAfterMs`) turns it off.
 * Answers whether this attempt turned the endpoint off (its managers are then told, once).
 */
export async function recordAttempt(db: Db, outcome: AttemptOutcome): Promise<{ disabled: boolean }> {
  const at = outcome.at.toISOString();
  const status = outcome.ok ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed';
  const [row] = await hotSqlRows<{ disabled: boolean }>(
    db,
    sql`WITH attempt AS (
          INSERT INTO webhook_attempts (id, delivery_id, at, status, duration_ms, ok, response, error)
          VALUES (${uuidv7()}, ${outcome.deliveryId}, ${at}, ${outcome.status}, ${outcome.durationMs}, ${outcome.ok},
                  ${outcome.response}, ${outcome.error})),
        delivery AS (
          UPDATE webhook_deliveries SET status = ${status}, attempts = attempts + 1, claimed_until = NULL,
            next_attempt_at = coalesce(${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
            delivered_at = CASE WHEN ${outcome.ok} THEN ${at}::timestamptz ELSE delivered_at END
          WHERE id = ${outcome.deliveryId}),
        endpoint AS (
          UPDATE webhook_endpoints e SET
            failing_since = CASE WHEN ${outcome.ok} THEN NULL ELSE coalesce(e.failing_since, ${at}::timestamptz) END,
            enabled = CASE WHEN NOT ${outcome.ok} AND coalesce(e.failing_since, ${at}::timestamptz)
                             <= ${at}::timestamptz - ${outcome.disableAfterMs}::float8 * interval '1 millisecond'
                           THEN false ELSE e.enabled END,
            disabled_reason = CASE WHEN NOT ${outcome.ok} AND e.enabled AND coalesce(e.failing_since, ${at}::timestamptz)
                             <= ${at}::timestamptz - ${outcome.disableAfterMs}::float8 * interval '1 millisecond'
                           THEN 'failing' ELSE e.disabled_reason END
          FROM (SELECT id, enabled AS was_enabled FROM webhook_endpoints WHERE id = ${outcome.endpointId} FOR UPDATE) old
          WHERE e.id = old.id
          RETURNING old.was_enabled AND NOT e.enabled AS disabled)
        SELECT coalesce((SELECT disabled FROM endpoint), false) AS disabled`,
  );
  return { disabled: row?.disabled ?? false };
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  type: string;
  resource: string;
  occurred_at: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  last_at: string | null;
  last_status: number | null;
  last_duration_ms: number | null;
  last_ok: boolean | null;
  last_response: string | null;
  last_error: string | null;
}

/** An endpoint's deliveries, newest first, a page at a time (`before` the last id of the previous page). */
export async function deliveriesOf(
  db: Db,
  {
    endpointId,
    status,
    before,
    limit,
  }: { endpointId: string; status?: string | undefined; before?: string | undefined; limit: number },
): Promise<DeliveryRow[]> {
  return sqlRows<DeliveryRow>(
    db,
    sql`SELECT d.id, d.event_id, ev.type, d.resource, ${iso(sql`ev.occurred_at`)} AS occurred_at, d.status, d.attempts,
          CASE WHEN d.status = 'pending' THEN ${iso(sql`d.next_attempt_at`)} END AS next_attempt_at,
          ${iso(sql`d.delivered_at`)} AS delivered_at, ${iso(sql`a.at`)} AS last_at, a.status AS last_status,
          a.duration_ms AS last_duration_ms, a.ok AS last_ok, a.response AS last_response, a.error AS last_error
        FROM webhook_deliveries d
        JOIN webhook_events ev ON ev.id = d.event_id
        LEFT JOIN LATERAL (SELECT * FROM webhook_attempts x WHERE x.delivery_id = d.id ORDER BY x.at DESC LIMIT 1) a ON true
        WHERE d.endpoint_id = ${endpointId}
          ${status ? sql`AND d.status = ${status}` : sql``}
          ${
            before
              ? sql`AND (d.created_at, d.event_seq, d.id) <
                    (SELECT created_at, event_seq, id FROM webhook_deliveries WHERE id = ${before} AND endpoint_id = ${endpointId})`
              : sql``
          }
        ORDER BY d.created_at DESC, d.event_seq DESC, d.id DESC LIMIT ${limit}`,
  );
}

export interface AttemptRow {
  at: string;
  status: number | null;
  duration_ms: number;
  ok: boolean;
  response: string;
  error: string | null;
}

/** Every attempt at one delivery of the endpoint, oldest first (none when it is not the endpoint's). */
export async function attemptsOf(db: Db, { endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  return sqlRows<AttemptRow>(
    db,
    sql`SELECT ${iso(sql`a.at`)} AS at, a.status, a.duration_ms, a.ok, a.response, a.error
        FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.id = ${deliveryId} AND d.endpoint_id = ${endpointId} ORDER BY a.at`,
  );
}

/**
 * Owes the endpoint its events again: one delivery's event, or every event of its types since a
 * moment. Each becomes a new pending delivery (the old ones stay in the log). Answers how many.
 */
export async function replay(
  db: Db,
  {
    endpointId,
    deliveryId,
    since,
    retryForMs,
    now,
  }: { endpointId: string; deliveryId?: string; since?: Date; retryForMs: number; now: Date },
): Promise<number> {
  const which = deliveryId
    ? sql`ev.id = (SELECT event_id FROM webhook_deliveries WHERE id = ${deliveryId} AND endpoint_id = ${endpointId})`
    : sql`ev.occurred_at >= ${since!.toISOString()}::timestamptz AND ev.type = ANY(ep.events)`;
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`WITH owed AS (
          INSERT INTO webhook_deliveries (id, project_id, endpoint_id, event_id, event_seq, resource, give_up_at)
          SELECT gen_random_uuid(), ev.project_id, ep.id, ev.id, ev.seq, ev.resource,
                 ${now.toISOString()}::timestamptz + ${retryForMs}::float8 * interval '1 millisecond'
          FROM webhook_endpoints ep JOIN webhook_events ev ON ev.project_id = ep.project_id
          WHERE ep.id = ${endpointId} AND ${which}
          ORDER BY ev.seq
          RETURNING id)
        SELECT id FROM owed`,
  );
  if (rows.length) await sqlRows(db, sql`SELECT pg_notify(${DELIVERY_CHANNEL}, ${endpointId})`);
  return rows.length;
}

/** Events nobody is owed any more, older than `before`: the outbox does not grow for ever. */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM webhook_events ev WHERE ev.occurred_at < ${before.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ev.id AND d.status = 'pending')
        RETURNING ev.id`,
  );
  return rows.length;
}

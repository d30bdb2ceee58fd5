import { z } from 'zod';

/**
 * Integrations (docs/integrations.md): the events a project's webhooks hear, the scopes of its
 * API keys, and the shapes both cross the network in. One catalogue, read by the server (what
 * it records and signs), the OpenAPI document (its `webhooks`) and the settings screen.
 */

/** What an API key may do, each a family of documented operations (docs/integrations.md, "API keys"). */
export const API_SCOPES = [
  'catalogue:read',
  'selections:read',
  'units:write',
  'leads:read',
  'leads:write',
  'payments:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Where a key may be spent a minute: a sync job's pace, not a flood. */
export const API_KEY_RATE = { limit: 600, windowSeconds: 60 } as const;
/** The prefix of every API key: a leaked one is recognisable (secret scanners read prefixes). */
export const API_KEY_PREFIX = 'dpk_';

/** The kinds of resource an event carries, each as the API answers it to the project's managers. */
export type EventResource = 'selection' | 'unit' | 'lead' | 'comment' | 'payment' | 'import' | 'endpoint';

interface EventDefinition {
  resource: EventResource;
  /** The schema version of the event's data: a change that could break a receiver is a new version. */
  version: number;
  summary: string;
}

/** Every event a project's endpoints may ask for, with the resource it carries. */
export const WEBHOOK_EVENTS = {
  'selection.submitted': { resource: 'selection', version: 1, summary: 'A selection was submitted for approval.' },
  'selection.signed': {
    resource: 'selection',
    version: 1,
    summary: 'A buyer signed the selection (one event per buyer where every buyer signs).',
  },
  'selection.approved': { resource: 'selection', version: 1, summary: 'The design centre approved a selection.' },
  'selection.returned': {
    resource: 'selection',
    version: 1,
    summary: 'The design centre returned a submitted selection to its buyers.',
  },
  'selection.reopened': {
    resource: 'selection',
    version: 1,
    summary: 'An approved selection was reopened as a change order.',
  },
  'unit.status_changed': { resource: 'unit', version: 1, summary: "A unit's status changed." },
  'unit.buyers_changed': { resource: 'unit', version: 1, summary: "A unit's buyers changed." },
  'lead.created': { resource: 'lead', version: 1, summary: 'A lead arrived (the inquiry form, a screen, the staff).' },
  'lead.assigned': { resource: 'lead', version: 1, summary: 'A lead was given to an agent (or taken back).' },
  'lead.status_changed': { resource: 'lead', version: 1, summary: "A lead's status changed." },
  'comment.created': {
    resource: 'comment',
    version: 1,
    summary: "A message was written on a selection's conversation (its text only where the endpoint asks for it).",
  },
  'payment.received': { resource: 'payment', version: 1, summary: 'A payment was recorded on a selection.' },
  'payment.refunded': { resource: 'payment', version: 1, summary: 'A refund was recorded on a selection.' },
  'payment.credited': { resource: 'payment', version: 1, summary: 'A credit was recorded on a selection.' },
  'import.applied': { resource: 'import', version: 1, summary: 'A CSV import was applied to the project.' },
} as const satisfies Record<string, EventDefinition>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** The event a "send a test event" button sends: to that endpoint only, whatever it subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Delivery (docs/integrations.md, "Delivery"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long an event is retried before its delivery is given up. */
export const WEBHOOK_RETRY_FOR_MS = 3 * 24 * 60 * 60_000;
/** An endpoint that has failed every attempt for this long is disabled and its managers mailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
/** How long the secret a rotation replaces still signs beside the new one. */
export const WEBHOOK_ROTATION_GRACE_MS = 24 * 60 * 60_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

/** The waits after each failed attempt, before jitter; the last repeats until WEBHOOK_RETRY_FOR_MS has passed. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  5 * 60 * 60_000,
  10 * 60 * 60_000,
] as const;

/**
 * The wait before the next attempt, after `failures` failed ones (1 or more): exponential
 * steps, each spread by ±20 % (`random` in [0, 1)) so that the receivers of one outage are not
 * all called again in the same second.
 */
export function webhookRetryDelay(failures: number, random: number): number {
  const step = WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(step * (0.8 + 0.4 * Math.min(Math.max(random, 0), 1)));
}

const httpsUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => URL.canParse(value), { message: 'Give the full address, such as https://erp.example.com/hooks.' });

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]))
  .min(1, { message: 'Choose at least one event.' })
  .max(WEBHOOK_EVENT_TYPES.length);

/** A new endpoint, as a manager describes it. */
export const webhookEndpointInputSchema = z
  .object({
    url: httpsUrl,
    description: z.string().trim().max(500).default(''),
    events: eventList,
    /** Whether comment.created carries the message's text (off: only who wrote, where and when). */
    includeCommentText: z.boolean().default(false),
  })
  .strict();
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

/** A change to an endpoint: any of its fields, and whether it is on. */
export const webhookEndpointPatchSchema = z
  .object({
    url: httpsUrl.optional(),
    description: z.string().trim().max(500).optional(),
    events: eventList.optional(),
    includeCommentText: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/** An endpoint as the settings screen and the API show it: never its secret. */
export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  includeCommentText: z.boolean(),
  enabled: z.boolean(),
  /** Why it was turned off, when the portal turned it off (`failing`), or null. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretHint: z.string(),
  /** Until when the secret a rotation replaced still signs, or null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  pending: z.number().int(),
  lastDelivery: z.object({ at: z.string(), ok: z.boolean(), status: z.number().nullable() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One attempt at a delivery, as the delivery log shows it. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  /** The receiver's first bytes, or what stopped the attempt (a timeout, a refused address). */
  response: z.string(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  type: z.string(),
  resource: z.string(),
  occurredAt: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastAttempt: webhookAttemptSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
  before: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** Replays: every event of the endpoint's types since a moment (at most WEBHOOK_RETRY_FOR_MS × 10 ago). */
export const webhookReplaySchema = z.object({ since: z.iso.datetime({ offset: true }) }).strict();

/** A new API key. */
export const apiKeyInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(API_SCOPES)).min(1, { message: 'Choose at least one scope.' }).max(API_SCOPES.length),
    /** When the key stops working; none is a key that works until revoked. */
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict();
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters, to recognise it (the rest was shown once). */
  hint: z.string(),
  scopes: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** What one event delivers (docs/integrations.md, "Events"): the same bytes to every try. */
export const webhookEnvelopeSchema = z.object({
  id: z.string().describe('The event id: also the webhook-id header, the same on every retry'),
  type: z.string(),
  version: z.number().int().describe("The version of the event's data schema"),
  timestamp: z.string().describe('When the change committed (ISO 8601, UTC)'),
  project: z.object({ id: z.string(), key: z.string() }),
  data: z.object({
    object: z.record(z.string(), z.unknown()).describe('The resource as the API answers it to a manager'),
    previous: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('The fields this event changed, as they were before'),
    signer: z
      .object({ id: z.string(), name: z.string(), signedAt: z.string() })
      .optional()
      .describe('selection.signed: who signed'),
  }),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/** The catalogue's collections: what `catalogue:read` reads. */
const CATALOGUE_COLLECTIONS = new Set(['rooms', 'categories', 'options', 'packages', 'plans']);
/** What `selections:read` reads: the units, their selections and the approved purchases. */
const SELECTION_COLLECTIONS = new Set(['units', 'carts', 'purchases']);

/**
 * The scope an API key needs for a call of the collection API (docs/integrations.md, "Scopes"):
 * reading the catalogue, the units and selections, or the leads; writing units, or leads. Any
 * other collection or write (comments, staff notes, the catalogue's edits) is no key's.
 */
export function apiScopeOfCollection(collection: string | undefined, method: string): ApiScope | null {
  if (!collection) return method === 'GET' ? 'catalogue:read' : null;
  const reading = method === 'GET' || method === 'HEAD';
  if (reading) {
    if (CATALOGUE_COLLECTIONS.has(collection)) return 'catalogue:read';
    if (SELECTION_COLLECTIONS.has(collection)) return 'selections:read';
    if (collection === 'leads') return 'leads:read';
    return null;
  }
  if (collection === 'units') return 'units:write';
  if (collection === 'leads' && method === 'PATCH') return 'leads:write';
  return null;
}

/** The scope an API key needs to download one of the CSV exports (`units.csv` is the units; the rest the catalogue). */
export const apiScopeOfExport = (file: string | undefined): ApiScope =>
  file === 'units.csv' ? 'selections:read' : 'catalogue:read';

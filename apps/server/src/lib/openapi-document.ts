import { z } from 'zod';
import { errorBodySchema, TEST_EVENT_TYPE, WEBHOOK_EVENTS, webhookEnvelopeSchema } from '@decor/core';

/**
 * What every route of the API may answer besides its own statuses, whoever handles it: the
 * plugins in front of every route refuse a malformed request (400), one too slow to arrive
 * (408), a body too large (413), an address too long (414), a body of a type no route takes
 * (415), and a fault of ours is a 500 (docs/api.md, "Errors"). Documented once here rather
 * than on each route, and always as the JSON error model.
 */
const COMMON_ANSWERS: Record<string, string> = {
  '400': 'The request is malformed: its address, query, headers or body (a JSON error naming what).',
  '408': 'The request took too long to arrive.',
  '413': 'The body is larger than this route takes.',
  '414': 'The address is too long.',
  '415': 'The body is of a type this route does not take.',
  '500': 'Something went wrong on our side (nothing of the cause is said).',
};

const errorJson = () => ({
  'application/json': { schema: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) },
});

type Responses = Record<string, { description?: string; content?: Record<string, unknown> }>;
interface Document {
  paths?: Record<string, Record<string, { responses?: Responses }>>;
  components?: Record<string, unknown>;
}

/**
 * Every webhook event (docs/integrations.md, "Events") as OpenAPI 3.1 describes webhooks: a
 * POST the portal makes to the builder's endpoint. The document is OpenAPI 3.0, which has no
 * `webhooks`; they are written under `x-webhooks` in the 3.1 shape (decision 065).
 */
function webhooksOf() {
  const envelope = z.toJSONSchema(webhookEnvelopeSchema, { target: 'openapi-3.0' });
  const events = [
    ...Object.entries(WEBHOOK_EVENTS),
    [TEST_EVENT_TYPE, { version: 1, summary: 'A test event sent from the endpoint’s page.' }] as const,
  ];
  return Object.fromEntries(
    events.map(([type, event]) => [
      type,
      {
        post: {
          summary: event.summary,
          description: `Data schema version ${event.version}. Signed with the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks).`,
          requestBody: { content: { 'application/json': { schema: envelope } } },
          responses: { '2XX': { description: 'Received: any 2xx within 10 s; anything else is retried.' } },
        },
      },
    ]),
  );
}

/** How a caller proves who it is: a person's session (cookie or bearer), or a project's API key with its scopes. */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey' as const, in: 'cookie', name: 'decor.session_token', description: 'A signed-in person.' },
  apiKey: {
    type: 'http' as const,
    scheme: 'bearer',
    description:
      "A project's API key (dpk_…), as `Authorization: Bearer`. It reaches only operations that list its scope under `apiKey`, on its own project's host.",
  },
};

/**
 * The OpenAPI document as served at /api/openapi.json: the routes' own (from their schemas),
 * completed with what the plugins answer on every route, and with no body documented for an
 * answer that never has one (204).
 */
export function completeDocument<T extends Document>(document: T): T {
  const completed = structuredClone(document);
  (completed as Record<string, unknown>)['x-webhooks'] = webhooksOf();
  const error = errorJson();
  for (const [path, operations] of Object.entries(completed.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      for (const [status, description] of Object.entries(COMMON_ANSWERS))
        responses[status] ??= { description, content: error };
      // A live stream (its schema says so) answers server-sent events, not JSON.
      for (const response of Object.values(responses)) {
        const json = response.content?.['application/json'] as { schema?: unknown } | undefined;
        if (json && (json.schema as { description?: string } | undefined)?.description === 'text/event-stream')
          response.content = {
            'text/event-stream': {
              schema: { type: 'string', description: 'Server-sent events, one `data:` line of JSON each' },
            },
          };
      }
      // 204 and 304 never carry a body, whatever a route's schema says for them.
      for (const status of ['204', '304']) {
        const response = responses[status];
        if (response)
          responses[status] = {
            description:
              !response.description || response.description === 'Default Response'
                ? status === '204'
                  ? 'Done; no body'
                  : 'Not modified'
                : response.description,
          };
      }
    }
  }
  return completed;
}

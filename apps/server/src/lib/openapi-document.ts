import { z } from 'zod';
import { errorBodySchema } from '@decor/core';

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
}

/**
 * The OpenAPI document as served at /api/openapi.json: the routes' own (from their schemas),
 * completed with what the plugins answer on every route, and with no body documented for an
 * answer that never has one (204).
 */
export function completeDocument<T extends Document>(document: T): T {
  const completed = structuredClone(document);
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

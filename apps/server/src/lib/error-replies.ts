import { errorBodySchema } from '@decor/core';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 423 | 429 | 503;

/**
 * The error answers a route may give, each the one JSON error model (docs/api.md, "Errors"), for
 * its schema's `response`: `{ 200: …, ...errorReplies(400, 401, 404) }`.
 */
export function errorReplies<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

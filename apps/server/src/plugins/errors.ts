import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DomainError,
  type ErrorBody,
  type ErrorCode,
  fail,
  type FieldIssue,
  issueList,
  type Language,
  type CoreKey,
  message,
  type MessageParams,
  type Say,
  zodFieldIssues,
} from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';

const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rule_broken: 422,
  locked: 423,
  rate_limited: 429,
  request_timeout: 408,
  unavailable: 503,
  email_not_verified: 403,
  terms_not_accepted: 403,
  internal: 500,
};

const CODE_OF_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(STATUS_OF)
    .filter(([code]) => code !== 'email_not_verified' && code !== 'terms_not_accepted')
    .map(([code, status]) => [status, code as ErrorCode]),
);

/** PostgreSQL error codes a bad request can cause; each becomes a plain 4xx, never SQL. */
const PG_ERRORS: Record<string, { code: ErrorCode; key: CoreKey }> = {
  '23505': { code: 'conflict', key: 'database.exists' },
  '23503': { code: 'conflict', key: 'database.referred' },
  '22P02': { code: 'bad_request', key: 'database.form' },
  '22001': { code: 'bad_request', key: 'database.too-long' },
  '22021': { code: 'bad_request', key: 'database.character' },
  '22P05': { code: 'bad_request', key: 'database.character' },
  '22003': { code: 'bad_request', key: 'database.range' },
  '40001': { code: 'conflict', key: 'database.retry' },
};

/** Unique indexes whose violation says something a person can act on (docs/data-model.md). */
const PG_CONSTRAINTS: Record<string, { code: ErrorCode; key: CoreKey; field?: string }> = {
  items_unit_name_idx: { code: 'conflict', key: 'unit.name-taken', field: 'name' },
};

/** The SQLSTATE and constraint of a database error, looking through the query builder's wrapper. */
function databaseError(error: unknown): { code: string; constraint: string | undefined } | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 3;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}

export interface ApiErrorReply {
  status: number;
  body: ErrorBody;
}

/** Maps anything thrown while handling a request to a status and a safe JSON body. */
export function toErrorReply(error: unknown): ApiErrorReply {
  const reply = (code: ErrorCode, message: string, details?: unknown): ApiErrorReply => ({
    status: STATUS_OF[code],
    body: { error: details === undefined ? { code, message } : { code, message, details } },
  });

  if (error instanceof DomainError) {
    const answer = reply(error.code, error.message, error.details);
    // The sentence's key and parameters let a client say it in the person's own language.
    if (error.key)
      answer.body.error = { ...answer.body.error, key: error.key, ...(error.params ? { params: error.params } : {}) };
    return answer;
  }
  /** The handler's own sentences come from the catalogue too. */
  const said = (code: ErrorCode, key: CoreKey, params?: MessageParams, details?: unknown) =>
    toErrorReply(fail(code, key, params, details));

  const fastifyError = error as FastifyError & { code?: string };
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issues: FieldIssue[] = zodFieldIssues(
      fastifyError.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        code: issue.keyword,
        message: issue.message ?? '',
        params: issue.params as Record<string, unknown>,
      })),
      fastifyError.validationContext ? [fastifyError.validationContext] : [],
    ).map((issue) => ({ ...issue, message: message(issue.key, issue.params) }));
    return said('bad_request', 'request.invalid', { issues: issueList(message, issues) }, { issues });
  }
  if (isResponseSerializationError(fastifyError)) return said('internal', 'server.fault');

  const database = databaseError(error);
  const known = database?.constraint ? PG_CONSTRAINTS[database.constraint] : undefined;
  if (known) return said(known.code, known.key, undefined, known.field ? { field: known.field } : undefined);
  const pgError = PG_ERRORS[database?.code ?? ''];
  if (pgError) return said(pgError.code, pgError.key);

  switch (fastifyError.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return said('payload_too_large', 'request.body-too-large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return said('unsupported_media_type', 'request.media-type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return said('bad_request', 'request.empty-json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return said('bad_request', 'request.body-not-json');
  }
  if (error instanceof SyntaxError) return said('bad_request', 'request.body-not-json');

  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { error: { code: CODE_OF_STATUS[status] ?? 'bad_request', message: fastifyError.message } },
    };
  }
  return said('internal', 'server.fault');
}

/**
 * The one error handler (docs/api.md): every error leaves as `{ error: { code, message,
 * details? } }`; 5xx messages are replaced and logged with the request, so no stack trace
 * or SQL ever reaches a client.
 */
export const errorsPlugin = fp(async function errors(
  app: FastifyInstance,
  { languageOf }: { languageOf?: (request: FastifyRequest) => Promise<Language> } = {},
) {
  app.setErrorHandler(async (error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorReply(error);
    // A sentence from the catalogue is said in the reader's language; its key and parameters stay for clients (docs/languages.md).
    if (body.error.key && languageOf) {
      const language = await languageOf(request).catch(() => 'en' as const);
      if (language !== 'en') sayIn(body.error, translatorFor(language));
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const retryAfter = (body.error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    if (status === 429 && retryAfter) reply.header('retry-after', String(retryAfter));
    else request.log.info({ code: body.error.code, status }, body.error.message);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
});

export { STATUS_OF };

/**
 * Says a refusal in the reader's language: its sentence, and each field issue it lists (the
 * issues' phrases are a parameter of the sentence, so they are said first).
 */
function sayIn(error: ErrorBody['error'], say: Say) {
  const issues = (error.details as { issues?: FieldIssue[] } | undefined)?.issues;
  let params = error.params as MessageParams | undefined;
  if (Array.isArray(issues) && issues.every((issue) => typeof issue.key === 'string')) {
    for (const issue of issues) issue.message = say(issue.key, issue.params);
    if (params && 'issues' in params) params = error.params = { ...params, issues: issueList(say, issues) };
  }
  // A nested sentence (why a bundle's file was refused) is said first, then the sentence that carries it.
  const reason = (error.details as { reason?: { key?: unknown; params?: MessageParams } } | undefined)?.reason;
  if (reason && typeof reason.key === 'string' && params && 'reason' in params)
    params = error.params = { ...params, reason: say(reason.key as CoreKey, reason.params) };
  error.message = say(error.key as CoreKey, params);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = {
    error: { code: 'not_found', message: `There is no ${request.method} ${request.url.split('?')[0]}.` },
  };
  return reply.status(404).type('application/json; charset=utf-8').send(body);
}

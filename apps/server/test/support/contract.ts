import zlib from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The API's contract (docs/api.md): every answer the server gives on a route of its OpenAPI
 * document has a documented status, a documented content type, and a JSON body that fits the
 * documented schema. `createTestApp` records every answer of every server test and checks
 * them all against the document when the file ends, so the whole suite is a test of it.
 */

type Operation = {
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
};
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface Answer {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  /** The bytes as sent (compressed when the answer says so). */
  body: Buffer;
}

/** An answer's body as text, undoing the compression it names. */
function textOf(answer: Answer): string {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** What the request guards (docs/architecture.md, "Bad input") answer before a route is chosen. */
const GUARD_REFUSALS = new Set([400, 413, 414, 415, 429]);

function isErrorBody(answer: Answer): boolean {
  try {
    const body = JSON.parse(textOf(answer)) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

export function contractOf(document: OpenApiDocument) {
  const routes = Object.keys(document.paths)
    .map((template) => ({
      template,
      // `{*}` is a catch-all (the identity provider's routes), any other `{name}` one segment.
      pattern: new RegExp(
        `^${template
          .split('{*}')
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+'))
          .join('.+')}$`,
      ),
      params: (template.match(/\{/g) ?? []).length,
    }))
    // A fixed path before one with parameters (/api/carts/mine before /api/carts/{id}).
    .sort((a, b) => a.params - b.params);
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (instance: Ajv) => void)(ajv);
  const compiled = new Map<object, ValidateFunction>();

  /** The documented operation of a request, or null when its path is none of the document's. */
  function operationOf(method: string, url: string): Operation | null {
    const path = url.split('?')[0]!;
    // The router ignores a trailing slash: `/api/access-codes/` is `/api/access-codes`.
    const spellings = [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];
    const route = routes.find(
      (r) =>
        spellings.some((spelling) => r.pattern.test(spelling)) && document.paths[r.template]![method.toLowerCase()],
    );
    return route ? document.paths[route.template]![method.toLowerCase()]! : null;
  }

  /** What does not conform in one answer, in words (null when it conforms or is no answer of a documented route). */
  function violationOf(answer: Answer): string | null {
    const method = answer.method.toUpperCase();
    const path = answer.url.split('?')[0]!;
    if (method === 'HEAD' || method === 'OPTIONS') return null;
    // The API is what lives under /api, but for the document itself, the reference's assets and routes only tests add.
    if (
      !path.startsWith('/api/') ||
      path === '/api/openapi.json' ||
      path.startsWith('/api/reference/') ||
      path.startsWith('/api/test/')
    )
      return null;
    const operation = operationOf(method, answer.url);
    const label = `${method} ${answer.url.split('?')[0]} → ${answer.statusCode}`;
    if (!operation) {
      // A path the document does not have: only "there is no such route", or a refusal of the
      // guards every request meets before routing (a NUL in the query, a body too large), answers there.
      return answer.statusCode === 404 || (GUARD_REFUSALS.has(answer.statusCode) && isErrorBody(answer))
        ? null
        : `${label}: not in the document`;
    }
    const documented =
      operation.responses[String(answer.statusCode)] ??
      operation.responses[`${String(answer.statusCode)[0]}XX`] ??
      operation.responses.default;
    if (!documented) return `${label}: this status is not documented`;
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const content = documented.content ?? {};
    if (answer.statusCode === 204 || answer.statusCode === 304)
      return Object.keys(content).length ? `${label}: documents a body for an answer without one` : null;
    // A redirect is read for where it points, not for its body.
    if (!type || (answer.statusCode >= 300 && answer.statusCode < 400)) return null;
    if (!(type in content) && !('*/*' in content))
      return `${label}: ${type} is not documented (${Object.keys(content).join(', ') || 'no content'})`;
    const schema = content[type]?.schema;
    if (type !== 'application/json' || !schema) return null;
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    let body: unknown;
    try {
      body = JSON.parse(textOf(answer));
    } catch {
      return `${label}: the body is not JSON`;
    }
    return validate(body) ? null : `${label}: ${ajv.errorsText(validate.errors)}`;
  }

  return { operationOf, violationOf };
}

import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { toFetchRequest } from './identity.routes.ts';

/**
 * Calls an identity-provider endpoint on behalf of this request (same host, cookies and
 * headers), so that links it mails point at the project's subdomain.
 */
export async function callProvider(
  auth: Auth,
  request: FastifyRequest,
  path: string,
  body?: unknown,
): Promise<Response> {
  const base = toFetchRequest(request);
  const headers = new Headers(base.headers);
  headers.set('content-type', 'application/json');
  return auth.handler(
    new Request(`${request.protocol}://${request.host}/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

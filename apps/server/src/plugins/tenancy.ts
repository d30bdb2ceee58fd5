import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isSlug, projectKeyFromHost } from '@decor/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** The project this request is for: the ProjectId header, else the host's subdomain. */
    projectKey: string | null;
  }
}

/** The header that carries the project key on every API call (SPEC.md §7). */
export const PROJECT_HEADER = 'projectid';

export function projectKeyOf(request: FastifyRequest, portalHost: string): string | null {
  const header = request.headers[PROJECT_HEADER];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (fromHeader) return isSlug(fromHeader) ? fromHeader : null;
  return projectKeyFromHost(request.headers.host ?? '', portalHost);
}

export const tenancyPlugin = fp(async function tenancy(app: FastifyInstance, { portalHost }: { portalHost: string }) {
  app.decorateRequest('projectKey', null);
  app.addHook('onRequest', async (request) => {
    request.projectKey = projectKeyOf(request, portalHost);
  });
});

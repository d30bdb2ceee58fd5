import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fail, isPortalHost, isSlug, projectKeyFromHost } from '@decor/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** The project this request is for: the ProjectId header, else the host's subdomain. */
    projectKey: string | null;
  }
  interface FastifyContextConfig {
    /** A probe or a scrape (modules/health): answered on any host, outside any project, and not counted in the metrics. */
    operations?: boolean;
  }
}

/** The header that carries the project key on every API call (docs/api.md). */
export const PROJECT_HEADER = 'projectid';

export function projectKeyOf(request: FastifyRequest, portalHost: string): string | null {
  const header = request.headers[PROJECT_HEADER];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (fromHeader) return isSlug(fromHeader) ? fromHeader : null;
  return projectKeyFromHost(request.headers.host ?? '', portalHost);
}

/**
 * Which project a request is for, after refusing any request whose host is not this
 * portal's (docs/security.md, "Hosts"): both the Host header and, behind TRUST_PROXY, the
 * forwarded host must be the portal host, one of its subdomains, or an IP address.
 */
export const tenancyPlugin = fp(async function tenancy(app: FastifyInstance, { portalHost }: { portalHost: string }) {
  app.decorateRequest('projectKey', null);
  app.addHook('onRequest', async (request) => {
    // Probes and scrapes come by any address (a container's own name, localhost).
    if (request.routeOptions.config?.operations) return;
    let effectiveHost: string | undefined;
    try {
      effectiveHost = request.host;
    } catch {
      effectiveHost = undefined;
    }
    if (!isPortalHost(request.headers.host, portalHost) || !isPortalHost(effectiveHost, portalHost)) {
      throw fail('bad_request', 'request.unknown-host', undefined, { reason: 'unknown_host' });
    }
    request.projectKey = projectKeyOf(request, portalHost);
  });
});

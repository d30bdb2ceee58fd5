import { projectUrl } from '@decor/core';
import type { Config } from '../config/env.ts';

/**
 * The address of a project's subdomain, for every link the server builds (mail, access
 * codes, share links): from PORTAL_HOST, PORTAL_URL and the project key, never from the
 * Host header of a request (docs/security.md, "Hosts").
 */
export function projectOrigin(config: Pick<Config, 'portalHost' | 'portalUrl'>, projectKey: string): string {
  return projectUrl({
    projectKey,
    portalHost: config.portalHost,
    protocol: config.portalUrl.protocol,
    port: config.portalUrl.port,
    path: '',
  }).replace(/\/$/, '');
}

/** The address of the bare portal host (no project), for links that belong to no project. */
export function portalOrigin(config: Pick<Config, 'portalHost' | 'portalUrl'>): string {
  const port = config.portalUrl.port ? `:${config.portalUrl.port}` : '';
  return `${config.portalUrl.protocol}//${config.portalHost}${port}`;
}

import { isSlug } from './slug.ts';

/** The host name without a port, lower-cased, without a trailing dot. */
export function hostname(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    return end === -1 ? name : name.slice(0, end + 1);
  }
  const colon = name.lastIndexOf(':');
  if (colon !== -1 && name.indexOf(':') === colon) name = name.slice(0, colon);
  return name.replace(/\.$/, '');
}

/** Whether a host is a bare IPv4 or IPv6 address. */
export function isIpHost(host: string): boolean {
  const name = hostname(host);
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.startsWith('[') || name.includes(':');
}

/**
 * The project key carried by a host (DESIGN.md §3): the DNS label directly in front of
 * the portal host. With a three-label portal host that is the fourth-last label, as
 * SPEC.md §4 says. Null when the host has no project label (the bare portal host, an
 * IP address, or a host outside the portal) or the label is not a valid key.
 */
export function projectKeyFromHost(host: string, portalHost: string): string | null {
  const name = hostname(host);
  const base = hostname(portalHost);
  if (!name || isIpHost(name) || name === base || !name.endsWith(`.${base}`)) return null;
  const labels = name.slice(0, -(base.length + 1)).split('.');
  const key = labels[labels.length - 1] ?? '';
  return isSlug(key) ? key : null;
}

export interface ProjectUrlInput {
  projectKey: string;
  portalHost: string;
  protocol?: string;
  port?: string | number | null;
  path?: string;
}

/** The absolute URL of a path on a project's subdomain. */
export function projectUrl({ projectKey, portalHost, protocol = 'https:', port, path = '/' }: ProjectUrlInput): string {
  const portPart = port ? `:${port}` : '';
  const suffix = path.startsWith('/') ? path : `/${path}`;
  return `${protocol}//${projectKey}.${hostname(portalHost)}${portPart}${suffix}`;
}

/**
 * Where `/p/{projectKey}/{rest}` sends the browser: the same rest of the path, query and
 * hash on the project's subdomain. Null when the path is not such a link.
 */
export function projectRedirectTarget(
  location: { pathname: string; search?: string; hash?: string; protocol?: string; port?: string },
  portalHost: string,
): string | null {
  const match = /^\/p\/([^/]+)(\/.*)?$/.exec(location.pathname);
  if (!match) return null;
  const projectKey = decodeURIComponent(match[1] ?? '').toLowerCase();
  if (!isSlug(projectKey)) return null;
  const rest = match[2] ?? '/';
  return projectUrl({
    projectKey,
    portalHost,
    protocol: location.protocol,
    port: location.port,
    path: `${rest}${location.search ?? ''}${location.hash ?? ''}`,
  });
}

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
 * The project key carried by a host (docs/product.md): the DNS label directly in front of
 * the portal host. With a three-label portal host that is the fourth-last label, as
 * docs/identity.md says. Null when the host has no project label (the bare portal host, an
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

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/;

/**
 * Whether a request's Host header names this portal (docs/security.md, "Hosts"): the portal
 * host, one of its subdomains, or a bare IP address or `localhost` (a health check, or an
 * admin with a fake subdomain), with at most a valid port. Anything else — another domain, user
 * credentials, a bad port, stray characters — is refused before any route runs, so no
 * link, cookie or redirect is ever built from a host that is not ours.
 */
export function isPortalHost(host: string | undefined, portalHost: string): boolean {
  if (!host || host.length > 300) return false;
  const value = host.toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535 || port.startsWith('0'))) return false;
  if (IPV4.test(name) || IPV6.test(name) || name === 'localhost') return true;
  const base = hostname(portalHost);
  const bare = name.replace(/\.$/, '');
  if (bare !== base && !bare.endsWith(`.${base}`)) return false;
  return bare.split('.').every((label) => DNS_LABEL.test(label));
}

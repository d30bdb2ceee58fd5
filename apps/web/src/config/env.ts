import { isIpHost, isSlug, projectKeyFromHost } from '@decor/core';

const FAKE_SUBDOMAIN_KEY = 'decor.fakeSubdomain';

/** The portal's base host: written into index.html by the server; `localhost` in dev. */
export function portalHost(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-host"]');
  return meta?.content || 'localhost';
}

/** Whether this page is on a host with no project label (bare portal host or an IP). */
export function isBareHost(): boolean {
  return projectKeyFromHost(window.location.host, portalHost()) === null || isIpHost(window.location.host);
}

/**
 * The project of this page: the subdomain, or on a bare host the "fake subdomain" an
 * admin picked (remembered in localStorage). Null when there is none.
 */
export function currentProjectKey(): string | null {
  const fromHost = projectKeyFromHost(window.location.host, portalHost());
  if (fromHost) return fromHost;
  const fake = readFakeSubdomain();
  return fake && isSlug(fake) ? fake : null;
}

export function readFakeSubdomain(): string | null {
  try {
    return window.localStorage.getItem(FAKE_SUBDOMAIN_KEY);
  } catch {
    return null;
  }
}

export function writeFakeSubdomain(key: string | null): void {
  if (key) window.localStorage.setItem(FAKE_SUBDOMAIN_KEY, key);
  else window.localStorage.removeItem(FAKE_SUBDOMAIN_KEY);
}

import { queryOptions } from '@tanstack/react-query';
import { AUTH_READY_WAIT_MS, type MeResponse, type Viewer } from '@decor/core';
import { api, ApiError } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { managedProjectKeys, myProjectsQuery } from './my-projects.ts';

/** The signed-in person (the contract of GET /api/me). */
export type Me = MeResponse;

/** The signed-in user, or null for a visitor (GET /api/me answers 401). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    try {
      return await api<Me>('/api/me', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/**
 * The server writes into a page who it was served to (docs/architecture.md, "White label"):
 * a visitor (the app starts signed out without asking GET /api/me) or the signed-in person as
 * GET /api/me answers (the app draws its first screen without asking). Seeded once, so a
 * sign-in's reset of every query asks the server again.
 */
export function viewerInPage(): { me: Me | null } | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('viewer-data')?.textContent;
  if (!text) return undefined;
  try {
    const viewer = JSON.parse(text) as { signedIn?: unknown; me?: Me };
    if (viewer.signedIn === false) return { me: null };
    if (viewer.signedIn === true && viewer.me && typeof viewer.me._id === 'string') return { me: viewer.me };
  } catch {
    // not the server's: ask
  }
  return undefined;
}

const seeded = viewerInPage();
if (seeded) queryClient.setQueryData(meQuery.queryKey, seeded.me);

export function viewerOf(me: Me | null | undefined): Viewer {
  return me ? { status: 'signed-in', isAdmin: me.isAdmin } : { status: 'visitor' };
}

/**
 * Waits for auth to be ready, up to AUTH_READY_WAIT_MS (docs/api.md); when it is not
 * ready by then, or fails, the person is treated as a visitor.
 */
export async function waitForViewer({
  timeoutMs = AUTH_READY_WAIT_MS,
  withManagedProjects = false,
} = {}): Promise<Viewer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const me = await Promise.race([queryClient.ensureQueryData(meQuery).catch(() => null), timeout]);
    const viewer = viewerOf(me);
    if (!withManagedProjects || viewer.status !== 'signed-in' || viewer.isAdmin) return viewer;
    // Manager routes also need the projects this person manages (for display: the server decides).
    const projects = await queryClient.ensureQueryData(myProjectsQuery).catch(() => []);
    return { ...viewer, managedProjects: managedProjectKeys(projects) };
  } finally {
    clearTimeout(timer);
  }
}

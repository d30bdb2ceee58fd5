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
 * The server marks a page served to a visitor (no session cookie): the app starts signed out
 * without asking GET /api/me (docs/architecture.md, "White label"). Seeded once, so a sign-in's
 * reset of every query asks the server again.
 */
function isVisitorPage(): boolean {
  const text = typeof document === 'undefined' ? null : document.getElementById('viewer-data')?.textContent;
  if (!text) return false;
  try {
    return (JSON.parse(text) as { signedIn?: unknown }).signedIn === false;
  } catch {
    return false;
  }
}

if (isVisitorPage()) queryClient.setQueryData(meQuery.queryKey, null);

export function viewerOf(me: Me | null | undefined): Viewer {
  return me ? { status: 'signed-in', isAdmin: me.isAdmin } : { status: 'visitor' };
}

/**
 * Waits for auth to be ready, up to AUTH_READY_WAIT_MS (docs/api.md); when it is not
 * ready by then, or fails, the person is treated as a visitor.
 */
export async function waitForViewer({ timeoutMs = AUTH_READY_WAIT_MS, withManagedProjects = false } = {}): Promise<Viewer> {
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

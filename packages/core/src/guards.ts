/** The flags every route carries (docs/screens.md). */
export interface RouteFlags {
  requiresAuth?: boolean;
  requiresAdmin?: boolean;
  requiresProject?: boolean;
  /** Managers of the current project (and admins) only: the /manage back office. */
  requiresManager?: boolean;
  /** Skips every guard (the /embed route). */
  bypassGuards?: boolean;
}

export type Viewer =
  | { status: 'visitor' }
  | {
      status: 'signed-in';
      isAdmin: boolean;
      /** The keys of the projects this person manages (asked only by routes that need it). */
      managedProjects?: readonly string[];
    };

export interface GuardInput {
  flags: RouteFlags;
  viewer: Viewer;
  /** The project key of the current host, or the admin's fake subdomain. */
  projectKey: string | null;
  /** The original full path (path, query and hash) the person asked for. */
  originalPath: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/sign-in'; next?: string }
  | { kind: 'redirect'; to: '/account' }
  | { kind: 'redirect'; to: '/' };

/**
 * The guard rules of docs/screens.md, as one pure decision:
 * - routes that bypass guards are always allowed;
 * - auth-required routes send visitors to /sign-in with `next` set to the original path;
 * - admin-required routes send non-admins to /sign-in;
 * - a signed-in user with no project subdomain on a project route is sent to /account;
 * - a signed-in person who does not manage this project (nor is an admin) is sent from a
 *   manager route to their own home, `/`.
 * The caller waits up to AUTH_READY_WAIT_MS for auth before deciding.
 */
export function decideGuard({ flags, viewer, projectKey, originalPath }: GuardInput): GuardDecision {
  if (flags.bypassGuards) return { kind: 'allow' };
  const needsAuth = flags.requiresAuth || flags.requiresAdmin;
  if (needsAuth && viewer.status !== 'signed-in') {
    return { kind: 'redirect', to: '/sign-in', next: originalPath };
  }
  if (flags.requiresAdmin && !(viewer.status === 'signed-in' && viewer.isAdmin)) {
    return { kind: 'redirect', to: '/sign-in' };
  }
  if (flags.requiresProject && viewer.status === 'signed-in' && !projectKey) {
    return { kind: 'redirect', to: '/account' };
  }
  if (flags.requiresManager) {
    if (viewer.status !== 'signed-in') return { kind: 'redirect', to: '/sign-in', next: originalPath };
    const manages = viewer.isAdmin || (projectKey !== null && (viewer.managedProjects ?? []).includes(projectKey));
    if (!manages) return { kind: 'redirect', to: '/' };
  }
  return { kind: 'allow' };
}

/**
 * A `next` target is honoured only when it is a path on this portal: it starts with one
 * slash, not two, and has no scheme or backslash tricks. Anything else becomes "/".
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return '/';
  if ([...next].some((char) => char === '\\' || char.charCodeAt(0) < 0x20)) return '/';
  return next;
}

/** Whether going from one path to another goes deeper (for page transitions). */
export function transitionDirection(fromPath: string, toPath: string): 'up' | 'down' {
  const depth = (path: string) => path.split('?')[0]!.split('/').filter(Boolean).length;
  return depth(toPath) > depth(fromPath) ? 'up' : 'down';
}

import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideGuard, type RouteFlags } from '@decor/core';
import { currentProjectKey } from '../config/env.ts';
import { waitForViewer } from './session.ts';

export type LayoutName = 'admin' | 'default' | 'fullpage' | 'manager' | 'no-auth' | 'user' | 'none';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route flags of docs/screens.md, for display; the guard below enforces them. */
    flags?: RouteFlags;
    layout?: LayoutName;
  }
}

/**
 * A route's `beforeLoad`: applies docs/screens.md's guards through the shared pure decision.
 * These guards only decide what to show; the server enforces access on every call.
 */
export function guard(flags: RouteFlags) {
  return async ({ location }: { location: ParsedLocation }) => {
    if (flags.bypassGuards) return;
    const viewer = await waitForViewer({ withManagedProjects: flags.requiresManager === true });
    const decision = decideGuard({ flags, viewer, projectKey: currentProjectKey(), originalPath: location.href });
    if (decision.kind === 'allow') return;
    if (decision.to === '/sign-in') {
      throw redirect({ to: '/sign-in', search: decision.next ? { next: decision.next } : {}, replace: true });
    }
    throw redirect({ to: decision.to, replace: true });
  };
}

/**
 * The guard of a layout route: applies the flags of the page being opened (the deepest
 * match of the whole path that declares them in its `staticData`), so each page states its
 * flags once and no page repeats the guard. A route that only partly matches the path (the
 * router keeps it to show its not-found page) is not the page: `/configure/extra` is simply
 * not found. An area with pages under it (`/manage`) guards its own subtree.
 */
export function guardFromMatches(options: { location: ParsedLocation }): Promise<void> {
  // The matches are read without their router type, which names every route (this one too)
  // and would make each layout's type depend on itself.
  const { location, matches } = options as typeof options & {
    matches: ReadonlyArray<{ pathname: string; staticData?: { flags?: RouteFlags } }>;
  };
  const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';
  const page = [...matches]
    .reverse()
    .find((match) => match.staticData?.flags && trimmed(match.pathname) === trimmed(location.pathname));
  return guard(page?.staticData?.flags ?? {})({ location });
}

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

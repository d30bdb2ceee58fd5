import { describe, expect, it } from 'vitest';
import { createRouter } from '@tanstack/react-router';
import { APP_ROUTES, decideGuard, type GuardDecision, type RouteFlags, type Viewer } from '@decor/core';
import { routeTree } from './routeTree.gen.ts';

/**
 * The guard matrix as a table (docs/screens.md, "Guards"): every page of the router, each kind
 * of person, on a project's host and on the bare portal host. What each page is, and what each
 * person meets there, is written here from the screens' rules, not read from the routes; the
 * browser journeys (e2e/guards.test.ts) keep only the wiring: that a page's guard runs and
 * redirects as decided.
 */
type Kind = 'public' | 'embed' | 'signed-in' | 'buyer' | 'manager' | 'admin';

const KIND: Record<(typeof APP_ROUTES)[number], Kind> = {
  '/': 'buyer',
  '/400': 'public',
  '/account': 'signed-in',
  '/admin': 'admin',
  '/admin/api': 'admin',
  '/admin/configs/{-$projectId}': 'admin',
  '/admin/data': 'admin',
  '/admin/deploys': 'admin',
  '/admin/features': 'admin',
  '/admin/instances/{-$id}': 'admin',
  '/admin/minimaps': 'admin',
  '/admin/model-builder': 'admin',
  '/admin/new': 'admin',
  '/admin/pen-stream': 'admin',
  '/admin/pool': 'admin',
  '/admin/projects': 'admin',
  '/admin/purchases': 'admin',
  '/admin/sessions': 'admin',
  '/admin/users': 'admin',
  '/appointments': 'buyer',
  '/config/{-$cartId}': 'buyer',
  '/configure': 'buyer',
  '/controller/{-$id}': 'public',
  '/embed': 'embed',
  '/explore': 'buyer',
  '/go/$code': 'public',
  '/home': 'buyer',
  '/inquire/{-$code}': 'public',
  '/link/$code': 'public',
  '/manage': 'manager',
  '/manage/access-links': 'manager',
  '/manage/carts/{-$id}': 'manager',
  '/manage/imported': 'manager',
  '/manage/leads/{-$id}': 'manager',
  '/manage/models/{-$collection}/{-$id}': 'manager',
  '/manage/payments': 'manager',
  '/manage/appointments': 'manager',
  '/manage/reports': 'manager',
  '/manage/integrations': 'manager',
  '/manage/runtime': 'manager',
  '/manage/settings': 'manager',
  '/manage/unit-avail': 'manager',
  '/my-account': 'public',
  '/p/$projectKey/$': 'public',
  '/preview': 'public',
  '/sign-in': 'public',
  '/test/gamelift': 'public',
  '/test/playcanv': 'public',
  '/tour': 'buyer',
  '/v': 'public',
};

const PEOPLE: Record<string, Viewer> = {
  visitor: { status: 'visitor' },
  buyer: { status: 'signed-in', isAdmin: false, managedProjects: [] },
  "demo's manager": { status: 'signed-in', isAdmin: false, managedProjects: ['demo'] },
  "harbour's manager": { status: 'signed-in', isAdmin: false, managedProjects: ['harbour'] },
  admin: { status: 'signed-in', isAdmin: true, managedProjects: [] },
};

const ORIGINAL = '/somewhere?room=kitchen#top';
const allow: GuardDecision = { kind: 'allow' };
const signInBack: GuardDecision = { kind: 'redirect', to: '/sign-in', next: ORIGINAL };

/** What each person meets on a page of each kind, on demo's host and on the bare portal host. */
function expected(kind: Kind, person: string, host: 'demo' | null): GuardDecision {
  const isVisitor = person === 'visitor';
  switch (kind) {
    case 'public':
    case 'embed':
      return allow;
    case 'signed-in':
      return isVisitor ? signInBack : allow;
    case 'buyer':
      if (isVisitor) return signInBack;
      return host ? allow : { kind: 'redirect', to: '/account' };
    case 'manager':
      if (isVisitor) return signInBack;
      if (!host) return { kind: 'redirect', to: '/account' };
      return person === "demo's manager" || person === 'admin' ? allow : { kind: 'redirect', to: '/' };
    case 'admin':
      if (isVisitor) return signInBack;
      return person === 'admin' ? allow : { kind: 'redirect', to: '/sign-in' };
  }
}

/** Each page's flags as its route declares them (the page's own route, or its index). */
function routeFlags(): Map<string, RouteFlags> {
  const router = createRouter({ routeTree });
  const flags = new Map<string, RouteFlags>();
  for (const route of Object.values(router.routesByPath)) {
    const declared = (route.options as { staticData?: { flags?: RouteFlags } }).staticData?.flags;
    if (declared) flags.set(route.fullPath.replace(/(.)\/$/, '$1'), declared);
  }
  return flags;
}

describe('the guards of every page (docs/screens.md, "Guards")', () => {
  const flags = routeFlags();

  it('every page of the router declares its flags', () => {
    expect(APP_ROUTES.filter((path) => !flags.has(path))).toEqual([]);
  });

  for (const path of APP_ROUTES) {
    it(`${path} (${KIND[path]} page)`, () => {
      const table: string[] = [];
      for (const [person, viewer] of Object.entries(PEOPLE)) {
        for (const host of ['demo', null] as const) {
          const decision = decideGuard({ flags: flags.get(path)!, viewer, projectKey: host, originalPath: ORIGINAL });
          const wanted = expected(KIND[path], person, host);
          if (JSON.stringify(decision) !== JSON.stringify(wanted)) {
            table.push(
              `${person} on ${host ?? 'the portal host'}: ${JSON.stringify(decision)}, not ${JSON.stringify(wanted)}`,
            );
          }
        }
      }
      expect(table).toEqual([]);
    });
  }
});

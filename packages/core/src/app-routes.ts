/**
 * The pages of the web app, as its router names them (TanStack's syntax: `$id` one segment,
 * `{-$id}` an optional one, a final `$` the rest). The server knows from this list which
 * paths are the app's own (the visits beacon records nothing else); a test of the web app
 * checks it against the router, so the two cannot drift.
 */
export const APP_ROUTES = [
  '/',
  '/400',
  '/account',
  '/admin',
  '/admin/api',
  '/admin/configs/{-$projectId}',
  '/admin/data',
  '/admin/deploys',
  '/admin/features',
  '/admin/instances/{-$id}',
  '/admin/minimaps',
  '/admin/model-builder',
  '/admin/new',
  '/admin/pen-stream',
  '/admin/pool',
  '/admin/projects',
  '/admin/purchases',
  '/admin/sessions',
  '/admin/users',
  '/appointments',
  '/config/{-$cartId}',
  '/configure',
  '/controller/{-$id}',
  '/embed',
  '/explore',
  '/go/$code',
  '/home',
  '/inquire/{-$code}',
  '/link/$code',
  '/manage',
  '/manage/access-links',
  '/manage/appointments',
  '/manage/carts/{-$id}',
  '/manage/imported',
  '/manage/integrations',
  '/manage/leads/{-$id}',
  '/manage/models/{-$collection}/{-$id}',
  '/manage/payments',
  '/manage/reports',
  '/manage/runtime',
  '/manage/settings',
  '/manage/unit-avail',
  '/my-account',
  '/p/$projectKey/$',
  '/preview',
  '/sign-in',
  '/test/gamelift',
  '/test/playcanv',
  '/tour',
  '/v',
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

const SEGMENT = '[^/?#]+';

function patternOf(route: string): RegExp {
  let source = '';
  for (const part of route.split('/').filter(Boolean)) {
    if (part === '$') source += '(?:/.*)?';
    else if (/^\{-\$\w+\}$/.test(part)) source += `(?:/${SEGMENT})?`;
    else if (/^\$\w+$/.test(part)) source += `/${SEGMENT}`;
    else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || ''}/?$`);
}

const PATTERNS = APP_ROUTES.map(patternOf);
/** The route of the app that answers a path (query and hash aside), or null when none does. No path matches two. */
export function appRouteOf(path: string): AppRoute | null {
  const bare = path.split(/[?#]/)[0]!;
  if (!bare.startsWith('/') || bare.startsWith('//') || bare.length > 300) return null;
  const found = PATTERNS.findIndex((pattern) => pattern.test(bare));
  return found < 0 ? null : APP_ROUTES[found]!;
}

/** Whether a path (query and hash aside) is a page of the app. */
export function isAppPath(path: string): boolean {
  return appRouteOf(path) !== null;
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideGuard, safeNextPath, transitionDirection, type RouteFlags, type Viewer } from './guards.ts';

const visitor: Viewer = { status: 'visitor' };
const buyer: Viewer = { status: 'signed-in', isAdmin: false };
const admin: Viewer = { status: 'signed-in', isAdmin: true };

const decide = (flags: RouteFlags, viewer: Viewer, projectKey: string | null = 'demo') =>
  decideGuard({ flags, viewer, projectKey, originalPath: '/configure?room=kitchen#top' });

describe('decideGuard', () => {
  it('sends visitors on auth routes to sign-in with the original path', () => {
    expect(decide({ requiresAuth: true }, visitor)).toEqual({
      kind: 'redirect',
      to: '/sign-in',
      next: '/configure?room=kitchen#top',
    });
  });

  it('sends non-admins on admin routes to sign-in', () => {
    expect(decide({ requiresAuth: true, requiresAdmin: true }, buyer)).toEqual({ kind: 'redirect', to: '/sign-in' });
    expect(decide({ requiresAuth: true, requiresAdmin: true }, admin)).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user without a project subdomain to /account', () => {
    expect(decide({ requiresAuth: true, requiresProject: true }, buyer, null)).toEqual({
      kind: 'redirect',
      to: '/account',
    });
    expect(decide({ requiresAuth: true, requiresProject: true }, buyer, 'demo')).toEqual({ kind: 'allow' });
  });

  it('lets only managers of this project, and admins, onto manager routes', () => {
    const flags = { requiresAuth: true, requiresProject: true, requiresManager: true };
    const manager: Viewer = { status: 'signed-in', isAdmin: false, managedProjects: ['demo'] };
    expect(decide(flags, manager, 'demo')).toEqual({ kind: 'allow' });
    expect(decide(flags, admin, 'demo')).toEqual({ kind: 'allow' });
    expect(decide(flags, buyer, 'demo')).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(flags, manager, 'harbour')).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(flags, visitor, 'demo')).toMatchObject({ kind: 'redirect', to: '/sign-in' });
  });

  it('never lets someone who manages nothing here onto a manager route (property)', () => {
    const managed = fc.array(fc.constantFrom('demo', 'harbour', 'acme'), { maxLength: 3 });
    fc.assert(
      fc.property(managed, fc.constantFrom('demo', 'harbour', 'acme'), fc.boolean(), (keys, key, requiresAuth) => {
        const viewer: Viewer = { status: 'signed-in', isAdmin: false, managedProjects: keys };
        const decision = decide({ requiresAuth, requiresProject: true, requiresManager: true }, viewer, key);
        return keys.includes(key) ? decision.kind === 'allow' : decision.kind === 'redirect';
      }),
    );
  });

  it('lets everyone onto public routes', () => {
    expect(decide({}, visitor, null)).toEqual({ kind: 'allow' });
  });

  it('lets a route that bypasses guards through whatever the flags (property)', () => {
    const flags = fc.record({ requiresAuth: fc.boolean(), requiresAdmin: fc.boolean(), requiresProject: fc.boolean() });
    const viewer = fc.constantFrom<Viewer>(visitor, buyer, admin);
    fc.assert(
      fc.property(flags, viewer, fc.option(fc.constant('demo'), { nil: null }), (f, v, key) => {
        expect(decide({ ...f, bypassGuards: true }, v, key)).toEqual({ kind: 'allow' });
      }),
    );
  });

  it('never lets a visitor onto a route that needs auth or admin (property)', () => {
    const flags = fc
      .record({ requiresAuth: fc.boolean(), requiresAdmin: fc.boolean(), requiresProject: fc.boolean() })
      .filter((f) => f.requiresAuth || f.requiresAdmin);
    fc.assert(
      fc.property(flags, (f) => {
        expect(decide(f, visitor).kind).toBe('redirect');
      }),
    );
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/configure?room=2#a', '/configure?room=2#a'],
    ['//evil.com', '/'],
    ['https://evil.com', '/'],
    ['/\\evil.com', '/'],
    ['javascript:alert(1)', '/'],
    [undefined, '/'],
  ])('turns %j into %j', (input, expected) => expect(safeNextPath(input)).toBe(expected));
});

describe('transitionDirection', () => {
  it('slides up going deeper, down otherwise', () => {
    expect(transitionDirection('/manage', '/manage/carts')).toBe('up');
    expect(transitionDirection('/manage/carts', '/manage')).toBe('down');
    expect(transitionDirection('/manage/carts', '/manage/settings')).toBe('down');
  });
});

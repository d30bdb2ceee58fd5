import { describe, expect, it } from 'vitest';
import { can, canManageProject, standingOf, type CollectionAccess, type Standing } from './access.ts';

const visitor: Standing = { kind: 'visitor' };
const outsider: Standing = { kind: 'outsider', userId: 'u1' };
const purchaser: Standing = { kind: 'purchaser', userId: 'u1' };
const manager: Standing = { kind: 'manager', userId: 'u1' };
const admin: Standing = { kind: 'admin', userId: 'u1' };

const catalogue: CollectionAccess = { read: 'public', write: 'managers' };
const carts: CollectionAccess = { read: 'own', write: 'owners' };
const purchases: CollectionAccess = { read: 'own', write: 'nobody' };

describe('standingOf', () => {
  it('puts an admin above every project role, and a person without a role outside', () => {
    expect(standingOf(null, 'manager')).toEqual(visitor);
    expect(standingOf({ userId: 'u1', isAdmin: true }, 'purchaser')).toEqual(admin);
    expect(standingOf({ userId: 'u1', isAdmin: false }, 'admin')).toEqual(admin);
    expect(standingOf({ userId: 'u1', isAdmin: false }, 'manager')).toEqual(manager);
    expect(standingOf({ userId: 'u1', isAdmin: false }, 'purchaser')).toEqual(purchaser);
    expect(standingOf({ userId: 'u1', isAdmin: false }, null)).toEqual(outsider);
  });
});

describe('can', () => {
  it.each([
    // standing, action, collection, answer
    [visitor, 'read', catalogue, 'any'],
    [visitor, 'read', carts, false],
    [outsider, 'read', catalogue, false],
    [purchaser, 'read', catalogue, 'any'],
    [purchaser, 'read', carts, 'own'],
    [manager, 'read', carts, 'any'],
    [admin, 'read', purchases, 'any'],
    [visitor, 'update', catalogue, false],
    [purchaser, 'update', catalogue, false],
    [purchaser, 'update', carts, 'own'],
    [purchaser, 'create', carts, false],
    [purchaser, 'delete', carts, false],
    [manager, 'create', catalogue, 'any'],
    [manager, 'delete', carts, 'any'],
    [manager, 'update', purchases, false],
    [admin, 'create', purchases, false],
  ] as const)('%o may %s %o: %s', (standing, action, collection, answer) => {
    expect(can(standing, action, collection)).toBe(answer);
  });

  it('lets only managers and admins run the back office', () => {
    expect([visitor, outsider, purchaser, manager, admin].map((s) => can(s, 'manage'))).toEqual([
      false,
      false,
      false,
      'any',
      'any',
    ]);
    expect(canManageProject({ isAdmin: false, role: 'purchaser' })).toBe(false);
    expect(canManageProject({ isAdmin: false, role: 'manager' })).toBe(true);
    expect(canManageProject({ isAdmin: true, role: null })).toBe(true);
  });
});

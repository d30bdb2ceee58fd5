import { v7 as uuidv7 } from 'uuid';
import { buyerEditRefusal, DomainError, MAX_CART_VERSIONS, notFound, type CartStatus, type Selection } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/scope.ts';
import type { HookRegistry } from '../decor/collection-hooks.ts';
import { updateItem, withWrites } from '../decor/items.write.ts';
import { cartScope } from './carts.operations.ts';

/**
 * Saved alternatives of a cart (docs/selection-rules.md "Cart versions"): the buyer saves the current
 * choices under a name, switches the cart to a saved one, or forgets one. Each is one
 * version bump with one audit entry; switching needs the version the buyer saw, so that a
 * change made meanwhile in another tab is never silently replaced.
 */

interface Alternative {
  id: string;
  name: string;
  savedAt: string;
  by: string;
  selections: Selection[];
  package: string | null;
  total: number;
}

type CartData = Record<string, unknown> & { selections: Selection[]; package?: string | null; total: number; versions?: Alternative[] };

interface AlternativeInput {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  cartId: string;
  now?: Date;
}

/** Changes one open draft through the engine: the rules are checked and the total is today's whenever the choices move. */
async function changeCart({ db, hooks, scope, cartId, now = new Date() }: AlternativeInput, change: (cart: CartData, version: number, actorId: string) => Promise<CartData>) {
  const { project, plan, actor } = await cartScope(db, scope);
  return withWrites(db, { project, actorId: actor!.userId, origin: 'server', hooks, now }, (writer) =>
    updateItem(
      writer,
      'carts',
      cartId,
      async (current) => {
        const refusal = buyerEditRefusal(current.data as { status: CartStatus; deadline: string | null }, now);
        if (refusal) throw new DomainError('locked', refusal);
        return change(current.data as CartData, current.version, writer.actorId);
      },
      { where: plan.where, missingMessage: 'There is no such selection.' },
    ),
  );
}

export function saveAlternative(input: AlternativeInput & { name: string }) {
  const now = input.now ?? new Date();
  return changeCart(input, async (cart, _version, actorId) => {
    const versions = cart.versions ?? [];
    const name = input.name.trim();
    if (versions.length >= MAX_CART_VERSIONS) {
      throw new DomainError('conflict', `You can keep up to ${MAX_CART_VERSIONS} alternatives: delete one first.`);
    }
    if (versions.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
      throw new DomainError('conflict', `You already have an alternative called “${name}”.`, { field: 'name' });
    }
    const saved: Alternative = {
      id: uuidv7(),
      name,
      savedAt: now.toISOString(),
      by: actorId,
      selections: cart.selections,
      package: cart.package ?? null,
      total: cart.total,
    };
    return { ...cart, versions: [...versions, saved] };
  });
}

/** Makes a saved alternative the cart's current choices (rules checked, total at today's prices). */
export function restoreAlternative(input: AlternativeInput & { alternativeId: string; expectedVersion: number }) {
  return changeCart(input, async (cart, version) => {
    if (version !== input.expectedVersion) {
      throw new DomainError('conflict', 'Your selection changed since you opened it (perhaps in another window). Look at it again before switching.');
    }
    const saved = (cart.versions ?? []).find((v) => v.id === input.alternativeId);
    if (!saved) throw notFound('There is no such alternative.');
    return { ...cart, selections: saved.selections, package: saved.package };
  });
}

export function deleteAlternative(input: AlternativeInput & { alternativeId: string }) {
  return changeCart(input, async (cart) => {
    const versions = cart.versions ?? [];
    if (!versions.some((v) => v.id === input.alternativeId)) throw notFound('There is no such alternative.');
    return { ...cart, versions: versions.filter((v) => v.id !== input.alternativeId) };
  });
}

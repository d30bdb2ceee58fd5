import { v7 as uuidv7 } from 'uuid';
import { buyerEditRefusal, type CartStatus, fail, hasFeature, MAX_CART_VERSIONS, type Selection } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import type { HookRegistry } from '../decor/index.ts';
import { updateItem, withWrites } from '../decor/index.ts';
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
async function changeCart(
  { db, hooks, scope, cartId, now = new Date() }: AlternativeInput,
  change: (cart: CartData, version: number, actorId: string, project: { features: Record<string, boolean> }) => Promise<CartData>,
) {
  const { project, plan, actor } = await cartScope(db, scope);
  return withWrites(db, { project, actorId: actor!.userId, origin: 'server', hooks, now }, (writer) =>
    updateItem(
      writer,
      'carts',
      cartId,
      async (current) => {
        const refusal = buyerEditRefusal(current.data as { status: CartStatus; deadline: string | null }, now);
        if (refusal) throw fail('locked', refusal);
        return change(current.data as CartData, current.version, writer.actorId, project);
      },
      { where: plan.where, missingMessage: 'cart.no-such' },
    ),
  );
}

export function saveAlternative(input: AlternativeInput & { name: string }) {
  const now = input.now ?? new Date();
  return changeCart(input, async (cart, _version, actorId, project) => {
    if (!hasFeature(project.features, 'alternatives')) throw fail('forbidden', 'feature.off', { feature: 'Saved alternatives' });
    const versions = cart.versions ?? [];
    const name = input.name.trim();
    if (versions.length >= MAX_CART_VERSIONS) {
      throw fail('conflict', 'alternative.too-many', { max: MAX_CART_VERSIONS });
    }
    if (versions.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
      throw fail('conflict', 'alternative.name-taken', { name }, { field: 'name' });
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
      throw fail('conflict', 'alternative.changed');
    }
    const saved = (cart.versions ?? []).find((v) => v.id === input.alternativeId);
    if (!saved) throw fail('not_found', 'alternative.no-such');
    return { ...cart, selections: saved.selections, package: saved.package };
  });
}

export function deleteAlternative(input: AlternativeInput & { alternativeId: string }) {
  return changeCart(input, async (cart) => {
    const versions = cart.versions ?? [];
    if (!versions.some((v) => v.id === input.alternativeId)) throw fail('not_found', 'alternative.no-such');
    return { ...cart, versions: versions.filter((v) => v.id !== input.alternativeId) };
  });
}

import { uuidv7 } from '../../lib/ids.ts';
import { buyerEditRefusal, type CartStatus, fail, hasFeature, MAX_CART_VERSIONS, type Selection } from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import type { HookRegistry } from '../decor/index.ts';
import { updateItem, withWrites } from '../decor/index.ts';
import { cartScope } from './carts.operations.ts';
import { priceCart } from './carts.pricing.ts';
import { pricesFor } from './carts.repo.ts';

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

type CartData = Record<string, unknown> & {
  selections: Selection[];
  package?: string | null;
  total: number;
  fees?: Array<{ label: string; amount: number }>;
  versions?: Alternative[];
};

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
  change: (
    cart: CartData,
    version: number,
    actorId: string,
    project: { id: string; features: Record<string, boolean> },
    db: Db,
  ) => Promise<CartData>,
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
        // Reads inside the change go through the write's own transaction (one connection on the embedded database).
        return change(current.data as CartData, current.version, actor!.userId, project, writer.db);
      },
      { where: plan.where, missingMessage: 'cart.no-such' },
    ),
  );
}

/**
 * Saves the cart's current choices under a name, or, given `choices`, those (a look built on a
 * sales-centre screen, docs/displays.md): every option must be one of the project's, and the
 * saved total is theirs at today's prices. Restoring it checks the rules as any change does.
 */
export function saveAlternative(input: AlternativeInput & { name: string; choices?: Selection[] | undefined }) {
  const now = input.now ?? new Date();
  return changeCart(input, async (cart, _version, actorId, project, db) => {
    if (!hasFeature(project.features, 'alternatives'))
      throw fail('forbidden', 'feature.off', { feature: 'Saved alternatives' });
    const versions = cart.versions ?? [];
    const name = input.name.trim();
    if (versions.length >= MAX_CART_VERSIONS) {
      throw fail('conflict', 'alternative.too-many', { max: MAX_CART_VERSIONS });
    }
    if (versions.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
      throw fail('conflict', 'alternative.name-taken', { name }, { field: 'name' });
    }
    let chosen = { selections: cart.selections, package: cart.package ?? null, total: cart.total };
    if (input.choices) {
      const { prices } = await pricesFor(
        db,
        project.id,
        input.choices.map((choice) => choice.option),
        null,
      );
      const unknown = input.choices.find((choice) => !prices.has(choice.option));
      if (unknown) throw fail('bad_request', 'alternative.unknown-option', undefined, { field: 'choices' });
      const priced = await priceCart(db, project.id, {
        selections: input.choices,
        package: null,
        fees: cart.fees ?? [],
      });
      chosen = { selections: input.choices, package: null, total: priced.total };
    }
    const saved: Alternative = { id: uuidv7(), name, savedAt: now.toISOString(), by: actorId, ...chosen };
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

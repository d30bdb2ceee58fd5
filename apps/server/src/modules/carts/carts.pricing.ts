import { pricedSnapshot, type Language, type Selection } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { updateItem, withWrites, type WriteBase, type Writer } from '../decor/index.ts';
import type { CartData } from './carts.document.ts';
import { draftCartsUsing, pricesFor } from './carts.repo.ts';

/** How many price-change notices a cart keeps (the newest). */
const MAX_PRICE_CHANGES = 50;

export interface PriceChange {
  option: string;
  name: string;
  from: number;
  to: number;
}

/** The lines, adjustments and total of a cart at today's prices (what the buyer signs), its package named in `language`. */
export async function priceCart(
  db: Db,
  projectId: string,
  cart: Pick<CartData, 'selections' | 'package' | 'fees'>,
  language?: Language,
) {
  const selections = cart.selections ?? [];
  const { prices, adjustment, packageName } = await pricesFor(
    db,
    projectId,
    selections.map((s) => s.option),
    cart.package ?? null,
    language,
  );
  return pricedSnapshot({
    selections,
    priceOf: (id) => prices.get(id),
    packageAdjustment: adjustment,
    packageName,
    fees: cart.fees ?? [],
  });
}

/**
 * Until it is submitted, a cart is always priced at today's prices (docs/selection-rules.md,
 * "Prices"): after a manager changes an option's price or a package, every draft cart that
 * uses it is repriced in the same transaction, with a notice of each changed price for its
 * buyers, in the cart's history like any other change. Submitted and approved carts keep
 * what was signed.
 */
export async function repriceDraftCarts(
  writer: Writer,
  { changes = [], packageIds = [] }: { changes?: PriceChange[]; packageIds?: string[] },
) {
  const optionIds = changes.map((c) => c.option);
  if (!optionIds.length && !packageIds.length) return 0;
  const now = writer.now.toISOString();
  let repriced = 0;
  for (const id of await draftCartsUsing(writer.db, writer.project.id, { optionIds, packageIds })) {
    const noticesFor = (cart: CartData) => {
      const chosen = new Set((cart.selections as Selection[]).map((s) => s.option));
      return changes.filter((c) => chosen.has(c.option) && c.from !== c.to).map((c) => ({ ...c, at: now }));
    };
    if (await repriceDraft(writer, id, noticesFor)) repriced++;
  }
  return repriced;
}

/** A cart's price notices with these added, the newest kept. */
export function withPriceNotices(cart: Pick<CartData, 'priceChanges'>, notices: NonNullable<CartData['priceChanges']>) {
  return [...(cart.priceChanges ?? []), ...notices].slice(-MAX_PRICE_CHANGES);
}

/** While it is a draft whose total or notices change, writes one cart at today's prices. */
async function repriceDraft(
  writer: Writer,
  id: string,
  noticesFor: (cart: CartData) => NonNullable<CartData['priceChanges']>,
): Promise<boolean> {
  let changed = false;
  await updateItem(writer, 'carts', id, async (current) => {
    if (current.data.status !== 'draft') return null;
    const cart = current.data as CartData;
    const { total } = await priceCart(writer.db, writer.project.id, cart);
    const notices = noticesFor(cart);
    if (total === cart.total && !notices.length) return null;
    changed = true;
    return { ...cart, total, priceChanges: withPriceNotices(cart, notices) };
  });
  return changed;
}

/**
 * Brings one draft cart's stored total to today's prices if it is behind (a cart written
 * before repricing existed, or priced by hand in the database). Its own transaction, so the
 * new version is what the buyer must have seen to submit.
 */
export async function repriceIfStale(db: Db, base: WriteBase, cartId: string) {
  await withWrites(db, base, (writer) => repriceDraft(writer, cartId, () => []));
}

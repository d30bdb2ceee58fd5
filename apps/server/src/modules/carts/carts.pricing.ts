import { sql } from 'drizzle-orm';
import { pricedSnapshot, type Selection } from '@decor/core';
import { preparedRows, type Db } from '../../db/client.ts';
import { lockItem, pricesFor, updateItemAudited } from '../decor/items.repo.ts';
import type { CartData } from './carts.document.ts';

/** How many price-change notices a cart keeps (the newest). */
const MAX_PRICE_CHANGES = 50;

export interface PriceChange {
  option: string;
  name: string;
  from: number;
  to: number;
}

/** The lines, adjustments and total of a cart at today's prices (what the buyer signs). */
export async function priceCart(db: Db, projectId: string, cart: Pick<CartData, 'selections' | 'package'>) {
  const selections = cart.selections ?? [];
  const { prices, adjustment, packageName } = await pricesFor(db, projectId, selections.map((s) => s.option), cart.package ?? null);
  return pricedSnapshot({ selections, priceOf: (id) => prices.get(id), packageAdjustment: adjustment, packageName });
}

/**
 * Until it is submitted, a cart is always priced at today's prices (docs/selection-rules.md,
 * "Prices"): after a manager changes an option's price or a package, every draft cart that
 * uses it is repriced in the same transaction, with a notice of each changed price for its
 * buyers, in the cart's history like any other change. Submitted and approved carts keep
 * what was signed.
 */
export async function repriceDraftCarts(
  db: Db,
  { projectId, changes = [], packageIds = [], actorId, now = new Date() }: { projectId: string; changes?: PriceChange[]; packageIds?: string[]; actorId: string; now?: Date },
) {
  const optionIds = changes.map((c) => c.option);
  if (!optionIds.length && !packageIds.length) return 0;
  const carts = await preparedRows<{ id: string }>(
    db,
    sql`SELECT id FROM items
        WHERE project_id = ${projectId} AND collection = 'carts' AND data->>'status' = 'draft'
          AND (data->>'package' = ANY(string_to_array(${packageIds.join(',')}, ','))
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(data->'selections', '[]'::jsonb)) s
                          WHERE s->>'option' = ANY(string_to_array(${optionIds.join(',')}, ','))))
        ORDER BY id`,
  );
  let repriced = 0;
  for (const { id } of carts) {
    const noticesFor = (cart: CartData) => {
      const chosen = new Set((cart.selections as Selection[]).map((s) => s.option));
      return changes.filter((c) => chosen.has(c.option) && c.from !== c.to).map((c) => ({ ...c, at: now.toISOString() }));
    };
    if (await repriceDraft(db, { projectId, id, noticesFor, actorId })) repriced++;
  }
  return repriced;
}

/** A cart's price notices with these added, the newest kept. */
export function withPriceNotices(cart: Pick<CartData, 'priceChanges'>, notices: NonNullable<CartData['priceChanges']>) {
  return [...(cart.priceChanges ?? []), ...notices].slice(-MAX_PRICE_CHANGES);
}

/** Locks one cart and, while it is a draft whose total or notices change, writes it at today's prices. */
async function repriceDraft(
  db: Db,
  { projectId, id, noticesFor, actorId }: { projectId: string; id: string; noticesFor: (cart: CartData) => NonNullable<CartData['priceChanges']>; actorId: string },
): Promise<boolean> {
  const current = await lockItem(db, { projectId, collection: 'carts', id });
  if (!current || current.data.status !== 'draft') return false;
  const cart = current.data as CartData;
  const { total } = await priceCart(db, projectId, cart);
  const notices = noticesFor(cart);
  if (total === cart.total && !notices.length) return false;
  await updateItemAudited(db, { projectId, collection: 'carts', id, data: { ...cart, total, priceChanges: withPriceNotices(cart, notices) }, before: cart, actorId });
  return true;
}

/**
 * Brings one draft cart's stored total to today's prices if it is behind (a cart written
 * before repricing existed, or priced by hand in the database). Its own transaction, so the
 * new version is what the buyer must have seen to submit.
 */
export async function repriceIfStale(db: Db, { projectId, cartId, actorId }: { projectId: string; cartId: string; actorId: string }) {
  await db.transaction((tx) => repriceDraft(tx as unknown as Db, { projectId, id: cartId, noticesFor: () => [], actorId }));
}

import {
  changedLines,
  changeOrderNumber,
  fieldIn,
  type ChangeOrder,
  type ComparedLine,
  type Language,
} from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../projects/index.ts';
import { cartScope } from './carts.operations.ts';
import { priceCart } from './carts.pricing.ts';
import { cartItems, planRooms, purchaseBefore, readCart, type CartData } from './carts.repo.ts';

/** GET /api/carts/{id}/change-order: what a reopened selection changes, for whoever may read it. */
export async function readChangeOrder({
  db,
  scope,
  cartId,
  language,
}: {
  db: Db;
  scope: Promise<Scope>;
  cartId: string;
  language?: Language;
}) {
  const { project, plan } = await cartScope(db, scope);
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  return { changeOrder: await changeOrderOf(db, project.id, cart, cartId, language) };
}

/**
 * The change-order document of a cart: null unless it was reopened after an approval. The new
 * side is what was signed once signed, else the cart at today's prices — what the buyer would sign.
 * The catalogue's names are in `language` where written.
 */
export async function changeOrderOf(
  db: Db,
  projectId: string,
  cart: CartData,
  cartId: string,
  language?: Language,
): Promise<ChangeOrder | null> {
  const number = changeOrderNumber(cart.revision);
  if (!number) return null;
  const purchase = await purchaseBefore(db, projectId, cartId, cart.revision ?? 1);
  if (!purchase) return null;
  const approvedLines = purchase.lines ?? [];
  const approvedAdjustments = purchase.adjustments ?? [];
  const now =
    cart.signature?.lines && cart.status !== 'draft'
      ? { lines: cart.signature.lines, adjustments: cart.signature.adjustments ?? [] }
      : await priceCart(db, projectId, cart, language);
  const [items, rooms] = await Promise.all([
    cartItems(db, projectId, { options: [...approvedLines, ...now.lines].map((line) => line.option) }),
    planRooms(db, projectId, null, language),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const compared = (
    lines: Array<{ option: string; room?: string | undefined; quantity: number; price: number }>,
  ): ComparedLine[] => lines.map((line) => ({ ...line, category: String(byId.get(line.option)?.data.category ?? '') }));
  const named = (lines: ComparedLine[]): ChangeOrder['changes'][number]['before'] =>
    lines.map((line) => ({
      option: line.option,
      name: byId.has(line.option)
        ? fieldIn(byId.get(line.option)!.data, language)
        : translatorFor(language ?? 'en')('cart.no-longer-offered'),
      quantity: line.quantity,
      price: line.price,
    }));
  const key = (adjustment: { label: string; amount: number }) => `${adjustment.label}\u0000${adjustment.amount}`;
  const before = new Set(approvedAdjustments.map(key));
  const after = new Set(now.adjustments.map(key));
  const total =
    now.lines.reduce((sum, line) => sum + line.price * line.quantity, 0) +
    now.adjustments.reduce((sum, a) => sum + a.amount, 0);
  return {
    number,
    approved: { revision: purchase.revision, approvedAt: purchase.approvedAt, total: Number(purchase.total) },
    changes: changedLines(compared(approvedLines), compared(now.lines)).map((change) => ({
      room: change.room,
      roomName: rooms.names.get(change.room) ?? '',
      category: change.category,
      categoryName: byId.has(change.category) ? fieldIn(byId.get(change.category)!.data, language) : '',
      before: named(change.before),
      after: named(change.after),
      difference: change.difference,
    })),
    added: now.adjustments.filter((adjustment) => !before.has(key(adjustment))),
    removed: approvedAdjustments.filter((adjustment) => !after.has(key(adjustment))),
    total,
    difference: total - Number(purchase.total),
  };
}

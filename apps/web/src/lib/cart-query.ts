import { queryOptions } from '@tanstack/react-query';
import type { ApiItem, CartDocument } from '@decor/core';
import { createCollectionStore } from './collection-store.ts';

/** The carts collection, through the generic store. */
const carts = createCollectionStore<Cart>('carts');

/** A cart as stored (GET /api/schema/carts/{id}): the contract of the carts collection. */
export type Cart = ApiItem<CartDocument>;
/** A price of a chosen option that changed while the cart was open (the buyer is told). */
export type PriceChange = Cart['priceChanges'][number];
/** A saved alternative. */
export type CartAlternative = Cart['versions'][number];

/** One cart, shared by Configure and My selection so that both always show the same version. */
export function cartQuery(cartId: string | undefined) {
  return queryOptions({
    queryKey: ['cart', cartId],
    queryFn: ({ signal }) => carts.get(cartId, { signal }),
    enabled: Boolean(cartId),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** A cart as stored (GET /api/schema/carts/{id}). */
export interface Cart {
  _id: string;
  _version: number;
  unit: string;
  status: 'draft' | 'submitted' | 'approved';
  deadline: string | null;
  total: number;
  notes: string;
  package?: string | null;
  budget?: number | null;
  revision?: number;
  selections: Array<{ option: string; room?: string; quantity: number }>;
  signature: { name: string; signedAt: string; total: number } | null;
  /** Prices of chosen options that changed while the cart was open (the buyer is told). */
  priceChanges?: PriceChange[];
  history?: Array<{ status: string; at: string; by: string; comment?: string }>;
  /** Saved alternatives, newest last. */
  versions?: CartAlternative[];
}

export interface PriceChange {
  option: string;
  name: string;
  from: number;
  to: number;
  at: string;
}

export interface CartAlternative {
  id: string;
  name: string;
  savedAt: string;
  by: string;
  selections: Cart['selections'];
  package: string | null;
  total: number;
}

/** One cart, shared by Configure and My selection so that both always show the same version. */
export function cartQuery(cartId: string | undefined) {
  return queryOptions({
    queryKey: ['cart', cartId],
    queryFn: ({ signal }) => api<Cart>(`/api/schema/carts/${cartId}`, { signal }),
    enabled: Boolean(cartId),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { CartSummary } from '@decor/core';
import { api } from './api-client.ts';

export type { CartSummary };

/** The caller's carts with their unit, plan, progress, total, deposit and status. */
export const myCartsQuery = queryOptions({
  queryKey: ['carts', 'mine'],
  queryFn: ({ signal }) => api<CartSummary[]>('/api/carts/mine', { signal }),
});

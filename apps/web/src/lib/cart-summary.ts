import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** A cart as the buyer's pages show it (GET /api/carts/mine). */
export interface CartSummary {
  _id: string;
  status: 'draft' | 'submitted' | 'approved' | 'locked';
  deadline: string | null;
  total: number;
  deposit: number;
  depositPercent: number;
  selections: number;
  progress: { done: number; total: number; missing: string[] };
  unit: { _id: string; name: string; floor: number; area: number | null };
  plan: { name: string; bedrooms: number; bathrooms: number } | null;
}

/** The caller's carts with their unit, plan, progress, total, deposit and status. */
export const myCartsQuery = queryOptions({
  queryKey: ['carts', 'mine'],
  queryFn: ({ signal }) => api<CartSummary[]>('/api/carts/mine', { signal }),
});

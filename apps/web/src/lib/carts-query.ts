import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { CartFilter, CartRow, Page } from './back-office-types.ts';

/** The query string of a filter, without the empty parts. */
export function cartFilterQuery(filter: CartFilter, after?: string | null): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.floor !== undefined) params.set('floor', String(filter.floor));
  if (filter.due) params.set('due', filter.due);
  if (filter.overdue) params.set('overdue', '1');
  if (filter.option) params.set('option', filter.option);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (after) params.set('after', after);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every unit's cart, 50 a page, for the filter. */
export function cartsQuery(filter: CartFilter) {
  return infiniteQueryOptions({
    queryKey: ['manage', 'carts', filter],
    queryFn: ({ pageParam, signal }) =>
      api<Page<CartRow>>(`/api/manage/carts${cartFilterQuery(filter, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** One cart's row: unit, buyers, status, total, deadline, last change. */
export function cartRowQuery(cartId: string) {
  return queryOptions({
    queryKey: ['manage', 'cart', cartId],
    queryFn: ({ signal }) => api<CartRow>(`/api/manage/carts/${cartId}`, { signal }),
  });
}

import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { HistoryEntry, Page } from '../../../lib/back-office-types.ts';

/** A cart's history from the audit log, newest first, 50 a page. */
export function cartHistoryQuery(cartId: string) {
  return infiniteQueryOptions({
    queryKey: ['manage', 'cart-history', cartId],
    queryFn: ({ pageParam, signal }) =>
      api<Page<HistoryEntry>>(
        `/api/manage/carts/${cartId}/history${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

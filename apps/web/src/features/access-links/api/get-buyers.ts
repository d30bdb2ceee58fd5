import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BuyerRow, Page } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** The project's buyers by address, 50 a page, with their mail log; `signedIn` keeps those who have signed in. */
export function buyersQuery({ q, signedIn }: { q: string; signedIn: boolean }) {
  return infiniteQueryOptions({
    queryKey: ['manage', 'buyers', q, signedIn],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (signedIn) params.set('show', 'signed-in');
      if (q.trim()) params.set('q', q.trim());
      if (pageParam) params.set('after', pageParam);
      const text = params.toString();
      return api<Page<BuyerRow>>(`/api/manage/buyers${text ? `?${text}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

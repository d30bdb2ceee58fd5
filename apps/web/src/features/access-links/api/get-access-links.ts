import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AccessLink, Page } from '../../../lib/back-office-types.ts';

/** The project's access links, newest first, 50 a page; `q` searches the address, `waiting` keeps the invitations still waiting. */
export function accessLinksQuery(q: string, waiting = false) {
  return infiniteQueryOptions({
    queryKey: ['manage', 'access-links', q, waiting],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (waiting) params.set('show', 'waiting');
      if (q.trim()) params.set('q', q.trim());
      if (pageParam) params.set('after', pageParam);
      const text = params.toString();
      return api<Page<AccessLink>>(`/api/access-codes${text ? `?${text}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

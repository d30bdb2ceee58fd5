import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** A whole catalogue collection (up to 200 items), shared by the buyer's pages. */
export function catalogueQuery<T>(collection: 'categories' | 'options' | 'packages') {
  return queryOptions({
    queryKey: ['catalogue', collection],
    queryFn: ({ signal }) => api<T[]>(`/api/schema/${collection}/?limit=200`, { signal }),
    staleTime: 60_000,
  });
}

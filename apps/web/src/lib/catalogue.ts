import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { currentProjectKey } from '../config/env.ts';

/**
 * A whole catalogue collection (up to 200 items), shared by the buyer's pages. Catalogue
 * queries are kept in localStorage between visits (see persistCollectionCache).
 */
export function catalogueQuery<T>(collection: 'categories' | 'options' | 'packages') {
  return queryOptions({
    queryKey: ['catalogue', currentProjectKey(), collection],
    queryFn: ({ signal }) => api<T[]>(`/api/schema/${collection}/?limit=200`, { signal }),
    staleTime: 60_000,
  });
}

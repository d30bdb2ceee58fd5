import { queryOptions } from '@tanstack/react-query';
import { COLLECTION_MAX_PAGE_SIZE } from '@decor/core';
import { createCollectionStore, type CollectionItem } from './collection-store.ts';
import { currentProjectKey } from '../config/env.ts';

/**
 * A whole catalogue collection (up to 200 items), shared by the buyer's pages. Catalogue
 * queries are kept in localStorage between visits (see persistCollectionCache).
 */
export function catalogueQuery<T>(collection: 'categories' | 'options' | 'packages') {
  return queryOptions({
    queryKey: ['catalogue', currentProjectKey(), collection],
    queryFn: async ({ signal }) => (await createCollectionStore<T & CollectionItem>(collection).listPage({ limit: COLLECTION_MAX_PAGE_SIZE, signal })).items,
    staleTime: 60_000,
  });
}

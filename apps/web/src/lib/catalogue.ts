import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTION_MAX_PAGE_SIZE, localisedItem, projectLanguages, type Translations } from '@decor/core';
import { createCollectionStore, type CollectionItem } from './collection-store.ts';
import { currentProjectKey } from '../config/env.ts';
import { useLanguage } from './language.ts';
import { useProjectAsWritten } from './project.ts';

type CatalogueCollection = 'categories' | 'options' | 'packages';

/**
 * A whole catalogue collection (up to 200 items), shared by the buyer's pages, as written (every
 * language's words in their place). Catalogue queries are kept in localStorage between visits
 * (see persistCollectionCache).
 */
export function catalogueQuery<T>(collection: CatalogueCollection) {
  return queryOptions({
    queryKey: ['catalogue', currentProjectKey(), collection],
    queryFn: async ({ signal }) =>
      (
        await createCollectionStore<T & CollectionItem>(collection).listPage({
          limit: COLLECTION_MAX_PAGE_SIZE,
          signal,
        })
      ).items,
    staleTime: 60_000,
  });
}

/** A catalogue collection as the page's reader reads it: names and descriptions in their language where written (docs/languages.md). */
export function useCatalogue<T>(collection: CatalogueCollection) {
  const { language } = useLanguage();
  const { defaultLanguage } = projectLanguages(useProjectAsWritten().data?.options);
  const select = useCallback(
    (items: Array<T & CollectionItem>) =>
      language === defaultLanguage
        ? items
        : items.map((item) =>
            localisedItem(
              collection,
              item as T & CollectionItem & { translations?: Translations },
              language,
              defaultLanguage,
            ),
          ),
    [collection, language, defaultLanguage],
  );
  return useQuery({ ...catalogueQuery<T>(collection), select });
}

import { useQuery } from '@tanstack/react-query';
import { createCollectionStore, type CollectionItem } from './collection-store.ts';

/** How many items a picker loads at most (a catalogue has hundreds, not millions). */
const MAX_CHOICES = 2_000;

/** Every item of a collection (up to `max`), page after page of 200. */
export async function allItems(
  collection: string,
  { signal, max = MAX_CHOICES }: { signal?: AbortSignal; max?: number } = {},
) {
  const store = createCollectionStore<CollectionItem>(collection);
  const items: CollectionItem[] = [];
  let afterId: string | null = null;
  do {
    const page = await store.listPage({ afterId, limit: 200, signal });
    items.push(...page.items);
    afterId = page.nextAfterId;
  } while (afterId && items.length < max);
  return items;
}

/** Every item of a collection, kept under one key so the pages that need a whole collection share it. */
export function allItemsQuery<T extends CollectionItem = CollectionItem>(collection: string, max = MAX_CHOICES) {
  return {
    queryKey: ['collection', collection, 'all'],
    queryFn: ({ signal }: { signal: AbortSignal }) => allItems(collection, { signal, max }) as Promise<T[]>,
  };
}

/** Every item of a collection as picker choices (its name, else its id). */
export function collectionChoicesQuery(collection: string) {
  return {
    queryKey: ['choices', collection],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await allItems(collection, { signal })).map((item) => ({
        value: item._id,
        label: String(item.name ?? item._id),
      })),
    staleTime: 30_000,
  };
}

export function useCollectionChoices(collection: string | undefined) {
  return useQuery({ ...collectionChoicesQuery(collection ?? ''), enabled: Boolean(collection) });
}

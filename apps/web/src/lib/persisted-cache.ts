import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { logError } from './dev-mode.ts';
import { onForgetPersistedCache, PERSISTED_CACHE_KEY } from './persisted-cache-key.ts';

/** How long kept data is good for; kept queries live as long in memory, or they would be dropped from storage too. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Writes to storage at most this often, however busy the cache is. */
export const PERSIST_THROTTLE_MS = 1_000;
/** The query keys whose data is kept between visits. */
const KEPT_QUERIES = ['collection', 'catalogue'];

/**
 * A persister on localStorage that writes at most once per `throttleMs` (the last state
 * wins) and at once when the page is hidden; a full or unavailable storage just means no
 * cache (docs/decisions/014-web-boundaries-and-cache.md).
 */
export function throttledStoragePersister({
  storage,
  key,
  throttleMs = PERSIST_THROTTLE_MS,
}: {
  storage: () => Storage;
  key: string;
  throttleMs?: number;
}): Persister & { flush(): void } {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const client = pending;
    pending = null;
    try {
      storage().setItem(key, JSON.stringify(client));
    } catch (error) {
      logError('Could not keep the collection cache', error);
    }
  };
  return {
    persistClient: (client: PersistedClient) => {
      pending = client;
      timer ??= setTimeout(flush, throttleMs);
    },
    restoreClient: () => {
      try {
        const raw = storage().getItem(key);
        return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
      } catch {
        return undefined;
      }
    },
    removeClient: () => {
      pending = null;
      clearTimeout(timer);
      timer = undefined;
      storage().removeItem(key);
    },
    flush,
  };
}

let isPersisting = false;

/**
 * Keeps collection and catalogue data in localStorage between visits (docs/api.md): a
 * returning buyer sees the catalogue at once while it refreshes. A new build of the app
 * (its buster) starts from an empty cache, so no data of an older shape is ever shown.
 */
export function persistCollectionCache(queryClient: QueryClient) {
  if (isPersisting || typeof window === 'undefined') return;
  isPersisting = true;
  for (const key of KEPT_QUERIES) queryClient.setQueryDefaults([key], { gcTime: PERSIST_MAX_AGE_MS });
  const persister = throttledStoragePersister({ storage: () => window.localStorage, key: PERSISTED_CACHE_KEY });
  window.addEventListener('pagehide', persister.flush);
  onForgetPersistedCache(() => void persister.removeClient());
  persistQueryClient({
    queryClient,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        KEPT_QUERIES.includes(String(query.queryKey[0])) && query.state.status === 'success',
    },
  });
}

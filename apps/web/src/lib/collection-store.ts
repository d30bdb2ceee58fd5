import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { COLLECTION_PAGE_SIZE } from '@decor/core';
import { api, ApiError, type ApiRequest } from './api-client.ts';
import { currentAccessToken } from './access-token.ts';
import { currentProjectKey } from '../config/env.ts';
import { logError } from './dev-mode.ts';
import { onForgetPersistedCache, PERSISTED_CACHE_KEY } from './persisted-cache-key.ts';

/** An item of any collection: `{ _id, ...fields, _version, createdAt, updatedAt }`. */
export interface CollectionItem {
  _id: string;
  _version: number;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

export type Transport = <T>(path: string, request?: ApiRequest) => Promise<T>;

export interface Page<T extends CollectionItem> {
  items: T[];
  /** More items exist while a page comes back full (docs/api.md). */
  hasMore: boolean;
  nextAfterId: string | null;
}

/**
 * The generic store of one collection (docs/data-model.md): pages of 50 by keyset, get, create,
 * update at the version read, delete — with the specification's exact errors.
 */
export function createCollectionStore<T extends CollectionItem = CollectionItem>(collection: string, transport: Transport = api) {
  if (!collection) throw new Error('Cannot use a store without a collection name');
  const base = `/api/schema/${encodeURIComponent(collection)}/`;

  return {
    collection,

    async listPage({ afterId, filters = {}, signal }: { afterId?: string | null; filters?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Page<T>> {
      const query = new URLSearchParams({ ...filters, limit: String(COLLECTION_PAGE_SIZE) });
      if (afterId) query.set('afterId', afterId);
      const items = await transport<T[]>(`${base}?${query}`, { signal });
      const hasMore = items.length === COLLECTION_PAGE_SIZE;
      return { items, hasMore, nextAfterId: hasMore ? items[items.length - 1]!._id : null };
    },

    async get(id: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
      if (!id) throw new Error('Cannot get an item without an _id');
      return transport<T>(`${base}${encodeURIComponent(id)}`, { signal });
    },

    async create(fields: Omit<Partial<T>, '_id' | '_version'>): Promise<T> {
      return transport<T>(base, { method: 'POST', body: fields });
    },

    /** Sends the changed fields with the version they were read at; a stale one fails with 409. */
    async update(item: Partial<T> & { _version?: number }, changes: Record<string, unknown> = item): Promise<T> {
      if (!item._id) throw new Error('Cannot update an item without an _id');
      const { _id: _, _version: __, createdAt: ___, updatedAt: ____, ...fields } = changes as CollectionItem;
      return transport<T>(`${base}${encodeURIComponent(item._id)}`, {
        method: 'PATCH',
        body: fields,
        headers: item._version ? { 'if-match': String(item._version) } : {},
      });
    },

    async remove(item: Partial<T>): Promise<void> {
      if (!item._id) throw new Error('Cannot delete an item without an _id');
      await transport(`${base}${encodeURIComponent(item._id)}`, { method: 'DELETE' });
    },
  };
}

export type CollectionStore<T extends CollectionItem = CollectionItem> = ReturnType<typeof createCollectionStore<T>>;

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
export function throttledStoragePersister({ storage, key, throttleMs = PERSIST_THROTTLE_MS }: { storage: () => Storage; key: string; throttleMs?: number }): Persister & { flush(): void } {
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
      shouldDehydrateQuery: (query) => KEPT_QUERIES.includes(String(query.queryKey[0])) && query.state.status === 'success',
    },
  });
}

export interface UploadedFile {
  _id: string;
  url: string;
  name: string;
  size: number;
  type: string;
  width?: number;
  height?: number;
  thumbnails: Array<{ size: number; width: number; height: number; url: string }>;
}

/**
 * Uploads one file (multipart: `file` and `configs`) with progress from 0 to 1. Errors and
 * aborts are logged (developer mode) and rejected, so the caller can show them.
 */
export function uploadFile({
  file,
  configs = {},
  onProgress,
  signal,
}: {
  file: File;
  configs?: Record<string, unknown>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('configs', JSON.stringify(configs));
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    const projectKey = currentProjectKey();
    if (projectKey) xhr.setRequestHeader('ProjectId', projectKey);
    const token = currentAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as UploadedFile);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      const failure = new ApiError({ status: xhr.status, code: (error?.code as 'bad_request') ?? 'internal', message: error?.message ?? 'Request failed.' });
      logError('Upload failed', failure);
      reject(failure);
    };
    xhr.onerror = () => {
      const failure = new ApiError({ status: 0, code: 'network', message: 'The upload could not reach the server.' });
      logError('Upload failed', failure);
      reject(failure);
    };
    xhr.onabort = () => {
      logError('Upload aborted');
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

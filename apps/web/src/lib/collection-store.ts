import { COLLECTION_PAGE_SIZE } from '@decor/core';
import { api, ApiError, type ApiRequest } from './api-client.ts';
import { currentAccessToken } from './access-token.ts';
import { currentProjectKey } from '../config/env.ts';
import { logError } from './dev-mode.ts';

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
export function createCollectionStore<T extends CollectionItem = CollectionItem>(
  collection: string,
  transport: Transport = api,
) {
  if (!collection) throw new Error('Cannot use a store without a collection name');
  const base = `/api/schema/${encodeURIComponent(collection)}/`;

  return {
    collection,

    /** One page: 50 items unless a larger `limit` (up to 200) is asked for, as for a whole catalogue. */
    async listPage({
      afterId,
      filters = {},
      limit = COLLECTION_PAGE_SIZE,
      signal,
    }: {
      afterId?: string | null;
      filters?: Record<string, string>;
      limit?: number;
      signal?: AbortSignal;
    } = {}): Promise<Page<T>> {
      const query = new URLSearchParams({ ...filters, limit: String(limit) });
      if (afterId) query.set('afterId', afterId);
      const items = await transport<T[]>(`${base}?${query}`, { signal });
      const hasMore = items.length === limit;
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
  projectKey: forProject,
}: {
  file: File;
  configs?: Record<string, unknown>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Another project than this page's (an administrator's screens). */
  projectKey?: string;
}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('configs', JSON.stringify(configs));
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    const projectKey = forProject ?? currentProjectKey();
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
      const failure = new ApiError({
        status: xhr.status,
        code: (error?.code as 'bad_request') ?? 'internal',
        message: error?.message ?? 'Request failed.',
      });
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

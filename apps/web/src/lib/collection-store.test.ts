import { describe, expect, it } from 'vitest';
import { COLLECTION_PAGE_SIZE } from '@decor/core';
import type { ApiRequest } from './api-client.ts';
import { createCollectionStore, type CollectionItem, type Transport } from './collection-store.ts';

/** An in-memory stand-in for the HTTP transport: records each call, answers from a list. */
function recordingTransport(items: CollectionItem[]) {
  const calls: Array<{ path: string; request?: ApiRequest }> = [];
  const transport: Transport = async <T>(path: string, request?: ApiRequest) => {
    calls.push({ path, request });
    const url = new URL(path, 'http://x');
    const afterId = url.searchParams.get('afterId');
    const limit = Number(url.searchParams.get('limit') ?? COLLECTION_PAGE_SIZE);
    const start = afterId ? items.findIndex((i) => i._id === afterId) + 1 : 0;
    return (request?.method ? { ok: true } : items.slice(start, start + limit)) as T;
  };
  return { transport, calls };
}

const makeItems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ _id: `id-${String(i).padStart(4, '0')}`, _version: 1 }));

describe('createCollectionStore', () => {
  it('refuses a store without a collection name', () => {
    expect(() => createCollectionStore('')).toThrow('Cannot use a store without a collection name');
  });

  it('uses the exact errors for items without an _id', async () => {
    const store = createCollectionStore('options', recordingTransport([]).transport);
    await expect(store.get(undefined)).rejects.toThrow('Cannot get an item without an _id');
    await expect(store.update({ name: 'x' })).rejects.toThrow('Cannot update an item without an _id');
    await expect(store.remove({})).rejects.toThrow('Cannot delete an item without an _id');
  });

  it('has more while a page comes back full, and pages by the last id', async () => {
    const { transport, calls } = recordingTransport(makeItems(COLLECTION_PAGE_SIZE * 2 + 7));
    const store = createCollectionStore('options', transport);
    const seen: string[] = [];
    let afterId: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await store.listPage({ afterId });
      pages += 1;
      seen.push(...page.items.map((i) => i._id));
      if (!page.hasMore) break;
      afterId = page.nextAfterId;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(COLLECTION_PAGE_SIZE * 2 + 7);
    expect(new Set(seen).size).toBe(seen.length);
    expect(calls[0]!.path).toBe(`/api/schema/options/?limit=${COLLECTION_PAGE_SIZE}`);
    expect(calls[1]!.path).toContain(`afterId=id-00${COLLECTION_PAGE_SIZE - 1}`);
  });

  it('asks for one more page when the last one was exactly full', async () => {
    const store = createCollectionStore('rooms', recordingTransport(makeItems(COLLECTION_PAGE_SIZE)).transport);
    const first = await store.listPage();
    expect(first.hasMore).toBe(true);
    const second = await store.listPage({ afterId: first.nextAfterId });
    expect(second).toEqual({ items: [], hasMore: false, nextAfterId: null });
  });

  it('sends changes with the version they were read at, without system fields', async () => {
    const { transport, calls } = recordingTransport([]);
    const store = createCollectionStore('carts', transport);
    await store.update({ _id: 'c1', _version: 7, notes: 'hi', createdAt: 'x' });
    expect(calls[0]).toEqual({
      path: '/api/schema/carts/c1',
      request: { method: 'PATCH', body: { notes: 'hi' }, headers: { 'if-match': '7' } },
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { throttledStoragePersister } from './persisted-cache.ts';

const client = (n: number) =>
  ({ timestamp: n, buster: 'b', clientState: { mutations: [], queries: [] } }) as PersistedClient;

describe('the persisted query cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes at most once a second, the latest state, however many changes come', () => {
    const storage = window.localStorage;
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const persister = throttledStoragePersister({ storage: () => storage, key: 'test.cache', throttleMs: 1_000 });
    for (let n = 1; n <= 200; n++) void persister.persistClient(client(n));
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem('test.cache')!).timestamp).toBe(200);
    void persister.persistClient(client(201));
    persister.flush();
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.getItem('test.cache')!).timestamp).toBe(201);
    setItem.mockRestore();
  });

  it('forgets a pending write when the cache is removed (sign-out)', () => {
    const storage = window.localStorage;
    const persister = throttledStoragePersister({ storage: () => storage, key: 'test.gone', throttleMs: 1_000 });
    void persister.persistClient(client(1));
    void persister.removeClient();
    vi.advanceTimersByTime(5_000);
    expect(storage.getItem('test.gone')).toBeNull();
  });
});

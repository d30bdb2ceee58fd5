/** Where the store cache is kept in localStorage (docs/api.md); cleared on sign-out. */
export const PERSISTED_CACHE_KEY = 'decor.collections';

let stopKeeping: (() => void) | null = null;

/** Called by the persister once it runs: how to drop a write it still has pending. */
export function onForgetPersistedCache(stop: () => void): void {
  stopKeeping = stop;
}

/** Drops the kept cache and any write of it still pending (sign-out: the next person sees nothing of it). */
export function forgetPersistedCache(): void {
  stopKeeping?.();
  window.localStorage.removeItem(PERSISTED_CACHE_KEY);
}

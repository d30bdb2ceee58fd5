/** Where the store cache is kept in localStorage (docs/api.md); cleared on sign-out. */
export const PERSISTED_CACHE_KEY = 'decor.collections';

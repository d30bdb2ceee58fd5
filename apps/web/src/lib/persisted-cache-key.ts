/** Where the store cache is kept in localStorage (SPEC.md §9); cleared on sign-out. */
export const PERSISTED_CACHE_KEY = 'decor.collections';

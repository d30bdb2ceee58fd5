import { EN_FIRST_PAGE } from './en-first-page.ts';

/** A key of the first page's sentences (a part of MessageKey). */
export type FirstPageKey = keyof typeof EN_FIRST_PAGE;

/**
 * A sentence of the first page's part of the catalogue, without the rest of it: what the
 * sign-in page and /400 say, where every kilobyte is paid before the page shows.
 */
export function firstPageMessage(key: FirstPageKey): string {
  return EN_FIRST_PAGE[key];
}

import { EN_FIRST_PAGE } from './en/first-page.ts';
import { FR_CA_FIRST_PAGE } from './fr-CA/first-page.ts';
import type { Language } from './languages.ts';

/** A key of the first page's sentences (a part of MessageKey). */
export type FirstPageKey = keyof typeof EN_FIRST_PAGE;

const FIRST_PAGE: Record<Language, Readonly<Record<FirstPageKey, string>>> = { en: EN_FIRST_PAGE, 'fr-CA': FR_CA_FIRST_PAGE };

/**
 * A sentence of the first page's part of the catalogue, without the rest of it or the ICU
 * formatter: what the sign-in page, its frame and /400 say, where every kilobyte is paid before
 * the page shows. These sentences take simple `{name}` arguments only (the catalogue check
 * refuses plurals and selects in them), so a replace fills them in.
 */
export function firstPageMessage(key: FirstPageKey, language: Language = 'en', params: Record<string, string | number> = {}): string {
  return FIRST_PAGE[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

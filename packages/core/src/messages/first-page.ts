import { EN_FIRST_PAGE } from './en/first-page.ts';
import type { Language } from './languages.ts';

/** A key of the first page's sentences (a part of MessageKey). */
export type FirstPageKey = keyof typeof EN_FIRST_PAGE;
export type FirstPageCatalogue = Readonly<Record<FirstPageKey, string>>;

/**
 * The first page's sentences of each language: English comes with the page, another language
 * loads when a reader of it arrives (a kilobyte), so the page that must show first carries one
 * language only and no ICU formatter (docs/languages.md, "Loading").
 */
const loaded = new Map<Language, FirstPageCatalogue>([['en', EN_FIRST_PAGE]]);
const loading = new Map<Language, Promise<FirstPageCatalogue>>();
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<FirstPageCatalogue>> = {
  'fr-CA': () => import('./fr-CA/first-page.ts').then((module) => module.FR_CA_FIRST_PAGE),
};

/** The first page's sentences of `language`: at once when loaded, else the promise of them. */
export function firstPageCatalogue(language: Language): FirstPageCatalogue | Promise<FirstPageCatalogue> {
  const ready = loaded.get(language);
  if (ready) return ready;
  let promise = loading.get(language);
  if (!promise) {
    promise = LOADERS[language as Exclude<Language, 'en'>]().then((catalogue) => {
      loaded.set(language, catalogue);
      return catalogue;
    });
    loading.set(language, promise);
  }
  return promise;
}

/**
 * A sentence of the first page's catalogue. These take simple `{name}` arguments only (the
 * catalogue check refuses plurals and selects in them), so a replace fills them in.
 */
export function firstPageMessage(catalogue: FirstPageCatalogue, key: FirstPageKey, params: Record<string, string | number> = {}): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

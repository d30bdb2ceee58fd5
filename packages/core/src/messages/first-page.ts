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
/**
 * A promise that says whether it has settled (`status`, `value`), as React's `use()` reads one: a
 * loaded language is read at once, in the same order of hooks as while it was loading.
 */
export type KnownPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

export function knownPromise<T>(promise: Promise<T>): KnownPromise<T> {
  const known: KnownPromise<T> = promise;
  known.status = 'pending';
  promise.then(
    (value) => Object.assign(known, { status: 'fulfilled', value }),
    () => Object.assign(known, { status: 'rejected' }),
  );
  return known;
}

const fulfilled = <T>(value: T): KnownPromise<T> =>
  Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });

const loading = new Map<Language, KnownPromise<FirstPageCatalogue>>([
  ['en', fulfilled<FirstPageCatalogue>(EN_FIRST_PAGE)],
]);
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<FirstPageCatalogue>> = {
  'fr-CA': () => import('./fr-CA/first-page.ts').then((module) => module.FR_CA_FIRST_PAGE),
};

/** The first page's sentences of `language`, as a promise that says when it is settled (for `use()`). */
export function firstPageCatalogue(language: Language): KnownPromise<FirstPageCatalogue> {
  let promise = loading.get(language);
  if (!promise) {
    promise = knownPromise(LOADERS[language as Exclude<Language, 'en'>]());
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/**
 * A sentence of the first page's catalogue. These take simple `{name}` arguments only (the
 * catalogue check refuses plurals and selects in them), so a replace fills them in.
 */
export function firstPageMessage(
  catalogue: FirstPageCatalogue,
  key: FirstPageKey,
  params: Record<string, string | number> = {},
): string {
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

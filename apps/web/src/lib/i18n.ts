import { use } from 'react';
import { knownPromise, translator, type KnownPromise, type Language, type Translate } from '@decor/core';
import { CATALOGUE_LOADERS } from '@decor/core/catalogue-loaders';
import { useLanguage } from './language.ts';
import { isPseudo, pseudoModule } from './pseudo-language.ts';

/**
 * The screens' sentences (docs/languages.md): `const t = useT(); t('app.…')`. A language's
 * catalogue and the ICU formatter load the first time a screen needs them — never on the first
 * page, which says its few sentences from its own small catalogue — and the screen waits (its
 * route's pending view) until they have.
 */

const loading = new Map<Language, KnownPromise<Translate>>();

/** Starts loading a language's sentences (a choice of language preloads before switching). */
export function loadLanguage(language: Language): KnownPromise<Translate> {
  let promise = loading.get(language);
  if (!promise) {
    const catalogue = isPseudo()
      ? Promise.all([CATALOGUE_LOADERS[language](), pseudoModule()]).then(([loaded, { pseudoCatalogue }]) => pseudoCatalogue(loaded))
      : CATALOGUE_LOADERS[language]();
    promise = knownPromise(catalogue.then((loaded) => translator(loaded, language)));
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/** The sentences of the page's language (always through use(): once loaded it answers at once, with the same hooks). */
export function useT(): Translate {
  const { language } = useLanguage();
  return use(loadLanguage(language) as Promise<Translate>);
}

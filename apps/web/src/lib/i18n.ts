import { use } from 'react';
import {
  knownPromise,
  translator,
  type KnownPromise,
  type Language,
  type MessageKey,
  type Translate,
} from '@decor/core';
import { CATALOGUE_LOADERS } from '@decor/core/catalogue-loaders';
import { ApiError } from './api-client.ts';
import { useLanguage } from './language.ts';
import { keepLoadedSentences } from './loaded-sentences.ts';
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
      ? Promise.all([CATALOGUE_LOADERS[language](), pseudoModule()]).then(([loaded, { pseudoCatalogue }]) =>
          pseudoCatalogue(loaded),
        )
      : CATALOGUE_LOADERS[language]();
    promise = knownPromise(
      catalogue.then((loaded) => {
        const translate = translator(loaded, language);
        keepLoadedSentences(language, translate);
        return translate;
      }),
    );
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

/**
 * An error as its reader reads it: the catalogue's sentence when the server named one (the same
 * words the server said in this language), its own words otherwise, `otherwise` when it has none.
 */
export function useErrorText(): (error: unknown, otherwise: MessageKey) => string {
  const t = useT();
  return (error, otherwise) => {
    if (error instanceof ApiError && error.key) {
      const said = t(error.key as MessageKey, error.params);
      if (said !== error.key) return said;
    }
    return error instanceof Error && error.message ? error.message : t(otherwise);
  };
}

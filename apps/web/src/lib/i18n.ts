import { use, useContext } from 'react';
import {
  knownPromise,
  translator,
  type KnownPromise,
  type Language,
  type MessageKey,
  type Translate,
} from '@decor/core';
import { CATALOGUE_LOADERS, STAFF_CATALOGUE_LOADERS } from '@decor/core/catalogue-loaders';
import { ApiError } from './api-client.ts';
import { useLanguage } from './language.ts';
import { StaffScreens } from './staff-screens.ts';
import { keepLoadedSentences } from './loaded-sentences.ts';
import { isPseudo, pseudoModule } from './pseudo-language.ts';

/**
 * The screens' sentences (docs/languages.md): `const t = useT(); t('app.…')`. A language's
 * catalogue and the ICU formatter load the first time a screen needs them — never on the first
 * page, which says its few sentences from its own small catalogue — and the screen waits (its
 * route's pending view) until they have.
 */

const loading = new Map<string, KnownPromise<Translate>>();

/**
 * Starts loading a language's sentences (a choice of language preloads before switching): every
 * page's, and with `staff` the staff's screens' too (lib/staff-screens.ts).
 */
export function loadLanguage(language: Language, staff = false): KnownPromise<Translate> {
  const key = `${language}${staff ? '+staff' : ''}`;
  let promise = loading.get(key);
  if (!promise) {
    const sentences = Promise.all([
      CATALOGUE_LOADERS[language](),
      staff ? STAFF_CATALOGUE_LOADERS[language]() : Promise.resolve({}),
    ]).then(([screens, staffScreens]) => ({ ...screens, ...staffScreens }));
    const catalogue = isPseudo()
      ? Promise.all([sentences, pseudoModule()]).then(([loaded, { pseudoCatalogue }]) => pseudoCatalogue(loaded))
      : sentences;
    promise = knownPromise(
      catalogue.then((loaded) => {
        const translate = translator(loaded, language);
        keepLoadedSentences(language, translate);
        return translate;
      }),
    );
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** The sentences of the page's language (always through use(): once loaded it answers at once, with the same hooks). */
export function useT(): Translate {
  // The reader's language and whether they are an administrator come from the one read of the session.
  const { language, isAdmin } = useLanguage();
  const staff = useContext(StaffScreens) || isAdmin;
  return use(loadLanguage(language, staff) as Promise<Translate>);
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

import { use } from 'react';
import { translator, type Language, type Translate } from '@decor/core';
import { CATALOGUE_LOADERS } from '@decor/core/catalogue-loaders';
import { useLanguage } from './language.ts';

/**
 * The screens' sentences (docs/languages.md): `const t = useT(); t('app.…')`. A language's
 * catalogue and the ICU formatter load the first time a screen needs them — never on the first
 * page, which says its few sentences from its own small catalogue — and the screen waits (its
 * route's pending view) until they have.
 */

const loading = new Map<Language, { promise: Promise<Translate>; value?: Translate }>();

/** Starts loading a language's sentences (a choice of language preloads before switching). */
export function loadLanguage(language: Language): Promise<Translate> {
  let entry = loading.get(language);
  if (!entry) {
    const created: { promise: Promise<Translate>; value?: Translate } = {
      promise: CATALOGUE_LOADERS[language]().then((catalogue) => {
        created.value = translator(catalogue, language);
        return created.value;
      }),
    };
    created.promise.catch(() => loading.delete(language));
    loading.set(language, created);
    entry = created;
  }
  return entry.promise;
}

/** The sentences of the page's language. */
export function useT(): Translate {
  const { language } = useLanguage();
  const entry = loading.get(language);
  if (entry?.value) return entry.value;
  return use(loadLanguage(language));
}

import { use, useCallback } from 'react';
import { knownPromise, type KnownPromise, type Language } from '@decor/core';
import { firstPageCatalogue, firstPageMessage, type FirstPageCatalogue, type FirstPageKey } from '@decor/core';
import { useLanguage } from './language.ts';
import { isPseudo, pseudoModule } from './pseudo-language.ts';

/**
 * The sentences of the first page and of every page's frame (sign-in, the header, the skip
 * link), from the catalogue's small first-page part: no ICU formatter and no whole catalogue
 * before the sign-in page shows (docs/languages.md, "Loading"). English comes with the page;
 * another language's part loads when its reader arrives (the frame waits for that kilobyte).
 * Every other screen uses useT.
 */
export function useFirstPageText() {
  const { language } = useLanguage();
  // Always through use(): a loaded language is read at once, and the hooks keep one order either way.
  const catalogue = use(
    (isPseudo() ? pseudoFirstPage(language) : firstPageCatalogue(language)) as Promise<FirstPageCatalogue>,
  );
  return useCallback(
    (key: FirstPageKey, params?: Record<string, string | number>) => firstPageMessage(catalogue, key, params),
    [catalogue],
  );
}

const pseudoParts = new Map<Language, KnownPromise<FirstPageCatalogue>>();

/** The first page's sentences in the pseudo-language (a device that asked for it only). */
function pseudoFirstPage(language: Language): KnownPromise<FirstPageCatalogue> {
  let promise = pseudoParts.get(language);
  if (!promise) {
    promise = knownPromise(
      Promise.all([firstPageCatalogue(language), pseudoModule()]).then(([catalogue, { pseudoCatalogue }]) =>
        pseudoCatalogue(catalogue),
      ),
    );
    pseudoParts.set(language, promise);
  }
  return promise;
}

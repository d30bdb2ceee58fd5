import { use, useCallback } from 'react';
import { firstPageCatalogue, firstPageMessage, type FirstPageKey } from '@decor/core';
import { useLanguage } from './language.ts';

/**
 * The sentences of the first page and of every page's frame (sign-in, the header, the skip
 * link), from the catalogue's small first-page part: no ICU formatter and no whole catalogue
 * before the sign-in page shows (docs/languages.md, "Loading"). English comes with the page;
 * another language's part loads when its reader arrives (the frame waits for that kilobyte).
 * Every other screen uses useT.
 */
export function useFirstPageText() {
  const { language } = useLanguage();
  const ready = firstPageCatalogue(language);
  const catalogue = ready instanceof Promise ? use(ready) : ready;
  return useCallback((key: FirstPageKey, params?: Record<string, string | number>) => firstPageMessage(catalogue, key, params), [catalogue]);
}

import { use, useCallback } from 'react';
import { firstPageCatalogue, firstPageMessage, type FirstPageCatalogue, type FirstPageKey } from '@decor/core';
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
  // Always through use(): a loaded language is read at once, and the hooks keep one order either way.
  const catalogue = use(firstPageCatalogue(language) as Promise<FirstPageCatalogue>);
  return useCallback((key: FirstPageKey, params?: Record<string, string | number>) => firstPageMessage(catalogue, key, params), [catalogue]);
}

import { useCallback } from 'react';
import { firstPageMessage, type FirstPageKey } from '@decor/core';
import { useLanguage } from './language.ts';

/**
 * The sentences of the first page and of every page's frame (sign-in, the header, the skip
 * link), from the catalogue's small first-page part: no ICU formatter and no whole catalogue
 * before the sign-in page shows (docs/languages.md, "Loading"). Every other screen uses useT.
 */
export function useFirstPageText() {
  const { language } = useLanguage();
  return useCallback((key: FirstPageKey, params?: Record<string, string | number>) => firstPageMessage(key, language, params), [language]);
}

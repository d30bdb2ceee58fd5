import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formattingLocale, LANGUAGES, projectLanguages, readerLanguage, type Language } from '@decor/core';
import { useProjectAsWritten } from './project-query.ts';
import { meQuery, type Me } from './session.ts';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { speak } from './spoken-language.ts';

/**
 * Which language the page speaks (docs/languages.md, "Which language"): the account's choice,
 * else the choice made on this device, else the browser's languages, among the project's
 * languages (every language on the platform's own pages), else the project's default. This
 * module holds no catalogue: the first page reads it for the price of a few lines.
 */

const STORED = 'decor.language';
/** The queries whose answers the server words in the reader's language. */
const SAID_BY_THE_SERVER = new Set(['carts', 'showroom']);
const listeners = new Set<() => void>();

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The project's languages as the page offers them: all of them on the platform's pages, which belong to no project. */
export function offeredLanguages(options: { languages?: unknown; defaultLanguage?: unknown } | undefined) {
  return options ? projectLanguages(options) : { languages: [...LANGUAGES], defaultLanguage: LANGUAGES[0] };
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

export interface PageLanguage {
  language: Language;
  languages: Language[];
  /** The locale numbers, money and dates are written in for this reader of the project. */
  locale: string;
  /** Keeps a choice on this device, and on the account when signed in. */
  choose: (language: Language) => Promise<void>;
  /** Whether the reader is an administrator, whose every page says the staff's sentences too (lib/staff-screens.ts). */
  isAdmin: boolean;
}

export function useLanguage(): PageLanguage {
  const { data: project } = useProjectAsWritten();
  const { data: me } = useQuery(meQuery);
  const stored = useSyncExternalStore(subscribe, storedChoice, () => null);
  const options = project?.options;
  const { languages } = offeredLanguages(options);
  const language = readerLanguage({
    chosen: me?.language ?? stored,
    browser: browserLanguages(),
    project: options ?? offeredLanguages(undefined),
  });
  speak(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const choose = useCallback(
    async (next: Language) => {
      try {
        localStorage.setItem(STORED, next);
      } catch {
        // private mode: the choice lasts as long as the page
      }
      speak(next);
      listeners.forEach((listener) => listener());
      if (me) {
        const updated = await api<Me>('/api/me', { method: 'PATCH', body: { language: next } });
        queryClient.setQueryData(meQuery.queryKey, updated);
      }
      // What the server names from the catalogue (a plan, what is still to choose) is said in the language asked for.
      await queryClient.invalidateQueries({
        predicate: ({ queryKey }) => SAID_BY_THE_SERVER.has(String(queryKey[0])) || queryKey.includes('change-order'),
      });
    },
    [me],
  );
  return {
    language,
    languages,
    locale: formattingLocale(language, options?.locale ?? 'en-CA'),
    choose,
    isAdmin: me?.isAdmin === true,
  };
}

import { formattingLocale, readerLanguage, type Language, type Translate } from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import type { Db } from '../../db/client.ts';
import { chosenLanguages } from './mail.repo.ts';

/** Who a mail or document is written for: their language's sentences and the locale their numbers and dates are written in. */
export interface Reader {
  language: Language;
  t: Translate;
  /** The locale of money and dates for this reader of the project (fr-CA: 3 450,50 $). */
  locale: string;
}

export function readerOf(language: Language, projectLocale = 'en-CA'): Reader {
  return { language, t: translatorFor(language), locale: formattingLocale(language, projectLocale) };
}

type ProjectOptions = { languages?: unknown; defaultLanguage?: unknown; locale?: unknown };

/**
 * Each address's reader (docs/languages.md, "Mails and documents"): the language its account
 * chose when the project offers it, else (for a mail a person asked for from a page) the
 * page's language, else the project's default — one query for them all.
 */
export async function readersOf(
  db: Db,
  options: ProjectOptions,
  emails: readonly string[],
  browser: readonly string[] = [],
): Promise<(email: string) => Reader> {
  const locale = typeof options.locale === 'string' ? options.locale : 'en-CA';
  const chosen = await chosenLanguages(db, emails);
  const fallback = readerOf(readerLanguage({ browser, project: options }), locale);
  return (email) => {
    const language = chosen.get(email.toLowerCase());
    return language ? readerOf(readerLanguage({ chosen: language, browser, project: options }), locale) : fallback;
  };
}

/** The reader of one address (a single mail), with the languages of the page that asked for it if one did. */
export async function readerFor(
  db: Db,
  options: ProjectOptions,
  email: string,
  browser: readonly string[] = [],
): Promise<Reader> {
  return (await readersOf(db, options, [email], browser))(email);
}

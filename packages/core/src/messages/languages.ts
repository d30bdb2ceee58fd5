/**
 * The languages the portal speaks (docs/languages.md). A language is a catalogue of the same
 * keys; this file has no catalogue in it, so any page may import it for the price of a list.
 */
export const LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, as a picker offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'fr-CA': 'Français' };

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0]!;

/**
 * The first of `wanted` (a person's choice, then the browser's languages, best first) that one
 * of `offered` speaks: the same tag, else the same language in another region ("fr-FR" reads
 * "fr-CA", "en-US" reads "en"); else `fallback`.
 */
export function matchLanguage(
  wanted: readonly (string | null | undefined)[],
  offered: readonly Language[],
  fallback: Language,
): Language {
  for (const tag of wanted) {
    if (!tag) continue;
    const exact = offered.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const near = offered.find((language) => primary(language) === primary(tag));
    if (near) return near;
  }
  return fallback;
}

/** The languages of an Accept-Language header, best first (quality 0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The platform's own locale: a new project's until it chooses, and the one the platform's pages
 * (`/admin`) write dates and numbers in, in the reader's language, so that a reader sees one
 * style of date on a project's pages and on the platform's (docs/dates.md).
 */
export const PLATFORM_LOCALE = 'en-CA';

/**
 * The locale numbers, money and dates are written in for a reader of `language` on a project
 * whose own locale is `projectLocale`: the project's own when it is the same language (an
 * English reader of an en-CA project reads en-CA), else the language's own region.
 */
export function formattingLocale(language: Language, projectLocale: string): string {
  if (primary(projectLocale) === primary(language)) return projectLocale;
  if (language.includes('-')) return language;
  const region = projectLocale.split('-')[1];
  return region ? `${language}-${region}` : language;
}

/** A project's languages as stored options give them: the list (English when none) and a default that is on it. */
export function projectLanguages(options: { languages?: unknown; defaultLanguage?: unknown } | null | undefined): {
  languages: Language[];
  defaultLanguage: Language;
} {
  const listed = Array.isArray(options?.languages) ? options.languages.filter(isLanguage) : [];
  const languages = listed.length ? [...new Set(listed)] : [DEFAULT_LANGUAGE];
  const defaultLanguage =
    isLanguage(options?.defaultLanguage) && languages.includes(options.defaultLanguage)
      ? options.defaultLanguage
      : languages[0]!;
  return { languages, defaultLanguage };
}

/**
 * The language a person reads a project in (docs/languages.md, "Which language"): their own
 * choice when the project offers it, else the first of their browser's languages it offers,
 * else the project's default.
 */
export function readerLanguage({
  chosen,
  browser,
  project,
}: {
  chosen?: string | null | undefined;
  browser?: readonly string[];
  project: { languages?: unknown; defaultLanguage?: unknown } | null | undefined;
}): Language {
  const { languages, defaultLanguage } = projectLanguages(project);
  return matchLanguage(
    [chosen && languages.includes(chosen as Language) ? chosen : null, ...(browser ?? [])],
    languages,
    defaultLanguage,
  );
}

/** Items as the reader's language lists them: "Oak, Quartz and Tile", « Chêne, Quartz et Carrelage ». */
export function formatList(
  items: readonly string[],
  locale: string,
  type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction',
): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}

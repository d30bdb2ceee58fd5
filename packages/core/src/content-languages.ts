import { projectLanguages, type Language } from './messages/languages.ts';

/**
 * The catalogue's own words in the project's other languages (docs/languages.md, "Content in
 * several languages"). An item's fields are written in the project's default language; its
 * `translations` hold, per other language, the same fields in that language. A blank or
 * missing translation reads as the default language's words, and the catalogue check lists it.
 * No schema here (translations-schema.ts has it): the first page reads these helpers for their few lines.
 */

/** The fields of each collection that may be written in several languages. */
export const TRANSLATABLE_FIELDS = {
  rooms: ['name'],
  categories: ['name'],
  options: ['name', 'description'],
  packages: ['name', 'description'],
  plans: ['name'],
} as const satisfies Record<string, readonly string[]>;
export type TranslatableCollection = keyof typeof TRANSLATABLE_FIELDS;

/** Project options written in several languages: the terms, the tagline and the design centre's hours. */
export const TRANSLATABLE_OPTIONS = ['termsOfService', 'tagline', 'hours'] as const;
export type TranslatableOption = (typeof TRANSLATABLE_OPTIONS)[number];
/** What the design centre writes about money in each language: how to pay offline (`options.payments`). */
export const TRANSLATABLE_PAYMENT_TEXT = 'offlineInstructions';

export type Translations = Partial<Record<Language, Partial<Record<string, string>>>>;

/** What a field reads in `language`: its translation when it has one, else the field itself. */
export function translated(
  value: string,
  translations: Translations | null | undefined,
  field: string,
  language: Language,
): string {
  const words = translations?.[language]?.[field];
  return typeof words === 'string' && words.trim() ? words : value;
}

/**
 * An item as a reader of `language` reads it: its translatable fields in that language where
 * they are written, the default language's words elsewhere. The item's other fields, its
 * `translations` included, are kept, so an editor can still read every language.
 */
export function localised<T extends { translations?: Translations | null }>(
  item: T,
  fields: readonly string[],
  language: Language,
  defaultLanguage: Language,
): T {
  if (language === defaultLanguage || !item.translations?.[language]) return item;
  const copy: Record<string, unknown> = { ...item };
  for (const field of fields)
    if (typeof copy[field] === 'string')
      copy[field] = translated(copy[field] as string, item.translations, field, language);
  return copy as T;
}

/** The same for an item of a collection named by its name (no change for a collection without translatable fields). */
export function localisedItem<T extends { translations?: Translations | null }>(
  collection: string,
  item: T,
  language: Language,
  defaultLanguage: Language,
): T {
  const fields = (TRANSLATABLE_FIELDS as Record<string, readonly string[]>)[collection];
  return fields ? localised(item, fields, language, defaultLanguage) : item;
}

/** The languages (of `languages` but the default) in which a field that has words in the default language has none. */
export function missingLanguages(
  item: Record<string, unknown> & { translations?: Translations | null },
  field: string,
  languages: readonly Language[],
  defaultLanguage: Language,
): Language[] {
  const value = item[field];
  if (typeof value !== 'string' || !value.trim()) return [];
  return languages.filter(
    (language) => language !== defaultLanguage && !item.translations?.[language]?.[field]?.trim(),
  );
}

/** Merges translations a change sends into those kept: a language or a field it does not name stays as it was. */
export function mergeTranslations(
  kept: Translations | null | undefined,
  sent: Translations | null | undefined,
): Translations {
  const merged: Translations = { ...kept };
  for (const [language, fields] of Object.entries(sent ?? {}) as [Language, Record<string, string>][])
    merged[language] = { ...merged[language], ...fields };
  return merged;
}

interface TranslatableOptions {
  termsOfService?: string;
  tagline?: string;
  contact?: { hours?: string } & Record<string, unknown>;
  payments?: { offlineInstructions?: string } & Record<string, unknown>;
  translations?: Translations;
}

/** A project's options as a reader of `language` reads them: its terms, tagline and design centre's hours in that language where written. */
export function localisedOptions<T extends TranslatableOptions>(
  options: T,
  language: Language,
  defaultLanguage: Language,
): T {
  const words = options.translations?.[language];
  if (language === defaultLanguage || !words) return options;
  const said = (field: TranslatableOption | typeof TRANSLATABLE_PAYMENT_TEXT, value: string | undefined) =>
    value === undefined ? value : translated(value, options.translations, field, language);
  return {
    ...options,
    ...(options.termsOfService !== undefined ? { termsOfService: said('termsOfService', options.termsOfService) } : {}),
    ...(options.tagline !== undefined ? { tagline: said('tagline', options.tagline) } : {}),
    ...(options.payments?.offlineInstructions !== undefined
      ? {
          payments: {
            ...options.payments,
            offlineInstructions: said(TRANSLATABLE_PAYMENT_TEXT, options.payments.offlineInstructions),
          },
        }
      : {}),
    ...(options.contact
      ? {
          contact: {
            ...options.contact,
            ...(options.contact.hours !== undefined ? { hours: said('hours', options.contact.hours) } : {}),
          },
        }
      : {}),
  };
}

/** A project as a reader of `language` reads it: its rooms' names, terms, tagline and hours in that language where written. */
export function projectInLanguage<
  T extends {
    options: TranslatableOptions & { languages?: unknown; defaultLanguage?: unknown };
    rooms: Array<{ name: string; translations?: Translations | undefined }>;
  },
>(project: T, language: Language): T {
  const { defaultLanguage } = projectLanguages(project.options);
  if (language === defaultLanguage) return project;
  return {
    ...project,
    options: localisedOptions(project.options, language, defaultLanguage),
    rooms: project.rooms.map((room) => localised(room, TRANSLATABLE_FIELDS.rooms, language, defaultLanguage)),
  };
}

/** A field of an item's stored data (`name` unless told) in `language` where written, else as stored. */
export function fieldIn(data: Record<string, unknown>, language?: Language, field = 'name'): string {
  const value = typeof data[field] === 'string' ? (data[field] as string) : String(data[field] ?? '');
  return language ? translated(value, data.translations as Translations | undefined, field, language) : value;
}

/** What the catalogue check says is not yet written in a language: per collection, how many items, and the first few by name. */
export interface MissingTranslation {
  collection: TranslatableCollection;
  language: Language;
  count: number;
  names: string[];
}

/**
 * The items of each translatable collection that lack, in one of the project's other languages,
 * a translatable field they have in the default language (docs/languages.md): the catalogue
 * check lists them, and buyers reading that language see the default language's words there.
 */
export function missingTranslations(
  items: ReadonlyArray<{ collection: string; data: Record<string, unknown> }>,
  languages: readonly Language[],
  defaultLanguage: Language,
  shown = 5,
): MissingTranslation[] {
  const missing: MissingTranslation[] = [];
  for (const collection of Object.keys(TRANSLATABLE_FIELDS) as TranslatableCollection[]) {
    const fields = TRANSLATABLE_FIELDS[collection];
    const own = items.filter((item) => item.collection === collection);
    for (const language of languages) {
      if (language === defaultLanguage) continue;
      const lacking = own.filter((item) =>
        fields.some((field) => missingLanguages(item.data, field, [language], defaultLanguage).length > 0),
      );
      if (lacking.length)
        missing.push({
          collection,
          language,
          count: lacking.length,
          names: lacking.slice(0, shown).map((item) => String(item.data.name ?? '')),
        });
    }
  }
  return missing;
}

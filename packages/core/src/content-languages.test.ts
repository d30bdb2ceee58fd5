import { describe, expect, it } from 'vitest';
import {
  fieldIn,
  localised,
  localisedOptions,
  mergeTranslations,
  missingTranslations,
  projectInLanguage,
  TRANSLATABLE_FIELDS,
} from './content-languages.ts';
import { optionSchema, roomSchema } from './collections.ts';
import { projectOptionsInputSchema } from './contracts.ts';
import { columnValue, guessMapping, importDefinition, readCell } from './imports.ts';

const option = {
  name: 'Engineered Oak – Honey',
  description: 'Engineered white oak, honey stain.',
  price: 250_000,
  translations: { 'fr-CA': { name: 'Chêne d’ingénierie – Miel', description: '' } },
};

describe('content in several languages', () => {
  it('reads an item in the reader’s language where it is written, in the default language elsewhere', () => {
    const french = localised(option, TRANSLATABLE_FIELDS.options, 'fr-CA', 'en');
    expect(french.name).toBe('Chêne d’ingénierie – Miel');
    // A blank translation is no translation: the default language's words stand in.
    expect(french.description).toBe('Engineered white oak, honey stain.');
    // Everything else, the translations included, is kept for whoever edits it.
    expect(french).toMatchObject({ price: 250_000, translations: option.translations });
    expect(localised(option, TRANSLATABLE_FIELDS.options, 'en', 'en')).toBe(option);
    expect(fieldIn(option, 'fr-CA')).toBe('Chêne d’ingénierie – Miel');
    expect(fieldIn(option, 'fr-CA', 'description')).toBe('Engineered white oak, honey stain.');
    expect(fieldIn({ name: 'Foyer' }, 'fr-CA')).toBe('Foyer');
  });

  it('validates translations like any field: a known language, known fields, the same lengths', () => {
    const base = { name: 'Oak', category: '0190a1b2-0000-7000-8000-000000000001', price: 0 };
    expect(optionSchema.safeParse({ ...base, translations: { 'fr-CA': { name: 'Chêne' } } }).success).toBe(true);
    expect(optionSchema.safeParse({ ...base, translations: { de: { name: 'Eiche' } } }).success).toBe(false);
    expect(optionSchema.safeParse({ ...base, translations: { 'fr-CA': { vendor: 'Bois' } } }).success).toBe(false);
    expect(optionSchema.safeParse({ ...base, translations: { 'fr-CA': { name: 'x'.repeat(201) } } }).success).toBe(
      false,
    );
    // A room has a name only.
    expect(
      roomSchema.safeParse({ name: 'Kitchen', translations: { 'fr-CA': { description: 'Cuisine' } } }).success,
    ).toBe(false);
    expect(
      projectOptionsInputSchema.safeParse({
        translations: { 'fr-CA': { tagline: 'À votre image.', hours: 'lun.–ven.' } },
      }).success,
    ).toBe(true);
    expect(projectOptionsInputSchema.safeParse({ translations: { 'fr-CA': { name: 'Érable' } } }).success).toBe(false);
  });

  it('reads a project’s terms, tagline, hours and rooms in the reader’s language', () => {
    const project = {
      options: {
        languages: ['en', 'fr-CA'],
        defaultLanguage: 'en',
        tagline: 'Make it yours.',
        termsOfService: 'Terms',
        contact: { name: 'Design Centre', hours: 'Mon–Sat' },
        translations: { 'fr-CA': { tagline: 'À votre image.', hours: 'lun.–sam.' } },
      },
      rooms: [{ name: 'Kitchen', translations: { 'fr-CA': { name: 'Cuisine' } } }, { name: 'Foyer' }],
    };
    const french = projectInLanguage(project, 'fr-CA');
    expect(french.options).toMatchObject({
      tagline: 'À votre image.',
      termsOfService: 'Terms',
      contact: { name: 'Design Centre', hours: 'lun.–sam.' },
    });
    expect(french.rooms.map((room) => room.name)).toEqual(['Cuisine', 'Foyer']);
    expect(projectInLanguage(project, 'en')).toBe(project);
    expect(localisedOptions(project.options, 'en', 'en')).toBe(project.options);
  });

  it('lists, per collection and language, the items not yet written in it', () => {
    const items = [
      { collection: 'options', data: option },
      {
        collection: 'options',
        data: { name: 'Quartz', description: '', translations: { 'fr-CA': { name: 'Quartz' } } },
      },
      { collection: 'rooms', data: { name: 'Kitchen', translations: {} } },
      { collection: 'units', data: { name: '101' } },
    ];
    expect(missingTranslations(items, ['en', 'fr-CA'], 'en')).toEqual([
      { collection: 'rooms', language: 'fr-CA', count: 1, names: ['Kitchen'] },
      // The oak lacks its French description; the quartz has no description to translate.
      { collection: 'options', language: 'fr-CA', count: 1, names: ['Engineered Oak – Honey'] },
    ]);
    expect(missingTranslations(items, ['en'], 'en')).toEqual([]);
  });

  it('merges the translations a change sends into those kept', () => {
    expect(
      mergeTranslations({ 'fr-CA': { name: 'Chêne', description: 'Bois' } }, { 'fr-CA': { name: 'Chêne blanc' } }),
    ).toEqual({
      'fr-CA': { name: 'Chêne blanc', description: 'Bois' },
    });
  });

  it('imports and exports a column per other language of the project', () => {
    const definition = importDefinition('options', { languages: ['en', 'fr-CA'], defaultLanguage: 'en' });
    const french = definition.columns.filter((column) => column.field.startsWith('translations.'));
    expect(french.map((column) => [column.field, column.header])).toEqual([
      ['translations.fr-CA.name', 'Name (fr-CA)'],
      ['translations.fr-CA.description', 'Description (fr-CA)'],
    ]);
    expect(
      importDefinition('options', { languages: ['en'], defaultLanguage: 'en' }).columns.some((c) =>
        c.field.startsWith('translations.'),
      ),
    ).toBe(false);
    expect(
      importDefinition('units', { languages: ['en', 'fr-CA'], defaultLanguage: 'en' }).columns.some((c) =>
        c.field.startsWith('translations.'),
      ),
    ).toBe(false);
    // A French project's English column.
    expect(
      importDefinition('rooms', { languages: ['fr-CA', 'en'], defaultLanguage: 'fr-CA' }).columns.at(-1),
    ).toMatchObject({
      field: 'translations.en.name',
      header: 'Name (en)',
    });
    expect(guessMapping(definition, ['SKU', 'Name', 'Name (fr)', 'Description fr-CA'])).toMatchObject({
      name: 'Name',
      'translations.fr-CA.name': 'Name (fr)',
      'translations.fr-CA.description': 'Description fr-CA',
    });
    expect(columnValue(option, 'translations.fr-CA.name')).toBe('Chêne d’ingénierie – Miel');
    expect(columnValue(option, 'name')).toBe('Engineered Oak – Honey');
    expect(
      readCell(french[0]!, 'Chêne blanc', { currency: 'CAD', locale: 'en-CA', timeZone: 'UTC', find: () => undefined }),
    ).toEqual({ value: 'Chêne blanc' });
  });
});

import { TRANSLATABLE_FIELDS, type Translations } from './content-languages.ts';
import type { Language } from './messages/languages.ts';
import type { CoreKey, Translate } from './messages/index.ts';
import { z } from 'zod';
import { csvText } from './csv.ts';
import { amountFieldText, numberFieldText, readMoney, readNumber } from './numbers.ts';
import { readZonedDateTime } from './dates.ts';
import { SURFACES } from './surfaces.ts';
import { UNIT_STATUSES } from './collections.ts';

/**
 * What can be imported from (and exported to) CSV, column by column (docs/imports.md). A
 * row is matched to an existing item by its key (a unit's name, an option's SKU, a room's
 * name); references are written by name (an option's category, a unit's plan) or by SKU (an
 * option's rules), so that a file made in a spreadsheet needs no ids, and the export of a
 * collection imports back to exactly the same items.
 */

export const IMPORT_KINDS = ['units', 'options', 'categories', 'rooms', 'plans'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export type ColumnType =
  'text' | 'integer' | 'number' | 'money' | 'boolean' | 'choice' | 'date' | 'ref' | 'refs' | 'emails';

export interface ImportColumn {
  /** The item's field (`buyers` of a unit are e-mail addresses, turned into invitations). */
  field: string;
  /** The column's heading in an exported file; the mapping's first guess. */
  header: string;
  type: ColumnType;
  /** For references: the collection referred to, and what a cell names it by. */
  collection?: string;
  by?: 'name' | 'sku';
  /** For choices: the values allowed. */
  values?: readonly string[];
  /** Needed to create an item (an existing one keeps its value when the cell is blank). */
  requiredForNew?: boolean;
  /** Other headings that mean this column ("Unit", "Suite"), compared without case or spaces. */
  aliases?: string[];
  /** One sentence for the mapping screen. */
  help?: string;
}

export interface ImportKindDefinition {
  kind: ImportKind;
  collection: string;
  label: string;
  /** The field that finds the existing item a row changes; blank keys create new items (options only). */
  key: string;
  columns: ImportColumn[];
}

const name = (aliases: string[] = []): ImportColumn => ({
  field: 'name',
  header: 'Name',
  type: 'text',
  requiredForNew: true,
  aliases,
});

export const IMPORT_DEFINITIONS: Record<ImportKind, ImportKindDefinition> = {
  units: {
    kind: 'units',
    collection: 'units',
    label: 'Units and buyers',
    key: 'name',
    columns: [
      name(['unit', 'unit name', 'suite', 'unit number']),
      { field: 'floor', header: 'Floor', type: 'integer', requiredForNew: true, aliases: ['level', 'storey'] },
      {
        field: 'plan',
        header: 'Plan',
        type: 'ref',
        collection: 'plans',
        by: 'name',
        requiredForNew: true,
        aliases: ['floor plan', 'plan name', 'layout'],
        help: 'The name of one of the project’s plans.',
      },
      { field: 'status', header: 'Status', type: 'choice', values: UNIT_STATUSES },
      {
        field: 'deadline',
        header: 'Deadline',
        type: 'date',
        aliases: ['due', 'due date', 'selection deadline'],
        help: 'A date (2027-03-31: the end of that day in the project’s time zone), or a date and time.',
      },
      { field: 'basePrice', header: 'Base price', type: 'money', aliases: ['price'] },
      { field: 'area', header: 'Area', type: 'number', aliases: ['size', 'area m2', 'sq m'] },
      {
        field: 'buyers',
        header: 'Buyers',
        type: 'emails',
        aliases: ['buyer', 'buyer email', 'email', 'purchaser', 'purchaser email', 'owner', 'owner email'],
        help: 'E-mail addresses separated by semicolons; each new one gets an invitation to the unit.',
      },
    ],
  },
  options: {
    kind: 'options',
    collection: 'options',
    label: 'Options',
    key: 'sku',
    columns: [
      {
        field: 'sku',
        header: 'SKU',
        type: 'text',
        aliases: ['item code', 'product code', 'code'],
        help: 'Finds the option to update; rules name options by it.',
      },
      name(['option', 'option name', 'product', 'item']),
      {
        field: 'category',
        header: 'Category',
        type: 'ref',
        collection: 'categories',
        by: 'name',
        requiredForNew: true,
      },
      { field: 'price', header: 'Price', type: 'money', requiredForNew: true, aliases: ['upgrade price'] },
      {
        field: 'cost',
        header: 'Cost',
        type: 'money',
        aliases: ['unit cost', 'our cost', 'builder cost'],
        help: 'What the option costs you: staff only, for the margin in Reports; an empty cell leaves it as it is.',
      },
      { field: 'vendor', header: 'Vendor', type: 'text', aliases: ['supplier', 'manufacturer'] },
      { field: 'level', header: 'Level', type: 'integer', aliases: ['tier'] },
      {
        field: 'recommendation',
        header: 'Recommendation',
        type: 'integer',
        aliases: ['rank', 'recommended'],
        help: 'The design centre’s rank, 1 (least) to 5 (most), that Fit my budget favours.',
      },
      { field: 'standard', header: 'Standard', type: 'boolean', aliases: ['included', 'standard finish'] },
      { field: 'active', header: 'Offered', type: 'boolean', aliases: ['active', 'available'] },
      { field: 'description', header: 'Description', type: 'text' },
      { field: 'rooms', header: 'Rooms', type: 'refs', collection: 'rooms', by: 'name' },
      { field: 'plans', header: 'Plans', type: 'refs', collection: 'plans', by: 'name' },
      {
        field: 'requires',
        header: 'Requires',
        type: 'refs',
        collection: 'options',
        by: 'sku',
        aliases: ['needs'],
        help: 'SKUs of the options it needs, separated by semicolons.',
      },
      {
        field: 'excludes',
        header: 'Excludes',
        type: 'refs',
        collection: 'options',
        by: 'sku',
        aliases: ['cannot be combined with'],
        help: 'SKUs of the options it cannot be combined with.',
      },
    ],
  },
  categories: {
    kind: 'categories',
    collection: 'categories',
    label: 'Categories',
    key: 'name',
    columns: [
      name(['category']),
      { field: 'rooms', header: 'Rooms', type: 'refs', collection: 'rooms', by: 'name' },
      { field: 'order', header: 'Order', type: 'number', aliases: ['position'] },
      { field: 'required', header: 'Required', type: 'boolean' },
      { field: 'multiple', header: 'Several per room', type: 'boolean', aliases: ['multiple'] },
      { field: 'quantities', header: 'Quantities', type: 'boolean', aliases: ['by the piece'] },
      { field: 'allowance', header: 'Allowance', type: 'money' },
      { field: 'surface', header: '3D surface', type: 'choice', values: SURFACES, aliases: ['surface'] },
    ],
  },
  rooms: {
    kind: 'rooms',
    collection: 'rooms',
    label: 'Rooms',
    key: 'name',
    columns: [
      name(['room', 'room name']),
      { field: 'order', header: 'Order', type: 'number', aliases: ['position'] },
      { field: 'slug', header: 'Slug', type: 'text' },
      { field: 'plans', header: 'Plans', type: 'refs', collection: 'plans', by: 'name' },
    ],
  },
  plans: {
    kind: 'plans',
    collection: 'plans',
    label: 'Plans',
    key: 'name',
    columns: [
      name(['plan', 'plan name', 'layout']),
      { field: 'bedrooms', header: 'Bedrooms', type: 'integer', aliases: ['beds'] },
      { field: 'bathrooms', header: 'Bathrooms', type: 'number', aliases: ['baths'] },
      { field: 'area', header: 'Area', type: 'number', requiredForNew: true, aliases: ['size', 'area m2'] },
      { field: 'rooms', header: 'Rooms', type: 'refs', collection: 'rooms', by: 'name' },
    ],
  },
};

/**
 * A kind's columns for a project (docs/imports.md, "Languages"): the columns above, in the
 * project's default language, then each translatable one once per other language of the
 * project ("Name (fr-CA)"), whose cells are the item's `translations`.
 */
export function importDefinition(
  kind: ImportKind,
  project?: { languages: readonly Language[]; defaultLanguage: Language },
  say?: Translate,
): ImportKindDefinition {
  const definition = say ? inLanguage(IMPORT_DEFINITIONS[kind], say) : IMPORT_DEFINITIONS[kind];
  const fields = (TRANSLATABLE_FIELDS as Record<string, readonly string[]>)[definition.collection] ?? [];
  const others = project ? project.languages.filter((language) => language !== project.defaultLanguage) : [];
  const translated = others.flatMap((language) =>
    definition.columns
      .filter((column) => fields.includes(column.field))
      .map((column): ImportColumn => ({
        field: `translations.${language}.${column.field}`,
        header: `${column.header} (${language})`,
        type: 'text',
        aliases: [
          `${column.header} (${primaryTag(language)})`,
          `${column.field} ${language}`,
          `${column.field} ${primaryTag(language)}`,
        ],
      })),
  );
  return translated.length ? { ...definition, columns: [...definition.columns, ...translated] } : definition;
}

/**
 * A kind's columns as a reader of `say`'s language reads them: headings and help from the
 * catalogue (a file with the English headings still maps: they stay among the aliases).
 */
function inLanguage(definition: ImportKindDefinition, say: Translate): ImportKindDefinition {
  return {
    ...definition,
    columns: definition.columns.map((column) => {
      const help = say(`import.help.${definition.kind}.${column.field}` as CoreKey);
      return {
        ...column,
        header: say(`import.header.${column.field}` as CoreKey),
        aliases: [column.header, ...(column.aliases ?? [])],
        ...(column.help ? { help: help.startsWith('import.help.') ? column.help : help } : {}),
      };
    }),
  };
}

const primaryTag = (language: string) => language.split('-')[0]!;

/** A column's value in an item's stored data: its field, or for a language's column the translation (`translations.fr-CA.name`). */
export function columnValue(data: Record<string, unknown>, field: string): unknown {
  if (!field.startsWith('translations.')) return data[field];
  const [, language = '', name = ''] = field.split('.');
  return (data.translations as Translations | undefined)?.[language as Language]?.[name];
}

/** Which column of the file feeds each field: the column's heading, or null for none. */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(200).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A heading reduced to its letters and digits, singular: "Buyer e-mails" and "buyer email" are the same. */
const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .replace(/s$/, '');

/**
 * The mapping a file starts with: the remembered one where its headings are in the file,
 * then a heading equal (ignoring case, spaces and punctuation) to the column's heading, its
 * field or one of its aliases.
 */
export function guessMapping(
  kind: ImportKind | ImportKindDefinition,
  headers: string[],
  remembered: ImportMapping = {},
): ImportMapping {
  const byShape = new Map(headers.map((header) => [squash(header), header]));
  const mapping: ImportMapping = {};
  for (const column of (typeof kind === 'string' ? IMPORT_DEFINITIONS[kind] : kind).columns) {
    const kept = remembered[column.field];
    if (kept && headers.includes(kept)) {
      mapping[column.field] = kept;
      continue;
    }
    const names = [column.header, column.field, ...(column.aliases ?? [])].map(squash);
    mapping[column.field] = names.map((n) => byShape.get(n)).find((h) => h !== undefined) ?? null;
  }
  return mapping;
}

/** Splits a list cell: `;` between values (and for e-mail addresses commas and spaces too). */
export function listOf(cell: string, type: ColumnType): string[] {
  const parts = cell.split(type === 'emails' ? /[;,\s]+/ : ';');
  return parts.map((p) => p.trim()).filter(Boolean);
}

const TRUE = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'ja', 'si', 'sí']);
const FALSE = new Set(['no', 'n', 'false', '0', 'non', 'nein']);
const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/** What a cell becomes: the field's value, or a sentence saying what is wrong with it. */
/** A cell's value, or why it has none: in English (`error`) and as a catalogue key with its values, for the reader's language. */
export type CellResult = { value: unknown } | CellProblem;
export interface CellProblem {
  error: string;
  key: CoreKey;
  params?: Record<string, string | number>;
}

const problem = (key: CoreKey, error: string, params?: Record<string, string | number>): CellProblem => ({
  error,
  key,
  ...(params ? { params } : {}),
});
/** A reading's refusal said of the cell: its own key and values, the cell in front. */
const ofCell = (
  cell: string,
  refusal: { problem: string; key: CoreKey; params?: Record<string, string | number> },
): CellProblem =>
  problem('import.cell', `“${cell}”: ${refusal.problem}`, { cell, problemKey: refusal.key, ...refusal.params });

export interface CellContext {
  currency: string;
  /** The project's locale: numbers and amounts are read in its format (docs/numbers.md). */
  locale: string;
  /** The project's time zone: a date, or a date and time without an offset, is read there (docs/dates.md). */
  timeZone: string;
  /** The id of the item of `collection` called `value` (by name or SKU), if there is one. */
  find: (collection: string, by: 'name' | 'sku', value: string) => string | undefined;
  /** Every language's words (`import.value`): a choice or a yes/no is read in any of them, or as its code. */
  says?: readonly Translate[];
  /** The reader's words, to list a choice's values in when a cell is none of them. */
  say?: Translate;
}

/** A value's words in each language, lower-cased, so a cell matches whichever a person wrote. */
function wordsOf(value: string, says: readonly Translate[] = []): string[] {
  return [value.toLowerCase(), ...says.map((say) => say('import.value', { value }).toLowerCase())];
}

/**
 * Reads one non-blank cell for its column. A reference names an item that must exist (or be
 * made by the same file, which `find` knows); the sentence says what was expected.
 */
export function readCell(column: ImportColumn, raw: string, context: CellContext): CellResult {
  const cell = csvText(raw.trim());
  switch (column.type) {
    case 'text':
      return { value: cell };
    case 'integer':
    case 'number': {
      const reading = readNumber(cell, context.locale, { integer: column.type === 'integer' });
      return reading.ok ? { value: reading.value } : problem(reading.key, reading.problem, reading.params);
    }
    case 'money': {
      const reading = readMoney(cell, context);
      return reading.ok ? { value: reading.value } : problem(reading.key, reading.problem, reading.params);
    }
    case 'boolean': {
      const word = cell.toLowerCase();
      if (TRUE.has(word) || wordsOf('yes', context.says).includes(word)) return { value: true };
      if (FALSE.has(word) || wordsOf('no', context.says).includes(word)) return { value: false };
      return problem('import.not-yes-no', `“${cell}” is not yes or no.`, { cell });
    }
    case 'choice': {
      const value = column.values?.find((v) => wordsOf(v, context.says).includes(cell.toLowerCase()));
      return value
        ? { value }
        : problem('import.not-one-of', `“${cell}” is not one of ${column.values?.join(', ')}.`, {
            cell,
            values: (column.values ?? [])
              .map((v) => (context.say ? context.say('import.value', { value: v }) : v))
              .join(', '),
          });
    }
    case 'date': {
      // A moment with its offset is that moment; a date alone is the end of that day, and a date
      // and time without an offset that time, in the project's zone.
      const withOffset = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/i;
      if (withOffset.test(cell)) {
        const instant = Date.parse(cell.replace(' ', 'T'));
        return Number.isNaN(instant)
          ? problem('import.not-date', `“${cell}” is not a date.`, { cell })
          : { value: new Date(instant).toISOString() };
      }
      const reading = readZonedDateTime(cell, context.timeZone);
      return reading.ok ? { value: reading.iso } : ofCell(cell, reading);
    }
    case 'ref': {
      const id = context.find(column.collection!, column.by!, cell);
      return id ? { value: id } : notFound(column, [cell]);
    }
    case 'refs': {
      const names = listOf(cell, 'refs');
      const missing = names.filter((n) => !context.find(column.collection!, column.by!, n));
      if (missing.length) return notFound(column, missing);
      return { value: [...new Set(names.map((n) => context.find(column.collection!, column.by!, n)!))] };
    }
    case 'emails': {
      const emails = listOf(cell, 'emails').map((e) => e.toLowerCase());
      const bad = emails.filter((e) => !EMAIL.test(e));
      if (bad.length) {
        const list = bad.map((e) => `“${e}”`).join(', ');
        return problem(
          'import.not-email',
          `${list} ${bad.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'}.`,
          {
            count: bad.length,
            list,
          },
        );
      }
      return { value: [...new Set(emails)] };
    }
  }
}

const COLLECTION_WORDS: Record<string, [string, string]> = {
  plans: ['plan', 'plans'],
  categories: ['category', 'categories'],
  rooms: ['room', 'rooms'],
  options: ['option', 'options'],
};

function notFound(column: ImportColumn, names: string[]): CellProblem {
  const [one, many] = COLLECTION_WORDS[column.collection!] ?? ['item', 'items'];
  const how = column.by === 'sku' ? 'with the SKU' : 'called';
  const list = names.map((n) => `“${n}”`).join(', ');
  const english =
    names.length === 1
      ? `There is no ${one} ${how} ${list} in this project.`
      : `There are no ${many} ${how} ${list} in this project.`;
  return problem('import.not-found', english, {
    count: names.length,
    collection: column.collection ?? 'items',
    by: column.by ?? 'name',
    names: list,
  });
}

export interface WriteContext {
  currency: string;
  /** The project's locale: numbers and amounts are written in its format, as `readCell` reads them. */
  locale: string;
  /** The name (or SKU) of the item an id refers to. */
  label: (collection: string, by: 'name' | 'sku', id: string) => string | undefined;
  /** The reader's words for a choice and a yes/no (`import.value`); the codes when not given. */
  say?: Translate;
}

/** A field's value as its export cell writes it; `readCell` reads it back to the same value. */
export function writeCell(column: ImportColumn, value: unknown, context: WriteContext): string {
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? amountFieldText(value, context.currency, context.locale) : '';
    case 'number':
    case 'integer':
      return typeof value === 'number' ? numberFieldText(value, context.locale) : String(value);
    case 'boolean':
      return context.say
        ? context.say('import.value', { value: value === true ? 'yes' : 'no' })
        : value === true
          ? 'yes'
          : 'no';
    case 'choice':
      return context.say ? context.say('import.value', { value: String(value) }) : String(value);
    case 'ref':
      return context.label(column.collection!, column.by!, String(value)) ?? '';
    case 'refs':
    case 'emails':
      return Array.isArray(value)
        ? value
            .map((v) =>
              column.type === 'emails' ? String(v) : context.label(column.collection!, column.by!, String(v)),
            )
            .filter(Boolean)
            .join('; ')
        : '';
    default:
      return String(value);
  }
}

/** What one import did (or, on a dry run, would do). */
export const importCountsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invited: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** A problem with one row: its row in the spreadsheet (the heading is row 1), the column, a sentence. */
export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importRecordSchema = z.object({
  _id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  fileUrl: z.string().nullable(),
  mapping: importMappingSchema,
  counts: importCountsSchema,
  by: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

/** The answer to a dry run (nothing written) and to an applied import (`record` set). */
export const importResultSchema = z.object({
  applied: z.boolean(),
  counts: importCountsSchema,
  problems: z.array(importProblemSchema),
  /** More problems than are listed. */
  moreProblems: z.number().int(),
  /** What the first rows become, in words, so the manager sees the mapping is right. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged']),
      key: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
  ),
  record: importRecordSchema.nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A cell's problem in the reader's language (`t`), a reading's own problem said inside it. */
export function sayCellProblem(found: CellProblem, t: Translate): string {
  if (found.key !== 'import.cell') return t(found.key, found.params);
  const { cell = '', problemKey, ...rest } = found.params ?? {};
  return t('import.cell', { cell, problem: t(problemKey as CoreKey, rest) });
}

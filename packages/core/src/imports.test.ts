import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  importDefinition,
  IMPORT_DEFINITIONS,
  IMPORT_KINDS,
  readCell,
  sayCellProblem,
  writeCell,
  type CellContext,
  type ImportColumn,
  type ImportKind,
} from './imports.ts';
import { translator } from './messages/index.ts';
import { EN, FR_CA } from './messages/all.ts';

const items: Record<string, Record<string, string>> = {
  plans: { 'Plan A': 'p1', 'Plan B': 'p2' },
  options: { 'SKU-1': 'o1', 'SKU-2': 'o2' },
};
const context: CellContext = {
  currency: 'CAD',
  locale: 'en-CA',
  timeZone: 'America/Toronto',
  find: (collection, _by, value) => items[collection]?.[value],
};
const column = (kind: keyof typeof IMPORT_DEFINITIONS, field: string): ImportColumn =>
  IMPORT_DEFINITIONS[kind].columns.find((c) => c.field === field)!;

describe('import columns', () => {
  it('reads amounts and numbers in the project’s own number format, refusing what could mean two', () => {
    const money = column('options', 'price');
    expect(readCell(money, '1,250.50', context)).toEqual({ value: 125050 });
    expect(readCell(money, '$ 450,000', context)).toEqual({ value: 45000000 });
    expect(readCell(money, '-75', context)).toEqual({ value: -7500 });
    expect(readCell(money, 'CAD 10.00', context)).toEqual({ value: 1000 });
    expect(readCell(money, '1.234', context)).toMatchObject({ error: expect.stringContaining('decimals') });
    expect(readCell(money, '12,5', context)).toMatchObject({ error: expect.stringContaining('not clear') });
    const french = { ...context, currency: 'EUR', locale: 'fr-CA' };
    expect(readCell(money, '3450,50', french)).toEqual({ value: 345050 });
    expect(readCell(column('units', 'area'), '84,2', french)).toEqual({ value: 84.2 });
    expect(readCell(column('units', 'area'), '84,2', context)).toMatchObject({
      error: expect.stringContaining('not clear'),
    });
    expect(readCell(money, '3.450', french)).toMatchObject({ error: expect.stringContaining('not clear') });
  });

  it('reads a date alone as the end of that day, and a time without an offset, in the project’s zone', () => {
    expect(readCell(column('units', 'deadline'), '2027-03-31', context)).toEqual({ value: '2027-04-01T03:59:00.000Z' });
    expect(readCell(column('units', 'deadline'), '2027-03-31 17:00', context)).toEqual({
      value: '2027-03-31T21:00:00.000Z',
    });
    expect(readCell(column('units', 'deadline'), '2027-03-31', { ...context, timeZone: 'Asia/Tokyo' })).toEqual({
      value: '2027-03-31T14:59:00.000Z',
    });
  });

  it('says what is wrong with a cell in words', () => {
    expect(readCell(column('units', 'floor'), '2.5', context)).toMatchObject({ error: '“2.5” is not a whole number.' });
    expect(readCell(column('units', 'plan'), 'Plan Z', context)).toMatchObject({
      error: 'There is no plan called “Plan Z” in this project.',
    });
    expect(readCell(column('options', 'requires'), 'SKU-1; SKU-9; SKU-8', context)).toMatchObject({
      error: 'There are no options with the SKU “SKU-9”, “SKU-8” in this project.',
    });
    expect(readCell(column('units', 'status'), 'gone', context)).toMatchObject({
      error: '“gone” is not one of available, reserved, sold.',
    });
    expect(readCell(column('units', 'buyers'), 'a@b.co; nobody', context)).toMatchObject({
      error: '“nobody” is not an e-mail address.',
    });
    expect(readCell(column('units', 'deadline'), '2027-02-30', context)).toMatchObject({
      error: '“2027-02-30”: There is no 2027-02-30 in the calendar.',
    });
    expect(readCell(column('options', 'standard'), 'maybe', context)).toMatchObject({
      error: '“maybe” is not yes or no.',
    });
  });

  it('says each problem from its catalogue key: the same words in English, the reader’s in French', () => {
    const cells: Array<[ImportKind, string, string]> = [
      ['units', 'floor', '2.5'],
      ['units', 'plan', 'Plan Z'],
      ['options', 'requires', 'SKU-1; SKU-9; SKU-8'],
      ['units', 'status', 'gone'],
      ['units', 'buyers', 'a@b.co; nobody'],
      ['units', 'deadline', '2027-02-30'],
      ['options', 'standard', 'maybe'],
      ['units', 'basePrice', '3450,50'],
    ];
    const english = translator(EN, 'en');
    const french = translator(FR_CA, 'fr-CA');
    for (const [kind, field, cell] of cells) {
      const read = readCell(column(kind, field), cell, context);
      if (!('error' in read)) throw new Error(`${field} read “${cell}”`);
      expect(sayCellProblem(read, english)).toBe(read.error);
      expect(sayCellProblem(read, french)).not.toBe(read.error);
    }
    const plan = readCell(column('units', 'plan'), 'Plan Z', context);
    expect('error' in plan && sayCellProblem(plan, french)).toBe('Aucun plan ne s’appelle “Plan Z” dans ce projet.');
    const date = readCell(column('units', 'deadline'), '2027-02-30', context);
    expect('error' in date && sayCellProblem(date, french).replace(/[\u00a0\u202f]/g, ' ')).toBe(
      '« 2027-02-30 » : Le 2027-02-30 n’existe pas dans le calendrier.',
    );
  });

  it('writes choices and yes/no in the reader’s words and reads them back in any language or as codes', () => {
    const [english, frenchSay] = [translator(EN, 'en'), translator(FR_CA, 'fr-CA')];
    const status = column('units', 'status');
    const offered = column('options', 'active');
    const writing = { currency: 'CAD', locale: 'fr-CA', label: () => undefined, say: frenchSay };
    expect(writeCell(status, 'sold', writing)).toBe('vendue');
    expect(writeCell(offered, true, writing)).toBe('oui');
    expect(writeCell(status, 'sold', { ...writing, say: english })).toBe('sold');
    const reading: CellContext = { ...context, says: [english, frenchSay], say: frenchSay };
    for (const cell of ['vendue', 'Vendue', 'sold', 'SOLD'])
      expect(readCell(status, cell, reading)).toEqual({ value: 'sold' });
    expect(readCell(status, 'réservée', reading)).toEqual({ value: 'reserved' });
    expect(readCell(offered, 'Non', reading)).toEqual({ value: false });
    // A cell that is none of them lists the values in the reader's words.
    const refused = readCell(status, 'libre', reading);
    expect('error' in refused && refused.params).toMatchObject({ values: 'disponible, réservée, vendue' });
  });

  it('reads references, lists, dates and e-mail addresses', () => {
    expect(readCell(column('units', 'plan'), ' Plan B ', context)).toEqual({ value: 'p2' });
    expect(readCell(column('options', 'excludes'), 'SKU-2;SKU-1; SKU-2', context)).toEqual({ value: ['o2', 'o1'] });
    expect(readCell(column('units', 'deadline'), '2027-03-31T10:00:00-04:00', context)).toEqual({
      value: '2027-03-31T14:00:00.000Z',
    });
    expect(readCell(column('units', 'buyers'), 'Ann@Example.com, bo@example.com ann@example.com', context)).toEqual({
      value: ['ann@example.com', 'bo@example.com'],
    });
    expect(readCell(column('units', 'status'), 'Sold', context)).toEqual({ value: 'sold' });
    expect(readCell(column('options', 'description'), "'=1+1", context)).toEqual({ value: '=1+1' });
  });

  it('reads back every value it writes, for every column of every kind', () => {
    const samples: Record<string, unknown> = {
      text: 'Oak, wide plank',
      integer: -2,
      number: 12.5,
      money: -123456,
      boolean: false,
      date: '2027-03-31T14:00:00.000Z',
      ref: 'p1',
      refs: ['o1', 'o2'],
      emails: ['a@b.co', 'c@d.co'],
    };
    const labels: Record<string, string> = { p1: 'Plan A', p2: 'Plan B', o1: 'SKU-1', o2: 'SKU-2' };
    const write = { currency: 'CAD', locale: 'en-CA', label: (_c: string, _b: string, id: string) => labels[id] };
    const back = {
      currency: 'CAD',
      locale: 'en-CA',
      timeZone: 'America/Toronto',
      find: (_c: string, _b: string, value: string) => Object.entries(labels).find(([, l]) => l === value)?.[0],
    };
    for (const kind of IMPORT_KINDS) {
      for (const col of IMPORT_DEFINITIONS[kind].columns) {
        const value =
          col.type === 'choice'
            ? col.values![1]
            : col.type === 'ref' || col.type === 'refs'
              ? col.type === 'ref'
                ? 'p1'
                : ['p1', 'p2']
              : samples[col.type];
        expect(readCell(col, writeCell(col, value, write), back), `${kind}.${col.field}`).toEqual({ value });
      }
    }
  });

  it('maps the recommendation column from its French heading, with its help in French', () => {
    const french = importDefinition('options', undefined, translator(FR_CA, 'fr-CA'));
    expect(guessMapping(french, ['UGS', 'Nom', 'Recommandation']).recommendation).toBe('Recommandation');
    expect(guessMapping(french, ['SKU', 'Rank']).recommendation).toBe('Rank');
    expect(french.columns.find((c) => c.field === 'recommendation')!.help).toMatch(/^Le rang donné/);
  });

  it('guesses the mapping from headings, keeping a remembered one where its heading is in the file', () => {
    const mapping = guessMapping('units', ['Suite', 'Level', 'Floor plan', 'Buyer e-mails', 'Due date', 'Notes'], {
      buyers: 'Buyer e-mails',
      area: 'Size',
    });
    expect(mapping).toMatchObject({
      name: 'Suite',
      floor: 'Level',
      plan: 'Floor plan',
      buyers: 'Buyer e-mails',
      deadline: 'Due date',
      area: null,
      status: null,
    });
  });
});

describe('import headings', () => {
  it('match whatever the case, punctuation or plural', () => {
    expect(guessMapping('units', ['UNIT', 'Buyer e-mails', 'Floor Plans'])).toMatchObject({
      name: 'UNIT',
      buyers: 'Buyer e-mails',
      plan: 'Floor Plans',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseCsv } from '@decor/core';
import { csvFileCommand, type CsvFileState, type CsvSummary } from './csv-file-commands.ts';

const fileOf = (text: string) => new Blob([text], { type: 'text/csv' });

describe('the file being imported', () => {
  it('summarises the headings, the row count and the first rows', async () => {
    const state: CsvFileState = { table: null, text: '', edited: false };
    const rows = ['Unit;Floor', ...Array.from({ length: 12 }, (_, i) => `U-${i};${i}`)].join('\n');
    const summary = (await csvFileCommand(state, { type: 'load', file: fileOf(rows) })) as CsvSummary;
    expect(summary).toEqual({
      headers: ['Unit', 'Floor'],
      rows: 12,
      preview: [0, 1, 2, 3, 4].map((i) => [`U-${i}`, String(i)]),
    });
  });

  it('sends the file untouched until a cell is corrected, then the corrected table', async () => {
    const state: CsvFileState = { table: null, text: '', edited: false };
    const original = 'Unit,Plan\r\nA-1,The Brich\r\nA-2,"Maple, 2 Bed"';
    await csvFileCommand(state, { type: 'load', file: fileOf(original) });
    expect(await csvFileCommand(state, { type: 'text' })).toEqual({ text: original, edited: false });
    expect(
      await csvFileCommand(state, {
        type: 'cells',
        cells: [
          { row: 2, header: 'Plan' },
          { row: 9, header: 'Plan' },
        ],
      }),
    ).toEqual(['The Brich', '']);
    await csvFileCommand(state, { type: 'edit', row: 2, header: 'Plan', value: 'The Birch' });
    const { text, edited } = (await csvFileCommand(state, { type: 'text' })) as { text: string; edited: boolean };
    expect(edited).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Unit', 'Plan'],
      ['A-1', 'The Birch'],
      ['A-2', 'Maple, 2 Bed'],
    ]);
    await expect(csvFileCommand(state, { type: 'edit', row: 2, header: 'Nope', value: 'x' })).rejects.toThrow(
      'There is no such cell.',
    );
  });
});

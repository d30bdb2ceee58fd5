import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ImportResult } from '@decor/core';
import { fakeApi, renderScreen, type Asked } from '../../../testing/screen.tsx';
import { CsvImport } from './csv-import.tsx';

/*
 * The CSV import as a form (docs/imports.md): the columns matched by their headings, the dry
 * run's problems by row, a corrected file chosen again keeping the columns, and what the import
 * sends. The server's reading of the file is the server suite's (imports.test.ts); the journey on
 * the real server, with the rows written and the buyers mailed, the browser's (e2e/imports.test.ts).
 */

const PROJECT = {
  _id: '0193a000-0000-7000-8000-000000000001',
  _version: 1,
  key: 'demo',
  name: 'Maple Residences',
  currency: 'CAD',
  options: { languages: ['en'], defaultLanguage: 'en', locale: 'en-CA', timeZone: 'UTC' },
  features: {},
  theme: {},
  rooms: [],
};
const HEADINGS = 'Unit,Level,Floor plan,Buyer e-mails\n';
const file = (rows: string) => new File([HEADINGS + rows], 'units.csv', { type: 'text/csv' });
const choose = (chosen: File) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [chosen] } });
const counts = { rows: 2, created: 2, updated: 0, unchanged: 0, invited: 2 };
const outcome = (answer: Partial<ImportResult>): ImportResult => ({
  applied: false,
  counts,
  problems: [],
  moreProblems: 0,
  sample: [],
  record: null,
  ...answer,
});

afterEach(() => vi.unstubAllGlobals());

describe('the CSV import', () => {
  it('checks the file first, lists its problem by row, keeps the columns for a corrected file, and imports without mailing when asked', async () => {
    const sent: Asked[] = [];
    fakeApi({
      'GET /api/project': { body: PROJECT },
      'GET /api/manage/imports/mappings': { body: {} },
      'POST /api/manage/imports': (request) => {
        sent.push(request);
        const body = request.body as { content: string; apply: boolean };
        if (body.content.includes('The Brich'))
          return {
            body: outcome({
              counts: { ...counts, created: 1 },
              problems: [
                { row: 3, column: 'Floor plan', message: 'There is no plan called “The Brich” in this project.' },
              ],
            }),
          };
        return {
          body: outcome(
            body.apply
              ? {
                  applied: true,
                  record: {
                    _id: 'i1',
                    kind: 'units',
                    fileName: 'units.csv',
                    fileUrl: '/api/files/f1',
                    counts,
                    by: 'Maya',
                    at: '2026-12-02T10:00:00.000Z',
                  } as unknown as ImportResult['record'],
                }
              : {},
          ),
        };
      },
    });
    renderScreen(<CsvImport />);
    choose(file('A-1,2,The Birch,a@example.test\nA-2,2,The Brich,b@example.test\n'));
    await waitFor(() => expect(screen.getByTestId('chosen-file').textContent).toContain('2 rows'));
    // The columns are matched by their headings.
    expect((screen.getByRole('combobox', { name: 'Buyers' }) as HTMLInputElement).value).toBe('Buyer e-mails');

    fireEvent.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    await screen.findByText('There is no plan called “The Brich” in this project.');
    expect(screen.queryByRole('button', { name: /^Import \d+ rows?/ })).toBeNull();
    expect(sent.map((request) => (request.body as { apply: boolean }).apply)).toEqual([false]);

    // Corrected in the spreadsheet and chosen again: the columns stay as they were.
    choose(file('A-1,2,The Birch,a@example.test\nA-2,2,The Birch,b@example.test\n'));
    await waitFor(() => expect(screen.queryByText('There is no plan called “The Brich” in this project.')).toBeNull());
    expect((screen.getByRole('combobox', { name: 'Buyers' }) as HTMLInputElement).value).toBe('Buyer e-mails');
    fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
    const importButton = await screen.findByRole('button', { name: 'Import 2 rows' });
    fireEvent.click(screen.getByLabelText('E-mail the 2 new buyers their invitation now'));
    fireEvent.click(importButton);

    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.body).toMatchObject({
      kind: 'units',
      fileName: 'units.csv',
      apply: true,
      send: false,
      mapping: { name: 'Unit', buyers: 'Buyer e-mails' },
    });
    expect((sent[2]!.body as { content: string }).content).toContain('A-2,2,The Birch,b@example.test');
  });
});

import { formatCsv, parseCsv } from '@decor/core';

/** What the page asks of the file it is importing; run in a worker (or, where there is none, on the page). */
export type CsvFileRequest =
  | { type: 'load'; file: Blob }
  | { type: 'cells'; cells: Array<{ row: number; header: string }> }
  | { type: 'edit'; row: number; header: string; value: string }
  | { type: 'text' };

export interface CsvSummary {
  headers: string[];
  rows: number;
  /** The first rows under the headings, for the mapping screen. */
  preview: string[][];
}

export interface CsvFileState {
  table: string[][] | null;
  text: string;
  edited: boolean;
}

/** How many rows the mapping screen shows. */
const PREVIEW_ROWS = 5;

/** Runs one request against the file's state; rows are spreadsheet rows (the headings are row 1). */
export async function csvFileCommand(state: CsvFileState, request: CsvFileRequest): Promise<unknown> {
  if (request.type === 'load') {
    state.text = await request.file.text();
    state.table = parseCsv(state.text);
    state.edited = false;
    const [headers = [], ...rows] = state.table;
    return { headers, rows: rows.length, preview: rows.slice(0, PREVIEW_ROWS) } satisfies CsvSummary;
  }
  const table = state.table;
  if (!table) throw new Error('Choose a file first.');
  const headers = table[0] ?? [];
  if (request.type === 'cells')
    return request.cells.map(({ row, header }) => table[row - 1]?.[headers.indexOf(header)] ?? '');
  if (request.type === 'edit') {
    const record = table[request.row - 1];
    const column = headers.indexOf(request.header);
    if (!record || column < 0) throw new Error('There is no such cell.');
    while (record.length <= column) record.push('');
    record[column] = request.value;
    state.edited = true;
    return null;
  }
  // The file as it was chosen, or as corrected.
  return { text: state.edited ? formatCsv(table) : state.text, edited: state.edited };
}

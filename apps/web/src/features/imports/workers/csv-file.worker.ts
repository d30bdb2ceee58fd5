/// <reference lib="webworker" />
import { csvFileCommand, type CsvFileRequest } from './csv-file-commands.ts';

/**
 * The CSV file being imported, read and held off the page's thread (docs/imports.md): a file
 * of 10,000 rows is parsed, corrected cell by cell and written back here while the page
 * stays responsive.
 */
const state = { table: null as string[][] | null, text: '', edited: false };

self.onmessage = async (event: MessageEvent<{ id: number; request: CsvFileRequest }>) => {
  const { id, request } = event.data;
  try {
    (self as unknown as Worker).postMessage({ id, result: await csvFileCommand(state, request) });
  } catch (error) {
    (self as unknown as Worker).postMessage({
      id,
      error: error instanceof Error ? error.message : 'The file could not be read.',
    });
  }
};

import { useCallback, useEffect, useRef } from 'react';
import { csvFileCommand, type CsvFileRequest, type CsvFileState } from '../workers/csv-file-commands.ts';

type Pending = Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;

/**
 * The CSV file being imported, held by a worker so that reading and correcting 10,000 rows
 * never blocks the page (docs/imports.md). Where workers are missing (unit tests), the same
 * commands run on the page.
 */
export function useCsvFile() {
  const worker = useRef<Worker | null>(null);
  const pending = useRef<Pending>(new Map());
  const local = useRef<CsvFileState>({ table: null, text: '', edited: false });
  const next = useRef(0);

  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    const created = new Worker(new URL('../workers/csv-file.worker.ts', import.meta.url), { type: 'module' });
    const waiting = pending.current;
    created.onmessage = (event: MessageEvent<{ id: number; result?: unknown; error?: string }>) => {
      const entry = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (event.data.error !== undefined) entry?.reject(new Error(event.data.error));
      else entry?.resolve(event.data.result);
    };
    worker.current = created;
    return () => {
      created.terminate();
      worker.current = null;
      for (const entry of waiting.values()) entry.reject(new Error('The page was closed.'));
      waiting.clear();
    };
  }, []);

  return useCallback(<T>(request: CsvFileRequest): Promise<T> => {
    if (!worker.current) return csvFileCommand(local.current, request) as Promise<T>;
    const id = (next.current += 1);
    return new Promise<T>((resolve, reject) => {
      pending.current.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.current!.postMessage({ id, request });
    });
  }, []);
}

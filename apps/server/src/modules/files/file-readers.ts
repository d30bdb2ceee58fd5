import type { Standing } from '@decor/core';
import type { Db } from '../../db/client.ts';

/**
 * Whether a member who is neither the project's staff nor the file's uploader may read a file
 * attached with a given purpose: the module that attaches such files answers (docs/security.md,
 * "Files"). Files serves the bytes and asks; it knows no module that attaches files.
 */
export type FileReader = (input: { db: Db; projectId: string; fileId: string; standing: Standing }) => Promise<boolean>;

/** The readers of each purpose, filled by the modules when the app registers them. */
export class FileReaders {
  readonly #byPurpose = new Map<string, FileReader>();

  register(purpose: string, reader: FileReader): void {
    if (this.#byPurpose.has(purpose)) throw new Error(`the readers of ${purpose} files are already registered`);
    this.#byPurpose.set(purpose, reader);
  }

  of(purpose: unknown): FileReader | undefined {
    return typeof purpose === 'string' ? this.#byPurpose.get(purpose) : undefined;
  }
}

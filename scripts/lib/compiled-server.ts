import fs from 'node:fs';
import path from 'node:path';

/** The server as `npm run build` leaves it (docs/operations.md, "Build once, run compiled"). */
export const COMPILED_SERVER = path.resolve(import.meta.dirname, '../../apps/server/dist/server.js');
/** The backup command, built beside it. */
export const COMPILED_BACKUP = path.resolve(import.meta.dirname, '../../apps/server/dist/backup.js');

/** Node's arguments that run a compiled entry; refuses at once when it is not built. */
export function compiledServerArgs(entry: string = COMPILED_SERVER): string[] {
  if (!fs.existsSync(entry)) {
    throw new Error('The server is not built. Run `npm run build` (`npm test` builds first).');
  }
  return ['--enable-source-maps', entry];
}

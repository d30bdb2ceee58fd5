import fs from 'node:fs';
import path from 'node:path';

/** The server as `npm run build` leaves it (docs/operations.md, "Build once, run compiled"). */
export const COMPILED_SERVER = path.resolve(import.meta.dirname, '../../apps/server/dist/server.js');

/** Node's arguments that run the compiled server; refuses at once when it is not built. */
export function compiledServerArgs(): string[] {
  if (!fs.existsSync(COMPILED_SERVER)) {
    throw new Error('The server is not built. Run `npm run build` (`npm test` builds first).');
  }
  return ['--enable-source-maps', COMPILED_SERVER];
}

/**
 * Runs once per `vitest run` of the PGlite server suite: a migrated PGlite data directory in a
 * file that a worker's in-memory databases start from (a fresh PGlite sets itself up for
 * seconds; loading this takes about one; a worker then hands each from file to file, emptied:
 * decision 044), and the folder where the process tests keep
 * the seeded data directory they copy. Files that start seeded seed their own copy: about
 * 0.1 s, the same as loading a seeded copy would take.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteTemplate } from './apps/server/src/db/client.ts';

export default async function setup() {
  if (process.env.TEST_PGLITE_TEMPLATE) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-pglite-template-'));
  // CI names one file for both of its runs (TEST_PGLITE_TEMPLATE_FILE, .ci/run): the first run
  // makes it and leaves it, the Node leg takes it (the same PGlite package, so the same format).
  const shared = process.env.TEST_PGLITE_TEMPLATE_FILE;
  const file = shared ?? path.join(dir, 'template.tar');
  if (!fs.existsSync(file)) {
    // Written whole under another name first: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await (await dumpPgliteTemplate()).arrayBuffer()));
    fs.renameSync(partial, file);
  }
  // Test workers start after this and inherit the environment.
  process.env.TEST_PGLITE_TEMPLATE = file;
  // Where the process tests' seeded data directory is made, by the first that needs it
  // (support/server-process.ts). CI names one folder for both of its runs, so that the Node
  // leg takes the one the Node 20 run made (.ci/run).
  process.env.TEST_SEEDED_DIR_ROOT ??= path.join(dir, 'seeded');
  fs.mkdirSync(process.env.TEST_SEEDED_DIR_ROOT, { recursive: true });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

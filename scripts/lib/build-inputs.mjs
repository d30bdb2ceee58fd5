// What a build is made of, as one hash: `npm start` rebuilds only when it changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const serverDist = path.join(root, 'apps/server/dist');
export const stampFile = path.join(serverDist, 'build-stamp.json');

const INPUTS = [
  'package-lock.json',
  'packages/core/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/server/package.json',
  'packages/core/package.json',
  'scripts/build-server.mjs',
];

function filesUnder(entry, into) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) return void into.push(entry);
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
    filesUnder(path.join(entry, name), into);
  }
}

/** A hash of every source file the web app and the server are built from (tests excluded). */
export function inputsHash() {
  const files = [];
  for (const entry of INPUTS) filesUnder(entry, files);
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** A checkout, not an image that holds only the build. */
export function hasSources() {
  return fs.existsSync(path.join(root, 'apps/server/src/server.ts'));
}

/** Why the build must run again, or null when the one on disk is current. */
export function staleBecause() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return 'the web app is not built';
  if (!fs.existsSync(path.join(serverDist, 'server.js')) || !fs.existsSync(stampFile)) return 'the server is not built';
  const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  return stamp.inputs === inputsHash() ? null : 'the sources changed since the last build';
}

// Trims a production install (`npm ci --omit=dev`) of what the compiled server never loads
// (docs/deployment.md, "The image"). Run in the install's folder, after `npm ci --omit=dev`:
//   node scripts/prune-production.mjs
// 1. Optional peers that came only because the dev tools are in the lock file: better-auth
//    names vitest and drizzle-kit as optional peers, so `npm ci --omit=dev` keeps them (the
//    lock calls them "devOptional"). Nothing the server runs requires them.
// 2. The font files the signed PDF never reads: it embeds the 400 and 700 weights, as .woff
//    (apps/server/src/lib/pdf-typesetter.ts); the font packages ship nine weights in two formats.
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
let removed = 0;
const sizeOf = (target) => {
  let bytes = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
};
const remove = (target) => {
  removed += fs.statSync(target).isDirectory() ? sizeOf(target) : fs.statSync(target).size;
  fs.rmSync(target, { recursive: true, force: true });
};

for (const [location, entry] of Object.entries(lock.packages)) {
  if (entry.devOptional && location.startsWith('node_modules/') && fs.existsSync(path.join(root, location)))
    remove(path.join(root, location));
}

const USED_FONT_FILE = /-(400|700)-normal\.woff$/;
for (const name of ['noto-sans', 'noto-sans-sc']) {
  const files = path.join(root, 'node_modules', '@fontsource', name, 'files');
  if (!fs.existsSync(files)) continue;
  for (const file of fs.readdirSync(files)) if (!USED_FONT_FILE.test(file)) remove(path.join(files, file));
}
console.log(`pruned ${(removed / 1024 / 1024).toFixed(0)} MB the server never loads`);

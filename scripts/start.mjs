// `npm start` (and `npm run backup` / `restore`): runs the compiled server (or the backup
// command), building first only when the build is missing or older than the sources
// (docs/operations.md, "Build once, run compiled"). A production image holds the build
// without its sources: it runs as it is.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasSources, root, serverDist, staleBecause } from './lib/build-inputs.mjs';

const tool = process.argv[2];
const entry = tool === 'backup' || tool === 'restore' ? 'backup.js' : 'server.js';
// A worker of WEB_CONCURRENCY runs this file again: its primary has already built.
const isWorker = process.env.NODE_UNIQUE_ID !== undefined;
const reason = hasSources() && !isWorker ? staleBecause() : null;
if (reason) {
  console.log(`Building first: ${reason}.`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(serverDist, entry)).href);

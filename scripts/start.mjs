// `npm start`: runs the compiled server, building first only when the build is missing or
// older than the sources (docs/operations.md, "Build once, run compiled").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, serverDist, staleBecause } from './lib/build-inputs.mjs';

const reason = staleBecause();
if (reason) {
  console.log(`Building first: ${reason}.`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(serverDist, 'server.js')).href);

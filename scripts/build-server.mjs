// Bundles the server into apps/server/dist/server.js: our code (server and @decor/core) in
// one file, the registry packages left to node_modules, the migrations copied beside it.
// docs/operations.md, "Build once, run compiled".
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { inputsHash, root, serverDist, stampFile } from './lib/build-inputs.mjs';

const startedAt = performance.now();
fs.rmSync(serverDist, { recursive: true, force: true });

await build({
  // The server, and the backup command that shares its configuration and database code.
  entryPoints: {
    server: path.join(root, 'apps/server/src/server.ts'),
    backup: path.join(root, 'apps/server/src/backup.ts'),
    // Fit my budget's solver thread (decision 068), loaded by apps/server/src/modules/budget/budget.runner.ts.
    'budget-worker': path.join(root, 'apps/server/src/modules/budget/budget.worker.ts'),
    // The thread that compresses images for the GPU (docs/3d.md, "Textures"), loaded by apps/server/src/modules/files/textures.ts.
    'texture-worker': path.join(root, 'apps/server/src/modules/files/texture.worker.ts'),
  },
  outdir: serverDist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // The lines of a stack trace point into the sources, not the bundle.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __SERVER_BUNDLE__: 'true' },
  plugins: [
    {
      name: 'registry-packages-stay-external',
      setup(context) {
        // Bare imports (fastify, pg, sharp …) load from node_modules as installed; only our
        // workspace packages, which ship TypeScript, are compiled in.
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@decor/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(serverDist, 'migrations'), { recursive: true });
fs.writeFileSync(
  stampFile,
  `${JSON.stringify({ inputs: inputsHash(), builtAt: new Date().toISOString() }, null, 2)}\n`,
);
const size = fs.statSync(path.join(serverDist, 'server.js')).size;
console.log(
  `server built: apps/server/dist/server.js, ${(size / 1024).toFixed(0)} KB in ${Math.round(performance.now() - startedAt)} ms`,
);

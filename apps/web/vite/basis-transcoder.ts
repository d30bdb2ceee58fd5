import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** Where the transcoder's files are served: by three's revision, so a year of caching stays honest. */
export function transcoderFolder(threeVersion: string): string {
  return `assets/basis-r${threeVersion.split('.')[1]}`;
}

/**
 * three.js's Basis Universal transcoder for its KTX2 loader (docs/3d.md, "Textures"), served
 * from our own origin under `assets/basis-r<revision>/`: the WebAssembly as three ships it, and
 * `ktx2-worker.js`, the worker three's loader would otherwise make from a string (a `blob:`
 * worker, which takes the page's policy). The transcoder's glue builds functions from strings,
 * so the worker is a file of its own that the server sends with a policy of its own
 * (plugins/security.ts): the page's never allows `eval`.
 */
export function basisTranscoder(): Plugin {
  const require = createRequire(import.meta.url);
  // three's own files: its entry is in `build/`, and its exports do not name package.json.
  const threeDir = path.resolve(path.dirname(require.resolve('three')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(threeDir, 'package.json'), 'utf8')) as { version: string };
  const folder = transcoderFolder(version);
  const basisFile = (name: string) => fs.readFileSync(path.join(threeDir, 'examples/jsm/libs/basis', name));
  /** The worker's script, exactly as three's KTX2Loader puts it together (`_initTranscoder`). */
  const workerScript = async () => {
    const { KTX2Loader } = (await import('three/examples/jsm/loaders/KTX2Loader.js')) as unknown as {
      KTX2Loader: Record<'EngineFormat' | 'EngineType' | 'TranscoderFormat' | 'BasisFormat', object> & {
        BasisWorker: () => void;
      };
    };
    const worker = KTX2Loader.BasisWorker.toString();
    return [
      `let _EngineFormat = ${JSON.stringify(KTX2Loader.EngineFormat)}`,
      `let _EngineType = ${JSON.stringify(KTX2Loader.EngineType)}`,
      `let _TranscoderFormat = ${JSON.stringify(KTX2Loader.TranscoderFormat)}`,
      `let _BasisFormat = ${JSON.stringify(KTX2Loader.BasisFormat)}`,
      basisFile('basis_transcoder.js').toString('utf8'),
      worker.substring(worker.indexOf('{') + 1, worker.lastIndexOf('}')),
    ].join('\n');
  };
  const files = {
    'ktx2-worker.js': async () => Buffer.from(await workerScript()),
    'basis_transcoder.wasm': async () => basisFile('basis_transcoder.wasm'),
  };
  return {
    name: 'decor-basis-transcoder',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = Object.keys(files).find((file) => request.url === `/${folder}/${file}`) as keyof typeof files;
        if (!name) return next();
        response.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        void files[name]().then((bytes) => response.end(bytes), next);
      });
    },
    async generateBundle() {
      for (const [name, source] of Object.entries(files))
        this.emitFile({ type: 'asset', fileName: `${folder}/${name}`, source: await source() });
    },
  };
}

import { useLoader, useThree } from '@react-three/fiber';
import { REVISION } from 'three';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import type { Finish } from '@decor/core';
import { RepeatedMaterial } from './repeated-material.tsx';

/** Where three's Basis transcoder and its worker are served, beside the app's files (vite/basis-transcoder.ts). */
const TRANSCODER_PATH = `/assets/basis-r${REVISION}/`;

/**
 * three's KTX2 loader with its transcoding worker loaded from our origin, as a script of its own
 * with a policy of its own, instead of made from a string under the page's (docs/3d.md, "Textures").
 */
class OwnWorkerKTX2Loader extends KTX2Loader {
  override init(): Promise<void> {
    this.transcoderPending ??= fetch(`${TRANSCODER_PATH}basis_transcoder.wasm`)
      .then((response) => {
        if (!response.ok) throw new Error(`the texture transcoder did not load (${response.status})`);
        return response.arrayBuffer();
      })
      .then((binary) => {
        this.transcoderBinary = binary;
        this.workerPool.setWorkerCreator(() => {
          const worker = new Worker(`${TRANSCODER_PATH}ktx2-worker.js`);
          const transcoderBinary = binary.slice(0);
          worker.postMessage({ type: 'init', config: this.workerConfig, transcoderBinary }, [transcoderBinary]);
          return worker;
        });
      });
    return this.transcoderPending;
  }
}

/** A finish's texture compressed for the GPU (KTX2), transcoded on a worker to what this GPU reads. */
export default function CompressedMaterial({ finish, span }: { finish: Finish; span: [number, number] }) {
  const gl = useThree((state) => state.gl);
  const loaded = useLoader(OwnWorkerKTX2Loader, `/api/files/${finish.texture}?texture=ktx2`, (loader) => {
    // A room has a few textures: two workers (each with its own transcoder) are enough on a phone.
    loader.setWorkerLimit(2).detectSupport(gl);
  });
  return <RepeatedMaterial loaded={loaded} finish={finish} span={span} />;
}

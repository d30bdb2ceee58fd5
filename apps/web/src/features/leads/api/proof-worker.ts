/// <reference lib="webworker" />
import { solveProofOfWork } from '@decor/core';

/** Solves the inquiry form's proof of work off the page's thread while the person types (docs/public-pages.md, "Spam"). */
self.onmessage = async (event: MessageEvent<Parameters<typeof solveProofOfWork>[0]>) => {
  const started = performance.now();
  const proof = await solveProofOfWork(event.data);
  (self as unknown as DedicatedWorkerGlobalScope).postMessage({ proof, ms: Math.round(performance.now() - started) });
};

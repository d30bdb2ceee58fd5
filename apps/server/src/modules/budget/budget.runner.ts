import { Worker } from 'node:worker_threads';
import type { FitProblem } from '@decor/core';
import { serverRoot } from '../../lib/paths.ts';
import type { FitAnswer } from './budget.solve.ts';

/** Set by the server's build (scripts/build-server.mjs) in the bundle; absent when run from source. */
declare const __SERVER_BUNDLE__: boolean | undefined;
const bundled = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

/** The solver's thread as built beside the server, or its source run through tsx. */
const workerFile = bundled
  ? new URL(`file://${serverRoot}/dist/budget-worker.js`)
  : new URL('./budget.worker.ts', import.meta.url);

export interface FitRunner {
  solve(problem: FitProblem): Promise<FitAnswer>;
  close(): Promise<void>;
}

/**
 * Fit my budget's solver off the main thread (decision 068): one worker, started with the first
 * program and kept, that solves programs in turn; a program that takes longer than `timeoutMs`
 * fails and its worker is replaced, so one hard program never holds the next.
 */
export function createFitRunner({ timeoutMs = 15_000 }: { timeoutMs?: number } = {}): FitRunner {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (answer: FitAnswer) => void; reject: (error: Error) => void }>();
  const start = () => {
    // From source (tests, `npm run dev`), the thread registers tsx before it loads the TypeScript.
    const started = bundled
      ? new Worker(workerFile)
      : new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); });`,
          { eval: true },
        );
    started.unref();
    started.on('message', (message: { id: number; answer?: FitAnswer; error?: string }) => {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.answer) pending?.resolve(message.answer);
      else pending?.reject(new Error(message.error ?? 'the solver failed'));
    });
    started.on('error', (error) => {
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
      worker = null;
    });
    return started;
  };
  return {
    solve(problem) {
      worker ??= start();
      const id = (next += 1);
      const current = worker;
      return new Promise<FitAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the solver took too long'));
          // The thread is stuck in a program: a new one takes the next.
          if (worker === current) worker = null;
          void current.terminate();
        }, timeoutMs);
        waiting.set(id, {
          resolve: (answer) => (clearTimeout(timer), resolve(answer)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        current.postMessage({ id, problem });
      });
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}

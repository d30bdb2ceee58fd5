import { Worker } from 'node:worker_threads';
import { serverRoot } from './paths.ts';

/** Set by the server's build (scripts/build-server.mjs) in the bundle; absent when run from source. */
declare const __SERVER_BUNDLE__: boolean | undefined;
const bundled = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

export interface ThreadRunner<Request, Answer> {
  run(request: Request): Promise<Answer>;
  /** Whether its thread is up now. */
  readonly isRunning: boolean;
  close(): Promise<void>;
}

/**
 * Work that would hold the thread answering requests (a solver, an encoder), run on one worker
 * thread of its own (docs/architecture.md, "Work off the main thread"): started with the first
 * request and kept, it takes requests in turn; one that takes longer than `timeoutMs` fails and
 * its thread is replaced, so one hard request never holds the next. The thread is the bundle's
 * `dist/<bundled>.js` (scripts/build-server.mjs), or its TypeScript `source` run through tsx;
 * it answers with `serveThread` (thread-serve.ts). A `quiet` thread's printing is dropped; with
 * `idleMs`, a thread with nothing to do for that long ends, and gives its memory back.
 */
export function createThreadRunner<Request, Answer>({
  bundledName,
  source,
  timeoutMs,
  tooLong,
  quiet = false,
  idleMs,
}: {
  bundledName: string;
  source: URL;
  timeoutMs: number;
  /** The error a request past its time fails with. */
  tooLong: string;
  quiet?: boolean;
  idleMs?: number;
}): ThreadRunner<Request, Answer> {
  let worker: Worker | null = null;
  let next = 0;
  let idle: NodeJS.Timeout | null = null;
  /** After the last answer, the thread waits `idleMs` for another request before it ends. */
  const restLater = () => {
    if (idleMs === undefined || waiting.size > 0) return;
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      const resting = worker;
      worker = null;
      void resting?.terminate();
    }, idleMs);
    idle.unref();
  };
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  const start = () => {
    const options = { stdout: quiet, stderr: quiet };
    // From source (tests, `npm run dev`), the thread registers tsx before it loads the TypeScript.
    const started = bundled
      ? new Worker(new URL(`file://${serverRoot}/dist/${bundledName}.js`), options)
      : new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`,
          { ...options, eval: true },
        );
    started.unref();
    if (quiet) {
      started.stdout.resume();
      started.stderr.resume();
    }
    started.on('message', (message: { id: number; answer?: Answer; error?: string }) => {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.answer !== undefined) pending?.resolve(message.answer);
      else pending?.reject(new Error(message.error ?? 'the thread failed'));
    });
    started.on('error', (error) => {
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
      worker = null;
    });
    return started;
  };
  return {
    run(request) {
      if (idle) clearTimeout(idle);
      idle = null;
      worker ??= start();
      const id = (next += 1);
      const current = worker;
      return new Promise<Answer>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(tooLong));
          // The thread is stuck in a request: a new one takes the next.
          if (worker === current) worker = null;
          void current.terminate();
        }, timeoutMs);
        waiting.set(id, {
          resolve: (answer) => (clearTimeout(timer), resolve(answer), restLater()),
          reject: (error) => (clearTimeout(timer), reject(error), restLater()),
        });
        current.postMessage({ id, request });
      });
    },
    get isRunning() {
      return worker !== null;
    },
    async close() {
      if (idle) clearTimeout(idle);
      await worker?.terminate();
      worker = null;
    },
  };
}

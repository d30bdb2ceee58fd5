import { parentPort } from 'node:worker_threads';

/**
 * The thread's side of `createThreadRunner` (thread-runner.ts): answers each `{ id, request }`
 * with `{ id, answer }`, or `{ id, error }` in words. Answers may hold transferable buffers.
 */
export function serveThread<Request, Answer>(answer: (request: Request) => Promise<Answer> | Answer): void {
  parentPort!.on('message', (message: { id: number; request: Request }) => {
    void Promise.resolve()
      .then(() => answer(message.request))
      .then(
        (result) => parentPort!.postMessage({ id: message.id, answer: result }),
        (error: unknown) =>
          parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}

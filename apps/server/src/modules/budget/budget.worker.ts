/**
 * The thread that solves Fit my budget's programs (docs/fit-my-budget.md; decision 068): HiGHS
 * blocks the thread it runs on, so it runs here, one program at a time, never on the thread that
 * answers requests. Each message is `{ id, problem }`; each answer `{ id, answer }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import highsLoader from 'highs';
import type { FitProblem } from '@decor/core';
import { solveFit } from './budget.solve.ts';

const highs = highsLoader();
parentPort!.on('message', (message: { id: number; problem: FitProblem }) => {
  void highs
    .then((solver) => parentPort!.postMessage({ id: message.id, answer: solveFit(solver, message.problem) }))
    .catch((error: unknown) =>
      parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
});

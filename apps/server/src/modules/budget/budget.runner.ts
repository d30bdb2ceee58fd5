import type { FitProblem } from '@decor/core';
import { createThreadRunner } from '../../lib/thread-runner.ts';
import type { FitAnswer } from './budget.solve.ts';

export interface FitRunner {
  solve(problem: FitProblem): Promise<FitAnswer>;
  close(): Promise<void>;
}

/**
 * Fit my budget's solver off the main thread (decision 068): one worker that solves programs in
 * turn; a program that takes longer than `timeoutMs` fails and its worker is replaced.
 */
export function createFitRunner({ timeoutMs = 15_000 }: { timeoutMs?: number } = {}): FitRunner {
  const runner = createThreadRunner<FitProblem, FitAnswer>({
    bundledName: 'budget-worker',
    source: new URL('./budget.worker.ts', import.meta.url),
    timeoutMs,
    tooLong: 'the solver took too long',
  });
  return { solve: (problem) => runner.run(problem), close: () => runner.close() };
}

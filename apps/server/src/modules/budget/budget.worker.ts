/**
 * The thread that solves Fit my budget's programs (docs/fit-my-budget.md; decision 068): HiGHS
 * blocks the thread it runs on, so it runs here, one program at a time, never on the thread that
 * answers requests (lib/thread-runner.ts).
 */
import highsLoader from 'highs';
import type { FitProblem } from '@decor/core';
import { serveThread } from '../../lib/thread-serve.ts';
import { solveFit } from './budget.solve.ts';

const highs = highsLoader();
serveThread(async (problem: FitProblem) => solveFit(await highs, problem));

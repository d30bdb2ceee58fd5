import { fitModel, type FitProblem, type FitProposal } from '@decor/core';
import type highsLoader from 'highs';

/** The solver's one-shot interface (HiGHS compiled to WebAssembly). */
export type Highs = Awaited<ReturnType<typeof highsLoader>>;

/** Exact: no gap between the answer and the best (docs/fit-my-budget.md, "How it is computed"). */
const EXACT = { mip_rel_gap: 0, mip_abs_gap: 0, output_flag: false, time_limit: 10 } as const;

export interface FitFigures {
  /** The program's size and how long the solver took for both programs. */
  variables: number;
  constraints: number;
  solveMs: number;
  /** The relative gap between the answer and the best bound: 0 when proven best. */
  gap: number;
}

export type FitAnswer =
  | (FitProposal & { figures: FitFigures })
  | {
      kind: 'none';
      /** The lowest total keeping the rules, by how much it exceeds the budget, and that selection (null: the rules cannot all be kept). */
      minimum: number | null;
      over: number | null;
      cheapest: FitProposal | null;
      figures: FitFigures;
    };

/** The columns set to 1 in a solution (binaries read with a tolerance). */
const onesOf = (columns: Record<string, { Primal: number }>) =>
  new Set(Object.entries(columns).flatMap(([name, column]) => (column.Primal > 0.5 ? [name] : [])));

/**
 * Solves a problem exactly (docs/fit-my-budget.md, "The model"): the most value within the budget,
 * then the lowest total worth that much; when no selection keeping the rules fits, the lowest
 * total that keeps them. Synchronous: run it off the server's main thread (budget.worker.ts).
 */
export function solveFit(highs: Highs, problem: FitProblem): FitAnswer {
  const started = performance.now();
  const model = fitModel(problem);
  const value = highs.solve(model.valueProgram, EXACT);
  const size = {
    variables: Object.keys(value.Columns ?? {}).length,
    constraints: (value.Rows ?? []).length,
  };
  const figures = (gap: number) => ({ ...size, solveMs: performance.now() - started, gap });
  if (value.Status !== 'Optimal') {
    const cheapest = highs.solve(model.cheapestProgram, EXACT);
    const selection = cheapest.Status === 'Optimal' ? model.read(onesOf(cheapest.Columns)) : null;
    const minimum = selection?.cost ?? null;
    return {
      kind: 'none',
      minimum,
      over: minimum === null ? null : minimum - problem.budget,
      cheapest: selection,
      figures: figures(0),
    };
  }
  const cost = highs.solve(model.costProgram(Math.round(value.ObjectiveValue)), EXACT);
  if (cost.Status !== 'Optimal') throw new Error(`the cost program ended ${cost.Status}`);
  return { ...model.read(onesOf(cost.Columns)), figures: figures(0) };
}

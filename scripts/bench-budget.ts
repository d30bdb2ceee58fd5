/**
 * `npm run bench -- budget` (docs/fit-my-budget.md, "Speed"): the solver on generated catalogues
 * of 2,000 options in 40 categories (each in one to three rooms) with 300 rules, each buyer with a
 * choice in every place and a budget between what the cheapest and the dearest selection cost.
 * Prints the time of both programs (p50, p95, max over the runs), the program's size and the gap.
 */
import highsLoader from 'highs';
import type { FitProblem, FitSlot } from '../packages/core/src/budget-fit.ts';
import {
  explainFit,
  fitSetupOf,
  type FitCatalogue,
  type FitCatalogueCategory,
  type FitCatalogueOption,
} from '../packages/core/src/budget-fit-cart.ts';
import { demoProject } from '../apps/server/src/db/seed/demo-catalogue.ts';
import { solveFit } from '../apps/server/src/modules/budget/budget.solve.ts';

/** A repeatable sequence of numbers in [0, 1). */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

export function generatedCatalogue(seed: number, { categories = 40, perCategory = 50, rules = 300 } = {}): FitProblem {
  const next = random(seed);
  const options = Array.from({ length: categories * perCategory }, (_, i) => ({
    id: `c${Math.floor(i / perCategory)}o${i % perCategory}`,
    category: Math.floor(i / perCategory),
    // The first option of each category is its standard, included in the price.
    price: i % perCategory === 0 ? 0 : Math.round(next() * 500) * 100,
    rank: 1 + Math.floor(next() * 5),
    requires: [] as string[],
    excludes: [] as string[],
  }));
  for (let made = 0; made < rules;) {
    const [a, b] = [options[Math.floor(next() * options.length)]!, options[Math.floor(next() * options.length)]!];
    if (a.category === b.category) continue;
    (next() < 0.3 ? a.requires : a.excludes).push(b.id);
    made += 1;
  }
  const slots: FitSlot[] = [];
  let [cheapest, dearest] = [0, 0];
  for (let c = 0; c < categories; c++) {
    const offered = options.filter((option) => option.category === c);
    const prices = offered.map((option) => option.price);
    for (let room = 0, rooms = 1 + Math.floor(next() * 3); room < rooms; room++) {
      slots.push({
        key: `c${c}r${room}`,
        options: offered,
        required: next() < 0.7,
        current: offered[Math.floor(next() * offered.length)]!.id,
        quantity: 1,
        weight: next() < 0.2 ? 2 : 1,
      });
      [cheapest, dearest] = [cheapest + Math.min(...prices), dearest + Math.max(...prices)];
    }
  }
  return { slots, budget: Math.round(cheapest + (dearest - cheapest) * (0.2 + next() * 0.5)) };
}

export async function benchBudget({ line, runs = 20 }: { line: (name: string, value: string) => void; runs?: number }) {
  const highs = await highsLoader();
  const times: number[] = [];
  let [variables, constraints, worstGap] = [0, 0, 0];
  for (let run = 0; run < runs; run++) {
    const answer = solveFit(highs, generatedCatalogue(run + 1));
    times.push(answer.figures.solveMs);
    [variables, constraints] = [answer.figures.variables, answer.figures.constraints];
    worstGap = Math.max(worstGap, answer.figures.gap);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!);
  line(
    `fit my budget, 2,000 options, 40 categories, 300 rules (${runs} buyers)`,
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ${variables.toLocaleString('en')} variables, ` +
      `${constraints.toLocaleString('en')} constraints; gap ${worstGap}`,
  );
}

/** The demo project's catalogue and a buyer's cart as Fit my budget reads them (names stand for ids). */
function demoCase(buyer: (typeof demoProject.buyers)[number]) {
  const options = new Map<string, FitCatalogueOption>();
  const categories = new Map<string, FitCatalogueCategory>();
  for (const category of demoProject.categories) {
    categories.set(category.name, { _id: category.name, ...category, quantities: category.quantities ?? false });
    for (const option of category.options)
      options.set(option.name, {
        _id: option.name,
        name: option.name,
        category: category.name,
        price: option.price,
        plans: option.plans ?? [],
        rooms: option.rooms ?? category.rooms,
        requires: option.requires ?? [],
        excludes: option.excludes ?? [],
        active: true,
        recommendation: option.recommendation ?? null,
      });
  }
  const plan = demoProject.units.find((unit) => unit.name === buyer.unit)?.plan ?? demoProject.plans[0]!.name;
  const catalogue: FitCatalogue = {
    options,
    categories,
    packages: demoProject.packages.map((pack) => ({ _id: pack.name, ...pack })),
    planId: plan,
    planRooms: demoProject.plans.find((p) => p.name === plan)!.rooms,
  };
  const selections = (buyer.cart?.choices ?? []).map(([room, option, quantity = 1]) => ({ option, room, quantity }));
  return { catalogue, cart: { selections, package: null } };
}

/** Fit my budget on the demo catalogue: each demo buyer's cart at budgets from $0 to $40,000, problem made, solved and explained. */
export async function benchDemoBudget({ line }: { line: (name: string, value: string) => void }) {
  const highs = await highsLoader();
  const times: number[] = [];
  let [variables, constraints, worstGap, fits] = [0, 0, 0, 0];
  for (const buyer of demoProject.buyers.filter((b) => b.cart)) {
    const { catalogue, cart } = demoCase(buyer);
    for (let budget = 0; budget <= 4_000_000; budget += 250_000) {
      const started = performance.now();
      const setup = fitSetupOf(cart, catalogue, { budget, spendMore: ['Kitchen'] });
      const answer = solveFit(highs, setup.problem);
      if (answer.kind === 'fit') {
        explainFit(setup, catalogue, cart, answer);
        fits += 1;
      }
      times.push(performance.now() - started);
      [variables, constraints] = [answer.figures.variables, answer.figures.constraints];
      worstGap = Math.max(worstGap, answer.figures.gap);
    }
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!);
  line(
    `fit my budget, demo catalogue (${times.length} asks, ${fits} proposals)`,
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ${variables.toLocaleString('en')} variables, ` +
      `${constraints.toLocaleString('en')} constraints; gap ${worstGap}`,
  );
}

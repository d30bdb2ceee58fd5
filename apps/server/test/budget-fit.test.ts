import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import highsLoader from 'highs';
import {
  cartTotal,
  missingRequired,
  placeValue,
  ruleViolations,
  type FitPackage,
  type FitProblem,
  type FitSlot,
  type RuleCategory,
  type RuleOption,
  type Selection,
} from '@decor/core';
import { solveFit } from '../src/modules/budget/budget.solve.ts';

const highs = await highsLoader();

/**
 * Fit my budget (docs/fit-my-budget.md): HiGHS on the program core writes, against the slowest
 * method that is surely right: every selection of a small generated catalogue tried, each checked
 * by the rules' own functions (ruleViolations, missingRequired) and priced by the one pricing
 * function (cartTotal). The proposal must be worth as much, for no more money, within the budget,
 * keeping every rule; when nothing fits, the answer names the lowest total that keeps the rules.
 */

interface Catalogue {
  problem: FitProblem;
  options: Map<string, RuleOption>;
  categories: Map<string, RuleCategory>;
  /** Each place's category and room, for the rules' view of a selection. */
  where: Map<string, { category: string; room: string }>;
}

const catalogueArbitrary = fc
  .record({
    categories: fc.array(
      fc.record({
        rooms: fc.integer({ min: 1, max: 2 }),
        required: fc.boolean(),
        options: fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 40 }).map((n) => n * 100),
            rank: fc.integer({ min: 1, max: 5 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    links: fc.array(fc.record({ kind: fc.constantFrom('requires', 'excludes'), from: fc.nat(), to: fc.nat() }), {
      maxLength: 3,
    }),
    places: fc.array(
      fc.record({
        current: fc.nat(),
        hasCurrent: fc.boolean(),
        weight: fc.constantFrom(1, 1, 2),
        fixed: fc.boolean(),
        quantity: fc.constantFrom(1, 1, 2),
      }),
      { minLength: 6, maxLength: 6 },
    ),
    packages: fc.array(
      fc.record({
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
        adjustment: fc.integer({ min: -20, max: 0 }).map((n) => n * 100),
      }),
      { maxLength: 2 },
    ),
    budget: fc.integer({ min: 0, max: 120 }).map((n) => n * 100),
    fees: fc.constantFrom(0, 0, 300),
  })
  .map((spec): Catalogue => {
    const options = new Map<string, RuleOption>();
    const categories = new Map<string, RuleCategory>();
    const fitOptions = new Map<
      string,
      { id: string; category: string; price: number; rank: number; requires: string[]; excludes: string[] }
    >();
    spec.categories.forEach((category, c) => {
      const categoryId = `c${c}`;
      categories.set(categoryId, {
        _id: categoryId,
        name: categoryId,
        required: category.required,
        multiple: false,
        allowance: 0,
      });
      category.options.forEach((option, o) => {
        const id = `c${c}o${o}`;
        fitOptions.set(id, {
          id,
          category: categoryId,
          price: option.price,
          rank: option.rank,
          requires: [],
          excludes: [],
        });
      });
    });
    const ids = [...fitOptions.keys()];
    for (const link of spec.links) {
      const [from, to] = [fitOptions.get(ids[link.from % ids.length]!)!, ids[link.to % ids.length]!];
      if (from.id === to || fitOptions.get(to)!.category === from.category) continue;
      from[link.kind].push(to);
    }
    for (const option of fitOptions.values())
      options.set(option.id, {
        _id: option.id,
        name: option.id,
        category: option.category,
        price: option.price,
        plans: [],
        requires: option.requires,
        excludes: option.excludes,
        active: true,
      });
    const where = new Map<string, { category: string; room: string }>();
    const slots: FitSlot[] = [];
    spec.categories.forEach((category, c) => {
      const offered = [...fitOptions.values()].filter((option) => option.category === `c${c}`);
      for (let r = 0; r < category.rooms; r++) {
        const key = `c${c}r${r}`;
        const place = spec.places[slots.length % spec.places.length]!;
        where.set(key, { category: `c${c}`, room: `r${r}` });
        const current = place.hasCurrent ? offered[place.current % offered.length]!.id : null;
        slots.push({
          key,
          options: offered,
          required: category.required,
          current,
          quantity: place.quantity,
          weight: place.weight,
          fixed: place.fixed && current !== null,
        });
      }
    });
    const packages: FitPackage[] = spec.packages.map((pack, p) => ({
      id: `p${p}`,
      adjustment: pack.adjustment,
      choices: [
        ...new Map(
          pack.picks.map((n) => {
            const slot = slots[n % slots.length]!;
            return [slot.key, { slot: slot.key, option: slot.options[n % slot.options.length]!.id }];
          }),
        ).values(),
      ],
    }));
    return { problem: { slots, packages, budget: spec.budget, fees: spec.fees }, options, categories, where };
  });

/** A proposal as the rules read it: one selection per filled place, in its room. */
function selectionsOf(catalogue: Catalogue, picks: Record<string, string | null>): Selection[] {
  return catalogue.problem.slots.flatMap((slot) =>
    picks[slot.key]
      ? [{ option: picks[slot.key]!, room: catalogue.where.get(slot.key)!.room, quantity: slot.quantity }]
      : [],
  );
}

/** Whether the rules accept a selection: no rule broken, nothing required missing, kept places kept. */
function keepsTheRules(catalogue: Catalogue, picks: Record<string, string | null>): boolean {
  const selections = selectionsOf(catalogue, picks);
  const context = { options: catalogue.options, categories: catalogue.categories, planId: null, isOpen: true };
  const planRooms = [...new Set([...catalogue.where.values()].map((place) => place.room))];
  const categories = new Map(
    [...catalogue.categories].map(([id, category]) => [
      id,
      { ...category, rooms: [...catalogue.where.values()].filter((p) => p.category === id).map((p) => p.room) },
    ]),
  );
  return (
    ruleViolations(selections, context).length === 0 &&
    missingRequired(selections, { options: catalogue.options, categories, planRooms }).length === 0 &&
    catalogue.problem.slots.every((slot) => !slot.fixed || picks[slot.key] === slot.current)
  );
}

/** The total of a selection by the one pricing function, with the package's adjustment and the fees. */
function totalOf(catalogue: Catalogue, picks: Record<string, string | null>, pack: FitPackage | null): number {
  return cartTotal({
    selections: selectionsOf(catalogue, picks),
    priceOf: (id) => catalogue.options.get(id)?.price,
    packageAdjustment: pack?.adjustment ?? 0,
    fees: [{ label: 'fees', amount: catalogue.problem.fees ?? 0 }],
  });
}

/** Every selection of the catalogue, with each package or none: the best by value, then by total, and the cheapest. */
function exhaustive(catalogue: Catalogue) {
  const { slots } = catalogue.problem;
  let best: { value: number; cost: number } | null = null;
  let cheapest = Infinity;
  for (const pack of [null, ...(catalogue.problem.packages ?? [])]) {
    const choices = slots.map((slot) => {
      const held = pack?.choices.find((choice) => choice.slot === slot.key);
      const all = [...slot.options.map((option) => option.id), ...(slot.required ? [] : [null])];
      return held ? [held.option] : all;
    });
    const picks: Record<string, string | null> = {};
    const walk = (i: number): void => {
      if (i === slots.length) {
        if (!keepsTheRules(catalogue, picks)) return;
        // The search's own sum: options and package floored at zero, then the fees (as cartTotal adds them).
        const raw =
          Math.max(
            0,
            slots.reduce(
              (sum, slot) =>
                sum + (picks[slot.key] ? catalogue.options.get(picks[slot.key]!)!.price * slot.quantity : 0),
              0,
            ) + (pack?.adjustment ?? 0),
          ) + (catalogue.problem.fees ?? 0);
        cheapest = Math.min(cheapest, raw);
        if (raw > catalogue.problem.budget) return;
        const value = slots.reduce(
          (sum, slot) => sum + placeValue(slot, slot.options.find((option) => option.id === picks[slot.key]) ?? null),
          0,
        );
        if (!best || value > best.value || (value === best.value && raw < best.cost)) best = { value, cost: raw };
        return;
      }
      for (const choice of choices[i]!) {
        picks[slots[i]!.key] = choice;
        walk(i + 1);
      }
    };
    walk(0);
  }
  return { best: best as { value: number; cost: number } | null, cheapest };
}

describe('fit my budget', () => {
  it('finds the best selection within the budget, as exhaustive search does, keeping every rule; or the lowest total that keeps them', () => {
    let [fits, shortfalls] = [0, 0];
    fc.assert(
      fc.property(catalogueArbitrary, (catalogue) => {
        const answer = solveFit(highs, catalogue.problem);
        const truth = exhaustive(catalogue);
        if (!truth.best) {
          expect(answer.kind).toBe('none');
          // No selection at all keeps the rules (kept choices that exclude each other): no minimum to name.
          if (answer.kind === 'none') expect(answer.minimum).toBe(truth.cheapest === Infinity ? null : truth.cheapest);
          shortfalls += 1;
          return;
        }
        expect(answer.kind).toBe('fit');
        if (answer.kind !== 'fit') return;
        fits += 1;
        expect(answer.figures.gap).toBe(0);
        expect({ value: answer.value, cost: answer.cost }).toEqual(truth.best);
        expect(keepsTheRules(catalogue, answer.picks)).toBe(true);
        const pack = catalogue.problem.packages?.find((p) => p.id === answer.package) ?? null;
        // The one pricing function agrees with the search, and the budget holds.
        expect(totalOf(catalogue, answer.picks, pack)).toBe(answer.cost);
        expect(answer.cost).toBeLessThanOrEqual(catalogue.problem.budget);
      }),
      { numRuns: 2000 },
    );
    // Both outcomes were exercised, many times each.
    expect(fits).toBeGreaterThan(400);
    expect(shortfalls).toBeGreaterThan(40);
  });
});

describe('the solver off the main thread', () => {
  it('solves in its own thread while the main thread keeps answering, and a program past its time fails and frees the thread', async () => {
    const { createFitRunner } = await import('../src/modules/budget/budget.runner.ts');
    const { generatedCatalogue } = await import('../../../scripts/bench-budget.ts');
    const runner = createFitRunner();
    try {
      let ticks = 0;
      const ticking = setInterval(() => (ticks += 1), 10);
      const answer = await runner.solve(generatedCatalogue(7));
      clearInterval(ticking);
      expect(answer.kind).toBe('fit');
      expect(answer.figures.gap).toBe(0);
      // The main thread's timer kept firing while the program was solved elsewhere.
      expect(ticks).toBeGreaterThan(answer.figures.solveMs / 10 / 3);
      const hurried = createFitRunner({ timeoutMs: 1 });
      await expect(hurried.solve(generatedCatalogue(8))).rejects.toThrow(/took too long/);
      await hurried.close();
      expect((await runner.solve(generatedCatalogue(9))).kind).toBe('fit');
    } finally {
      await runner.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import highsLoader from 'highs';
import {
  cartTotal,
  explainFit,
  fitSetupOf,
  missingRequired,
  packageRooms,
  ruleViolations,
  type FitCatalogue,
  type FitCatalogueCategory,
  type FitCatalogueOption,
  type FitCataloguePackage,
  type FitRequest,
  type Selection,
} from '@decor/core';
import { solveFit } from '../src/modules/budget/budget.solve.ts';

const highs = await highsLoader();
const WEIGHTING = { keepBonus: 15, priorityWeight: 2 };
const PLAN = 'planA';

/**
 * Fit my budget from a buyer's selection (docs/fit-my-budget.md, "The problem"): the problem core
 * makes of a cart and its plan's catalogue, solved, against every selection of the cart tried by
 * hand, read by the spec's own words: each single-choice category in each of its rooms the plan has,
 * any option offered there (active, for the plan, for the room) or none where none is required; a
 * kept room or category as it is; the other lines as they are; one package or none, with its
 * options in their rooms. Each is checked by the rules' functions and priced by `cartTotal`.
 */
interface Case {
  catalogue: FitCatalogue;
  cart: { selections: Selection[]; package: string | null; fees: Array<{ label: string; amount: number }> };
  request: FitRequest;
}

const ROOMS = ['r0', 'r1', 'r2'];
const caseArbitrary = fc
  .record({
    planRooms: fc.constantFrom(null, ['r0', 'r1'], ['r0', 'r2']),
    categories: fc.array(
      fc.record({
        rooms: fc.subarray(ROOMS, { minLength: 1, maxLength: 2 }),
        required: fc.boolean(),
        quantities: fc.boolean(),
        options: fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 30 }).map((n) => n * 100),
            recommendation: fc.constantFrom(null, 1, 2, 3, 4, 5),
            plans: fc.constantFrom([], [], [PLAN], ['planB']),
            active: fc.constantFrom(true, true, true, false),
            rooms: fc.constantFrom([], [], ['r0'], ['r1', 'r2']),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    extra: fc.array(
      fc.integer({ min: 0, max: 20 }).map((n) => n * 100),
      { maxLength: 2 },
    ),
    links: fc.array(fc.record({ kind: fc.constantFrom('requires', 'excludes'), from: fc.nat(), to: fc.nat() }), {
      maxLength: 3,
    }),
    lines: fc.array(fc.record({ option: fc.nat(), room: fc.constantFrom(...ROOMS), quantity: fc.constantFrom(1, 2) }), {
      maxLength: 5,
    }),
    packages: fc.array(
      fc.record({
        options: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
        adjustment: fc.integer({ min: -15, max: 5 }).map((n) => n * 100),
        recommendation: fc.constantFrom(null, 2, 4),
      }),
      { maxLength: 2 },
    ),
    currentPackage: fc.nat(),
    keep: fc.subarray(['r0', 'r1', 'r2', 'c0', 'c1'], { maxLength: 2 }),
    spendMore: fc.subarray(['r0', 'r1', 'c0', 'c2'], { maxLength: 2 }),
    budget: fc.integer({ min: 0, max: 100 }).map((n) => n * 100),
    fee: fc.constantFrom(0, 0, 300),
  })
  .map((spec): Case => {
    const categories = new Map<string, FitCatalogueCategory>();
    const options = new Map<string, FitCatalogueOption>();
    spec.categories.forEach((category, c) => {
      categories.set(`c${c}`, {
        _id: `c${c}`,
        name: `c${c}`,
        required: category.required,
        multiple: false,
        quantities: category.quantities,
        allowance: 0,
        rooms: category.rooms,
      });
      category.options.forEach((option, o) =>
        options.set(`c${c}o${o}`, {
          _id: `c${c}o${o}`,
          name: `c${c}o${o}`,
          category: `c${c}`,
          price: option.price,
          plans: [...option.plans],
          rooms: option.rooms,
          requires: [],
          excludes: [],
          active: option.active,
          recommendation: option.recommendation,
        }),
      );
    });
    // A category of several choices per room (outlets): its lines stay as they are.
    if (spec.extra.length) {
      categories.set('cm', { _id: 'cm', name: 'cm', required: false, multiple: true, allowance: 0, rooms: ROOMS });
      spec.extra.forEach((price, o) =>
        options.set(`cmo${o}`, {
          _id: `cmo${o}`,
          name: `cmo${o}`,
          category: 'cm',
          price,
          plans: [],
          requires: [],
          excludes: [],
          active: true,
        }),
      );
    }
    const ids = [...options.keys()];
    for (const link of spec.links) {
      const [from, to] = [options.get(ids[link.from % ids.length]!)!, ids[link.to % ids.length]!];
      if (from._id === to || options.get(to)!.category === from.category) continue;
      (from[link.kind] as string[]).push(to);
    }
    const selections: Selection[] = [];
    for (const line of spec.lines) {
      const option = options.get(ids[line.option % ids.length]!)!;
      const category = categories.get(option.category)!;
      if (!category.rooms!.includes(line.room)) continue;
      const taken = selections.some(
        (s) =>
          s.room === line.room &&
          (category.multiple ? s.option === option._id : options.get(s.option)!.category === option.category),
      );
      if (!taken)
        selections.push({ option: option._id, room: line.room, quantity: category.quantities ? line.quantity : 1 });
    }
    const packages: FitCataloguePackage[] = spec.packages.map((pack, p) => ({
      _id: `p${p}`,
      options: [...new Set(pack.options.map((n) => ids[n % ids.length]!))],
      priceAdjustment: pack.adjustment,
      recommendation: pack.recommendation,
    }));
    return {
      catalogue: { options, categories, packages, planId: PLAN, planRooms: spec.planRooms },
      cart: {
        selections,
        package: packages.length ? (packages[spec.currentPackage % (packages.length + 1)]?._id ?? null) : null,
        fees: spec.fee ? [{ label: 'Change order', amount: spec.fee }] : [],
      },
      request: { budget: spec.budget, keep: spec.keep, spendMore: spec.spendMore },
    };
  });

/** Every selection the spec allows, with each package or none: the best by value then total, and the cheapest total keeping the rules. */
function exhaustive({ catalogue, cart, request }: Case) {
  const { options, categories } = catalogue;
  const rank = (r: number | null | undefined) => r ?? 3;
  const offered = (o: FitCatalogueOption, room: string) =>
    o.active && (!o.plans.length || o.plans.includes(PLAN)) && (!o.rooms?.length || o.rooms.includes(room));
  const places = [...categories.values()]
    .filter((c) => !c.multiple)
    .flatMap((c) =>
      c
        .rooms!.filter((room) => !catalogue.planRooms || catalogue.planRooms.includes(room))
        .map((room) => ({ c, room })),
    )
    .map(({ c, room }) => {
      const line = cart.selections.find((s) => s.room === room && options.get(s.option)!.category === c._id);
      const kept =
        !!line &&
        offered(options.get(line.option)!, room) &&
        (request.keep!.includes(room) || request.keep!.includes(c._id));
      const choices: Array<string | null> = kept
        ? [line.option]
        : [
            ...[...options.values()].filter((o) => o.category === c._id && offered(o, room)).map((o) => o._id),
            ...(c.required ? [] : [null]),
          ];
      const weight =
        request.spendMore!.includes(room) || request.spendMore!.includes(c._id) ? WEIGHTING.priorityWeight : 1;
      return { c, room, line, kept, choices, weight, quantity: c.quantities && line ? line.quantity : 1 };
    });
  const inPlace = (s: Selection) => places.some((p) => p.line === s);
  const fixed = cart.selections.filter((s) => !inPlace(s));
  const fixedCost = fixed.reduce((sum, s) => sum + options.get(s.option)!.price * s.quantity, 0);
  const fees = cart.fees.reduce((sum, fee) => sum + fee.amount, 0);
  const requiredContext = { options, categories, planRooms: catalogue.planRooms };
  let best: { value: number; cost: number } | null = null;
  let cheapest = Infinity;
  const picks: Array<string | null> = [];
  for (const pack of [null, ...catalogue.packages]) {
    const walk = (i: number): void => {
      if (i < places.length) {
        for (const choice of places[i]!.choices) {
          picks[i] = choice;
          walk(i + 1);
        }
        return;
      }
      const chosen: Selection[] = places.flatMap((p, n) =>
        picks[n] ? [{ option: picks[n]!, room: p.room, quantity: p.quantity }] : [],
      );
      const selections = [...fixed, ...chosen];
      if (pack) {
        const holds = pack.options.every((id) => {
          const option = options.get(id)!;
          if (categories.get(option.category)!.multiple) return fixed.some((s) => s.option === id);
          const rooms = packageRooms(id, options, categories, catalogue.planRooms);
          return rooms.length > 0 && rooms.every((room) => chosen.some((s) => s.option === id && s.room === room));
        });
        if (!holds) return;
      }
      // Lines no place holds stay as they are: whether they are still offered, and how they stand with
      // each other, is the cart's own (its save is refused either way); every other rule holds for all.
      const isFixed = (option: string, room?: string) => fixed.some((s) => s.option === option && s.room === room);
      const broken = ruleViolations(selections, { options, categories, planId: PLAN, isOpen: true }).filter(
        (v) =>
          !(
            isFixed(v.option, v.room) &&
            (v.reason.kind === 'inactive' ||
              v.reason.kind === 'plan' ||
              (v.reason.kind === 'excludes' && v.reason.conflicts.every((id) => fixed.some((s) => s.option === id))))
          ),
      );
      if (broken.length || missingRequired(selections, requiredContext).length) return;
      // Options and package floored at zero, then the fees, as cartTotal adds them.
      const options$ = chosen.reduce((sum, s) => sum + options.get(s.option)!.price * s.quantity, 0);
      const raw = Math.max(0, options$ + (pack?.priceAdjustment ?? 0) + fixedCost) + fees;
      cheapest = Math.min(cheapest, raw);
      if (raw > request.budget) return;
      const value =
        places.reduce((sum, p, n) => {
          const option = picks[n] ? options.get(picks[n]!)! : null;
          if (!option) return sum;
          return (
            sum +
            Math.round(p.weight * rank(option.recommendation) * 10) +
            (option._id === p.line?.option ? WEIGHTING.keepBonus : 0)
          );
        }, 0) +
        (pack ? (rank(pack.recommendation) - 3) * 10 + (pack._id === cart.package ? WEIGHTING.keepBonus : 0) : 0);
      if (!best || value > best.value || (value === best.value && raw < best.cost)) best = { value, cost: raw };
    };
    walk(0);
  }
  return { best: best as { value: number; cost: number } | null, cheapest };
}

describe('fit my budget from a selection', () => {
  it('proposes what the exhaustive search of the cart finds best, priced by the one pricing function, within the budget', () => {
    let [fits, shortfalls] = [0, 0];
    fc.assert(
      fc.property(caseArbitrary, (test) => {
        const setup = fitSetupOf(test.cart, test.catalogue, test.request, WEIGHTING);
        const answer = solveFit(highs, setup.problem);
        const truth = exhaustive(test);
        if (!truth.best) {
          expect(answer.kind).toBe('none');
          if (answer.kind === 'none') expect(answer.minimum).toBe(truth.cheapest === Infinity ? null : truth.cheapest);
          shortfalls += 1;
          return;
        }
        expect(answer.kind).toBe('fit');
        if (answer.kind !== 'fit') return;
        fits += 1;
        expect({ value: answer.value, cost: answer.cost }).toEqual(truth.best);
        const explained = explainFit(setup, test.catalogue, test.cart, answer);
        const adjustment = test.catalogue.packages.find((p) => p._id === answer.package)?.priceAdjustment ?? 0;
        expect(explained.total).toBe(
          cartTotal({
            selections: explained.selections,
            priceOf: (id) => test.catalogue.options.get(id)?.price,
            packageAdjustment: adjustment,
            fees: test.cart.fees,
          }),
        );
        expect(explained.total).toBe(answer.cost);
        expect(explained.total).toBeLessThanOrEqual(test.request.budget);
      }),
      { numRuns: 3000 },
    );
    expect(fits).toBeGreaterThan(1000);
    expect(shortfalls).toBeGreaterThan(500);
    console.log(`fit my budget from a selection: ${fits} proposals, ${shortfalls} shortfalls`);
  });
});

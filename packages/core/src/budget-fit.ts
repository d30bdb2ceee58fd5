/**
 * Fit my budget (docs/fit-my-budget.md): the selection of highest value whose upgrades total stays
 * within the buyer's budget and which keeps every rule of the project, as a mixed-integer program.
 * Core writes the program (CPLEX LP text) and reads its answer back; the server hands it to a
 * solver. Two programs, solved in turn: the most value within the budget, then the lowest total
 * among the selections worth that much.
 */

/** An option the buyer's plan offers, as the program reads it. */
export interface FitOption {
  id: string;
  price: number;
  /** The design centre's recommendation, 1 (least) to 5 (most); 3 when it gave none. */
  rank: number;
  requires: readonly string[];
  excludes: readonly string[];
}

/** A place a choice is made: a single-choice category in a room (or in the home). */
export interface FitSlot {
  key: string;
  /** The options that may go here (the plan's, active, of the category, for the room). */
  options: readonly FitOption[];
  /** A required place has a choice in every proposal; another may be left empty. */
  required: boolean;
  /** What is chosen here now (kept unless changing it is worth more). */
  current: string | null;
  /** How many of the option (a category sold by the piece keeps the buyer's quantity). */
  quantity: number;
  /** How much this place counts: 1 by default, more where the buyer asked to spend more. */
  weight: number;
  /** Held as it is (the buyer asked to keep it, or a signed change order keeps it). */
  fixed?: boolean;
}

/** A package: its options in their places, and the adjustment its total takes with them all. */
export interface FitPackage {
  id: string;
  adjustment: number;
  /** What taking it is worth beside its options' own value (its rank, and keeping it when it is the buyer's). */
  value?: number;
  choices: ReadonlyArray<{ slot: string; option: string }>;
}

export interface FitProblem {
  slots: readonly FitSlot[];
  packages?: readonly FitPackage[];
  /** The most the upgrades may total (minor units), fixed costs and fees included. */
  budget: number;
  /** The option lines that stay whatever the proposal (multiple-choice categories, rooms outside the plan). */
  fixedCost?: number;
  /**
   * The fees that stay (change orders, meetings). The pricing function floors the options and the
   * package's adjustment at zero before it adds them (`cartTotal`): a saving never pays a fee.
   */
  fees?: number;
  /** The value of keeping a current choice, beside its rank (docs/fit-my-budget.md, "Value"). */
  keepBonus?: number;
  /** Options that must be chosen in some place (what a kept line outside the places needs). */
  mustInclude?: readonly string[];
}

/** What the solver answers: the value of each variable that is 1 (the others are 0). */
export type FitSolution = ReadonlySet<string>;

export interface FitProposal {
  kind: 'fit';
  /** What each place holds (null: left empty). */
  picks: Record<string, string | null>;
  package: string | null;
  /** The total of the proposal as the pricing function makes it (fixed costs and fees included), and its value. */
  cost: number;
  value: number;
}

/** A rank counts 10 a step in a place of weight 1; keeping what is there adds this. */
export const DEFAULT_KEEP_BONUS = 15;
const RANK_UNIT = 10;

/** The value of an option in a place: its rank times the place's weight, and the bonus when it is what is there now. */
export function placeValue(slot: FitSlot, option: FitOption | null, keepBonus = DEFAULT_KEEP_BONUS): number {
  if (!option) return 0;
  return Math.round(slot.weight * option.rank * RANK_UNIT) + (option.id === slot.current ? keepBonus : 0);
}

/** The program's variables: `x<place>_<option>` chooses an option in a place, `e<place>` leaves it empty, `p<package>` takes a package. */
const choiceVariable = (slot: number, option: number) => `x${slot}_${option}`;
const emptyVariable = (slot: number) => `e${slot}`;
const packageVariable = (pack: number) => `p${pack}`;

/** A linear sum in LP text, `3 x0_1 + 5 x0_2`, folded so that no line is too long for the reader. */
const sum = (terms: ReadonlyArray<[number, string]>) =>
  terms.length
    ? terms
        .map(
          ([coefficient, name], i) =>
            `${i && coefficient >= 0 ? '+ ' : i ? '- ' : coefficient < 0 ? '- ' : ''}${Math.abs(coefficient)} ${name}`,
        )
        .reduce((text, term, i) => text + (i % 8 === 7 ? `\n  ${term}` : ` ${term}`), '')
        .trim()
    : '0 e_none';

export interface FitModel {
  /** The first program: the most value within the budget. */
  valueProgram: string;
  /** The second: the lowest total among selections worth at least `value`. */
  costProgram: (value: number) => string;
  /** The lowest total keeping the rules, whatever the budget: what a budget too small is told. */
  cheapestProgram: string;
  /** Reads a solution's variables back into a proposal. */
  read: (ones: FitSolution) => FitProposal;
}

/**
 * The program of a problem (docs/fit-my-budget.md, "The model"): one binary per option in each
 * place (and per place that may stay empty), one per package; each place holds exactly one;
 * the total within the budget; an option needing another only with it chosen somewhere; two
 * options that exclude each other never both; a package only with its options in their places,
 * one package at most; a kept place keeps its choice.
 */
export function fitModel(problem: FitProblem): FitModel {
  const keepBonus = problem.keepBonus ?? DEFAULT_KEEP_BONUS;
  const fixedCost = problem.fixedCost ?? 0;
  const fees = problem.fees ?? 0;
  const packages = problem.packages ?? [];
  const values: Array<[number, string]> = [];
  const costs: Array<[number, string]> = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  const holders = new Map<string, string[]>();
  const options = new Map<string, FitOption>();
  problem.slots.forEach((slot, s) => {
    const one: string[] = [];
    slot.options.forEach((option, o) => {
      const name = choiceVariable(s, o);
      binaries.push(name);
      one.push(name);
      options.set(option.id, option);
      holders.set(option.id, [...(holders.get(option.id) ?? []), name]);
      const value = placeValue(slot, option, keepBonus);
      if (value) values.push([value, name]);
      if (option.price * slot.quantity) costs.push([option.price * slot.quantity, name]);
      if (slot.fixed && slot.current && option.id !== slot.current) rows.push(` k${s}_${o}: ${name} = 0`);
    });
    if (!slot.required && !(slot.fixed && slot.current)) {
      binaries.push(emptyVariable(s));
      one.push(emptyVariable(s));
    }
    // A place nothing can fill: `0 = 1`, which no selection meets.
    rows.push(` s${s}: ${one.length ? one.join(' + ') : `0 ${emptyVariable(s)}`} = 1`);
  });
  let r = 0;
  for (const option of options.values()) {
    const mine = holders.get(option.id)!;
    for (const needed of option.requires) {
      const theirs = holders.get(needed) ?? [];
      for (const name of mine) rows.push(` r${r++}: ${name}${theirs.map((other) => ` - ${other}`).join('')} <= 0`);
    }
    for (const excluded of option.excludes)
      for (const name of mine)
        for (const other of holders.get(excluded) ?? []) rows.push(` x${r++}: ${name} + ${other} <= 1`);
  }
  (problem.mustInclude ?? []).forEach((needed, n) => {
    const theirs = holders.get(needed) ?? [];
    rows.push(` m${n}: ${theirs.length ? theirs.join(' + ') : `0 ${emptyVariable(0)}`} >= 1`);
  });
  packages.forEach((pack, p) => {
    const name = packageVariable(p);
    binaries.push(name);
    if (pack.adjustment) costs.push([pack.adjustment, name]);
    if (pack.value) values.push([pack.value, name]);
    for (const choice of pack.choices) {
      const s = problem.slots.findIndex((slot) => slot.key === choice.slot);
      const o = s < 0 ? -1 : problem.slots[s]!.options.findIndex((option) => option.id === choice.option);
      rows.push(o < 0 ? ` q${r++}: ${name} = 0` : ` q${r++}: ${name} - ${choiceVariable(s, o)} <= 0`);
    }
  });
  if (packages.length) rows.push(` onepackage: ${packages.map((_, p) => packageVariable(p)).join(' + ')} <= 1`);
  // Within the budget: options, package and fixed lines (floored at zero), then the fees, at most the budget.
  const budgetRow =
    ` budget: ${sum(costs)} <= ${problem.budget - fixedCost - fees}` +
    (fees > problem.budget ? `\n nofit: 0 ${emptyVariable(0)} >= 1` : '');
  const tail = `Subject To\n${budgetRow}\n${rows.join('\n')}\nBinary\n ${binaries.join(' ')}\nEnd\n`;
  return {
    valueProgram: `Maximize\n value: ${sum(values)}\n${tail}`,
    costProgram: (value) =>
      `Minimize\n cost: ${sum(costs)}\n${tail.replace('Subject To\n', `Subject To\n worth: ${sum(values)} >= ${value}\n`)}`,
    cheapestProgram: `Minimize\n cost: ${sum(costs)}\n${tail.replace(`${budgetRow}\n`, '')}`,
    read(ones) {
      const picks: Record<string, string | null> = {};
      let [cost, value] = [fixedCost, 0];
      problem.slots.forEach((slot, s) => {
        const o = slot.options.findIndex((_, i) => ones.has(choiceVariable(s, i)));
        const option = o < 0 ? null : slot.options[o]!;
        picks[slot.key] = option?.id ?? null;
        cost += option ? option.price * slot.quantity : 0;
        value += placeValue(slot, option, keepBonus);
      });
      const p = packages.findIndex((_, i) => ones.has(packageVariable(i)));
      cost += p < 0 ? 0 : packages[p]!.adjustment;
      value += p < 0 ? 0 : (packages[p]!.value ?? 0);
      return { kind: 'fit', picks, package: p < 0 ? null : packages[p]!.id, cost: Math.max(0, cost) + fees, value };
    },
  };
}

/**
 * A check of a whole catalogue for what would stop buyers (docs/back-office.md, "Catalogue
 * check"): rules that contradict each other, required categories with nothing to choose for
 * a plan, and packages that break a rule. Pure, so the server and the tests share it.
 */
import {
  describeUnavailability,
  type RuleCategory,
  type RuleOption,
  ruleViolations,
  type Selection,
} from './selection-rules.ts';
import { message, type Say } from './messages/index.ts';
import { boxesOverlap, minimapBoxes, sortRooms, type MinimapRoom } from './rooms.ts';

export interface CheckPackage {
  _id: string;
  name: string;
  options: string[];
}
export interface CheckPlan {
  _id: string;
  name: string;
  rooms: string[];
}
export interface CheckCategory extends RuleCategory {
  rooms: string[];
  /** The surface of the 3D rooms its choices paint, if any. */
  surface?: string | null | undefined;
}
export interface CheckRoom extends MinimapRoom {
  _id: string;
  name: string;
  order?: number | null | undefined;
}

/** Each problem's sentence as said in one language (`text`), and the catalogue key and values it was said from. */
type Said = { text: string; key: string; params: Record<string, string | number> };

export type CatalogueProblem = Said &
  (
    | { kind: 'requires-excluded'; option: string; other: string; text: string }
    | { kind: 'requires-missing'; option: string; other: string; text: string }
    | { kind: 'requires-inactive'; option: string; other: string; text: string }
    | { kind: 'requires-other-plan'; option: string; other: string; plan: string; text: string }
    | { kind: 'requires-cycle'; option: string; text: string }
    | { kind: 'required-empty'; category: string; plan: string; text: string }
    | { kind: 'package-breaks-rule'; package: string; option: string; text: string }
    | { kind: 'package-missing-option'; package: string; text: string }
    | { kind: 'swatch-missing'; option: string; category: string; text: string }
    | { kind: 'minimap-overlap'; plan: string; room: string; other: string; text: string }
  );

/** A problem's sentence, and its key and values, so that a page says it in its reader's words (docs/languages.md). */
const saidWith =
  (say: Say) =>
  (key: Parameters<Say>[0], params: Record<string, string | number> = {}) => ({ text: say(key, params), key, params });

const offeredOn = (option: RuleOption, plan: string) => option.plans.length === 0 || option.plans.includes(plan);

/** Every problem of the catalogue, each with a sentence a manager understands, in the language `say` speaks. */
export function catalogueProblems({
  options,
  categories,
  packages,
  plans,
  rooms = [],
  swatches,
  say = message,
}: {
  options: ReadonlyMap<string, RuleOption>;
  categories: ReadonlyMap<string, CheckCategory>;
  packages: readonly CheckPackage[];
  plans: readonly CheckPlan[];
  /** The project's rooms, with where the minimap places them. */
  rooms?: readonly CheckRoom[];
  /** The options that have a swatch (unknown when not given: no swatch check). */
  swatches?: ReadonlySet<string>;
  say?: Say;
}): CatalogueProblem[] {
  const said = saidWith(say);
  const problems: CatalogueProblem[] = [];
  const nameOf = (id: string) => options.get(id)?.name ?? say('check.gone-option');
  const excludes = (a: RuleOption, b: string) =>
    a.excludes.includes(b) || (options.get(b)?.excludes.includes(a._id) ?? false);

  for (const option of options.values()) {
    if (!option.active) continue;
    for (const other of option.requires) {
      const needed = options.get(other);
      if (!needed)
        problems.push({
          kind: 'requires-missing',
          option: option._id,
          other,
          ...said('check.requires-missing', { option: option.name }),
        });
      else if (excludes(option, other))
        problems.push({
          kind: 'requires-excluded',
          option: option._id,
          other,
          ...said('check.requires-excluded', { option: option.name, other: needed.name }),
        });
      else if (!needed.active)
        problems.push({
          kind: 'requires-inactive',
          option: option._id,
          other,
          ...said('check.requires-inactive', { option: option.name, other: needed.name }),
        });
      else {
        for (const plan of plans) {
          if (offeredOn(option, plan._id) && !offeredOn(needed, plan._id)) {
            problems.push({
              kind: 'requires-other-plan',
              option: option._id,
              other,
              plan: plan._id,
              ...said('check.requires-other-plan', { plan: plan.name, option: option.name, other: needed.name }),
            });
          }
        }
      }
    }
    // Options whose needs lead back to themselves through others can only be chosen all at once.
    if (requiresItself(option._id, options))
      problems.push({
        kind: 'requires-cycle',
        option: option._id,
        ...said('check.requires-cycle', { option: option.name }),
      });
  }

  for (const plan of plans) {
    for (const category of categories.values()) {
      if (!category.required) continue;
      const inPlan = category.rooms.length === 0 || category.rooms.some((room) => plan.rooms.includes(room));
      if (!inPlan) continue;
      const choosable = [...options.values()].some(
        (o) => o.category === category._id && o.active && offeredOn(o, plan._id) && o.requires.length === 0,
      );
      if (!choosable)
        problems.push({
          kind: 'required-empty',
          category: category._id,
          plan: plan._id,
          ...said('check.required-empty', { category: category.name, plan: plan.name }),
        });
    }
  }

  for (const pkg of packages) {
    const missing = pkg.options.filter((id) => !options.has(id));
    if (missing.length)
      problems.push({
        kind: 'package-missing-option',
        package: pkg._id,
        ...said('check.package-missing-option', { package: pkg.name, count: missing.length }),
      });
    const selections: Selection[] = pkg.options
      .filter((id) => options.has(id))
      .map((option) => ({ option, quantity: 1 }));
    for (const violation of ruleViolations(selections, { options, categories, planId: null, isOpen: true })) {
      problems.push({
        kind: 'package-breaks-rule',
        package: pkg._id,
        option: violation.option,
        ...said('check.package-breaks-rule', {
          package: pkg.name,
          option: nameOf(violation.option),
          reason: describeUnavailability(violation.reason, { options }, say),
        }),
      });
    }
  }
  problems.push(...missingSwatches(options, categories, swatches, say), ...overlappingRooms(plans, rooms, say));
  return problems;
}

/**
 * Options of a category that paints the 3D rooms, with no swatch: the rooms would draw the
 * standard finish while the list and the PDF name the option.
 */
function missingSwatches(
  options: ReadonlyMap<string, RuleOption>,
  categories: ReadonlyMap<string, CheckCategory>,
  swatches: ReadonlySet<string> | undefined,
  say: Say,
) {
  if (!swatches) return [];
  const said = saidWith(say);
  const problems: CatalogueProblem[] = [];
  for (const option of options.values()) {
    const category = categories.get(option.category);
    if (!option.active || !category?.surface || swatches.has(option._id)) continue;
    problems.push({
      kind: 'swatch-missing',
      option: option._id,
      category: category._id,
      ...said('check.swatch-missing', { option: option.name, category: category.name, surface: category.surface }),
    });
  }
  return problems;
}

/** Rooms of a plan that the floor-plan minimap draws over each other, where a buyer cannot tap the one beneath. */
function overlappingRooms(plans: readonly CheckPlan[], rooms: readonly CheckRoom[], say: Say) {
  if (!rooms.length) return [];
  const said = saidWith(say);
  const problems: CatalogueProblem[] = [];
  for (const plan of plans) {
    // The rooms as Explore shows them for this plan: in display order (docs/data-model.md).
    const shown = sortRooms(rooms.filter((room) => plan.rooms.includes(room._id)));
    const boxes = minimapBoxes(shown);
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        if (!boxesOverlap(boxes[i]!, boxes[j]!)) continue;
        problems.push({
          kind: 'minimap-overlap',
          plan: plan._id,
          room: shown[i]!._id,
          other: shown[j]!._id,
          ...said('check.minimap-overlap', { plan: plan.name, room: shown[i]!.name, other: shown[j]!.name }),
        });
      }
    }
  }
  return problems;
}

function requiresItself(start: string, options: ReadonlyMap<string, RuleOption>): boolean {
  const seen = new Set<string>();
  const stack = [...(options.get(start)?.requires ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(options.get(id)?.requires ?? []));
  }
  return false;
}

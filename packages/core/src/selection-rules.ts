/**
 * The rules of choosing finishes (docs/selection-rules.md), pure so that the server enforces them and
 * the configurator explains them with the same code.
 */

import type { CategoryFields, OptionFields } from './collections.ts';
import { DomainError } from './errors.ts';
import { message, type Say } from './messages/index.ts';

/** What the rules read of an option: picked from the option's one shape. */
export type RuleOption = { _id: string } & Pick<
  OptionFields,
  'name' | 'category' | 'price' | 'plans' | 'requires' | 'excludes' | 'active'
>;

/** What the rules read of a category (its rooms: where a required one needs a choice). */
export type RuleCategory = { _id: string } & Pick<CategoryFields, 'name' | 'required' | 'multiple' | 'allowance'> & {
    rooms?: string[];
  };

export interface Selection {
  option: string;
  room?: string | undefined;
  quantity: number;
}

export interface RuleContext {
  options: ReadonlyMap<string, RuleOption>;
  categories: ReadonlyMap<string, RuleCategory>;
  /** The plan of the buyer's unit; options limited to other plans are not offered. */
  planId: string | null;
  /** Whether the cart can still be changed by its buyer (a draft before its deadline). */
  isOpen: boolean;
}

/** Why an option cannot be chosen now. */
export type Unavailability =
  | { kind: 'closed' }
  | { kind: 'unknown' }
  | { kind: 'inactive' }
  | { kind: 'plan' }
  | { kind: 'requires'; missing: string[] }
  | { kind: 'excludes'; conflicts: string[] }
  | { kind: 'one-only'; category: string };

const chosenIds = (selections: readonly Selection[]) => new Set(selections.map((s) => s.option));

/** Options that exclude each other, whichever side declares it. */
function conflictsWith(option: RuleOption, chosen: ReadonlySet<string>, context: RuleContext): string[] {
  const conflicts = new Set(option.excludes.filter((id) => chosen.has(id)));
  for (const id of chosen) {
    if (context.options.get(id)?.excludes.includes(option._id)) conflicts.add(id);
  }
  conflicts.delete(option._id);
  return [...conflicts];
}

/**
 * Why this option cannot be added to these selections, or null when it can. Choices in the
 * same single-choice category and room are replaced, so they do not count against it.
 */
export function whyUnavailable(
  optionId: string,
  selections: readonly Selection[],
  context: RuleContext,
  room?: string,
): Unavailability | null {
  if (!context.isOpen) return { kind: 'closed' };
  const option = context.options.get(optionId);
  if (!option) return { kind: 'unknown' };
  if (!option.active) return { kind: 'inactive' };
  if (option.plans.length > 0 && (!context.planId || !option.plans.includes(context.planId))) return { kind: 'plan' };
  const remaining = withoutReplaced(selections, option, context, room);
  const chosen = chosenIds(remaining);
  const missing = option.requires.filter((id) => !chosen.has(id));
  if (missing.length) return { kind: 'requires', missing };
  const conflicts = conflictsWith(option, chosen, context);
  if (conflicts.length) return { kind: 'excludes', conflicts };
  return null;
}

/** The reason in the buyer's words (shown beside a disabled option). */
export function describeUnavailability(
  reason: Unavailability,
  context: Pick<RuleContext, 'options'>,
  say: Say = message,
): string {
  const names = (ids: string[]) =>
    ids.map((id) => context.options.get(id)?.name ?? say('rule.another-choice')).join(', ');
  if (reason.kind === 'requires') return say('rule.requires', { names: names(reason.missing) });
  if (reason.kind === 'excludes') return say('rule.excludes', { names: names(reason.conflicts) });
  return say(`rule.${reason.kind}`);
}

function withoutReplaced(
  selections: readonly Selection[],
  option: RuleOption,
  context: RuleContext,
  room?: string,
): Selection[] {
  const category = context.categories.get(option.category);
  if (category?.multiple) return selections.filter((s) => !(s.option === option._id && s.room === room));
  return selections.filter((s) => !(context.options.get(s.option)?.category === option.category && s.room === room));
}

/**
 * Chooses an option: in a single-choice category it replaces the previous choice of that
 * category in the same room; in a multiple-choice one it is added (or its quantity set).
 * Choices that needed a replaced one go with it. Throws the reason when the rules refuse
 * the choice; the selections are not changed then.
 */
export function choose(selections: readonly Selection[], choice: Selection, context: RuleContext): Selection[] {
  const reason = whyUnavailable(choice.option, selections, context, choice.room);
  if (reason) throw new RuleBrokenError(reason, describeUnavailability(reason, context));
  const option = context.options.get(choice.option)!;
  return withoutUnmetRequirements(
    [...withoutReplaced(selections, option, context, choice.room), { ...choice }],
    context,
  );
}

/** Removes a choice; choices that needed it are removed too (they would break the rules). */
export function unchoose(
  selections: readonly Selection[],
  optionId: string,
  room: string | undefined,
  context: RuleContext,
): Selection[] {
  return withoutUnmetRequirements(
    selections.filter((s) => !(s.option === optionId && s.room === room)),
    context,
  );
}

/**
 * The choices a change took with it beyond the one made (docs/selection-rules.md, "Removed
 * with"): those that needed a replaced or removed choice — not the choice itself, nor the
 * previous choice of a single-choice category it replaced. Each with the option it needed.
 */
export function removedWith(
  before: readonly Selection[],
  after: readonly Selection[],
  changes: ReadonlyArray<{ option: string; room?: string | undefined }>,
  context: Pick<RuleContext, 'options' | 'categories'>,
): Array<Selection & { needed: string | null }> {
  const chosen = chosenIds(after);
  const replacedBy = (s: Selection, change: { option: string; room?: string | undefined }) => {
    if (s.option === change.option && s.room === change.room) return true;
    const option = context.options.get(change.option);
    const isSingle = option ? !context.categories.get(option.category)?.multiple : false;
    return isSingle && s.room === change.room && context.options.get(s.option)?.category === option?.category;
  };
  return before
    .filter((s) => !after.some((a) => a.option === s.option && a.room === s.room))
    .filter((s) => !changes.some((change) => replacedBy(s, change)))
    .map((s) => ({ ...s, needed: context.options.get(s.option)?.requires.find((id) => !chosen.has(id)) ?? null }));
}

/** Drops, until none is left, every choice whose required options are no longer chosen. */
function withoutUnmetRequirements(selections: Selection[], context: RuleContext): Selection[] {
  let result = selections;
  for (;;) {
    const chosen = chosenIds(result);
    const next = result.filter((s) => (context.options.get(s.option)?.requires ?? []).every((id) => chosen.has(id)));
    if (next.length === result.length) return result;
    result = next;
  }
}

/** A choice the rules refuse: a domain error like every other (code `rule_broken`), with the reason it names. */
export class RuleBrokenError extends DomainError {
  constructor(
    readonly reason: Unavailability,
    message: string,
  ) {
    super('rule_broken', message, { reason });
    this.name = 'RuleBrokenError';
  }
}

export interface Violation {
  option: string;
  room?: string | undefined;
  reason: Unavailability;
  message: string;
}

/** Every choice of a whole cart that breaks a rule (for saving a cart the server did not build). */
export function ruleViolations(selections: readonly Selection[], context: RuleContext): Violation[] {
  const open = { ...context, isOpen: true };
  const seen = new Set<string>();
  const duplicates: Violation[] = [];
  for (const selection of selections) {
    const option = context.options.get(selection.option);
    const category = option ? context.categories.get(option.category) : undefined;
    const key = category?.multiple
      ? `${selection.option}|${selection.room ?? ''}`
      : `${option?.category}|${selection.room ?? ''}`;
    if (option && seen.has(key)) {
      const reason: Unavailability = { kind: 'one-only', category: option.category };
      duplicates.push({
        option: selection.option,
        room: selection.room,
        reason,
        message: describeUnavailability(reason, context),
      });
    }
    seen.add(key);
  }
  if (duplicates.length) return duplicates;
  return selections.flatMap((selection) => {
    const others = selections.filter((s) => s !== selection);
    const reason = whyUnavailable(selection.option, others, open, selection.room);
    return reason
      ? [{ option: selection.option, room: selection.room, reason, message: describeUnavailability(reason, context) }]
      : [];
  });
}

/** A required category in one room (or, for a category that names no rooms, in the home as a whole). */
export interface RequiredChoice {
  category: RuleCategory;
  room: string | null;
}

export interface RequiredContext extends Pick<RuleContext, 'options' | 'categories'> {
  /** The rooms of the buyer's plan; a required category applies only to those of its rooms the plan has. Unknown: all. */
  planRooms?: readonly string[] | null | undefined;
}

/**
 * Where a choice is required (docs/selection-rules.md, "Required"): each room of the plan
 * where a required category applies, or once for a required category without rooms.
 */
export function requiredChoices(context: Pick<RequiredContext, 'categories' | 'planRooms'>): RequiredChoice[] {
  return [...context.categories.values()]
    .filter((category) => category.required)
    .flatMap((category): RequiredChoice[] => {
      const rooms = category.rooms ?? [];
      if (!rooms.length) return [{ category, room: null }];
      return rooms
        .filter((room) => !context.planRooms || context.planRooms.includes(room))
        .map((room) => ({ category, room }));
    });
}

/**
 * The required choices not made yet: the cart cannot be submitted while any is left. A choice
 * made for a room covers that room; one made without a room covers the whole home; a category
 * without rooms needs one choice anywhere.
 */
export function missingRequired(selections: readonly Selection[], context: RequiredContext): RequiredChoice[] {
  const made = new Set<string>();
  for (const s of selections) {
    const category = context.options.get(s.option)?.category;
    if (category) made.add(`${category}|${s.room ?? '*'}`).add(`${category}|any`);
  }
  const isMade = ({ category, room }: RequiredChoice) =>
    made.has(`${category._id}|${room === null ? 'any' : '*'}`) ||
    (room !== null && made.has(`${category._id}|${room}`));
  return requiredChoices(context).filter((choice) => !isMade(choice));
}

/** ["Flooring (Foyer, Kitchen)", "Wall Paint"]: what is missing, by category, in the buyer's words. */
export function describeMissing(
  missing: readonly RequiredChoice[],
  roomName: (room: string) => string | undefined,
): string[] {
  const byCategory = new Map<string, { name: string; rooms: string[] }>();
  for (const { category, room } of missing) {
    const entry = byCategory.get(category._id) ?? { name: category.name, rooms: [] };
    if (room !== null) entry.rooms.push(roomName(room) ?? room);
    byCategory.set(category._id, entry);
  }
  return [...byCategory.values()].map(({ name, rooms }) => (rooms.length ? `${name} (${rooms.join(', ')})` : name));
}

/** Per category: what the choices cost against its allowance (positive: over the allowance). */
export function allowances(selections: readonly Selection[], context: Pick<RuleContext, 'options' | 'categories'>) {
  const spent = new Map<string, number>();
  for (const s of selections) {
    const option = context.options.get(s.option);
    if (option) spent.set(option.category, (spent.get(option.category) ?? 0) + option.price * s.quantity);
  }
  return [...context.categories.values()]
    .filter((category) => category.allowance > 0)
    .map((category) => {
      const total = spent.get(category._id) ?? 0;
      return {
        category: category._id,
        allowance: category.allowance,
        spent: total,
        difference: total - category.allowance,
      };
    });
}

/** The deposit on upgrades, in minor units, rounded half up to the nearest unit. */
export function depositOf(total: number, percent: number | undefined): number {
  if (!percent || total <= 0) return 0;
  return Math.round((total * percent) / 100);
}

/** What is left of the buyer's budget (negative: over it), or null without a budget. */
export function budgetRemaining(total: number, budget: number | null | undefined): number | null {
  return typeof budget === 'number' ? budget - total : null;
}

/**
 * Applies a package in one step: each of its options is chosen in every room it belongs to
 * (replacing what was chosen there in single-choice categories). Options are applied in an
 * order that puts what others need first. Throws the first reason an option cannot be
 * applied; the selections are then unchanged.
 */
export function applyPackage(
  selections: readonly Selection[],
  packageOptions: readonly string[],
  roomsFor: (optionId: string) => Array<string | undefined>,
  context: RuleContext,
): Selection[] {
  let pending = [...packageOptions];
  let result = [...selections];
  while (pending.length) {
    const ready = pending.filter((id) =>
      (context.options.get(id)?.requires ?? []).every((needed) => !pending.includes(needed) || needed === id),
    );
    if (!ready.length) throw new RuleBrokenError({ kind: 'unknown' }, message('rule.package'));
    for (const id of ready) {
      const rooms = roomsFor(id);
      for (const room of rooms.length ? rooms : [undefined]) {
        result = choose(result, { option: id, room, quantity: 1 }, context);
      }
    }
    pending = pending.filter((id) => !ready.includes(id));
  }
  return result;
}

/**
 * The rooms a package's option goes into for a unit's plan: the option's own rooms, else its
 * category's, kept to the category's rooms and to the plan's (all rooms when the plan is unknown).
 */
export function packageRooms(
  optionId: string,
  options: ReadonlyMap<string, { category: string; rooms?: readonly string[] }>,
  categories: ReadonlyMap<string, { rooms?: readonly string[] }>,
  planRooms: readonly string[] | null,
): string[] {
  const option = options.get(optionId);
  const categoryRooms = (option ? categories.get(option.category)?.rooms : undefined) ?? [];
  const candidates = option?.rooms?.length ? option.rooms : categoryRooms;
  return candidates.filter((room) => categoryRooms.includes(room) && (!planRooms || planRooms.includes(room)));
}

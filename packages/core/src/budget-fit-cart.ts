/**
 * Fit my budget on a buyer's selection (docs/fit-my-budget.md): the problem a cart and its plan's
 * catalogue make, the proposal read back as selections, each change with its reason, and taking
 * a proposal room by room. The program itself is budget-fit.ts's.
 */
import { cartTotal, type Adjustment } from './pricing.ts';
import {
  packageRooms,
  RuleBrokenError,
  ruleViolations,
  type RuleCategory,
  type RuleContext,
  type RuleOption,
  type Selection,
} from './selection-rules.ts';
import { DEFAULT_KEEP_BONUS, type FitPackage, type FitProblem, type FitProposal, type FitSlot } from './budget-fit.ts';

/** An option as Fit my budget reads it: the rules' view, its rooms and its recommendation. */
export interface FitCatalogueOption extends RuleOption {
  rooms?: readonly string[];
  recommendation?: number | null | undefined;
}

export interface FitCatalogueCategory extends RuleCategory {
  /** Sold by the piece: a place keeps the buyer's quantity. */
  quantities?: boolean;
}

export interface FitCataloguePackage {
  _id: string;
  options: readonly string[];
  priceAdjustment: number;
  recommendation?: number | null | undefined;
}

/** The catalogue as the buyer's plan offers it, with the plan's rooms (null: every room). */
export interface FitCatalogue {
  options: ReadonlyMap<string, FitCatalogueOption>;
  categories: ReadonlyMap<string, FitCatalogueCategory>;
  packages: readonly FitCataloguePackage[];
  planId: string | null;
  planRooms: readonly string[] | null;
}

export interface FitCart {
  selections: readonly Selection[];
  package?: string | null | undefined;
  fees?: readonly Adjustment[] | undefined;
}

/** What the buyer asks (docs/fit-my-budget.md, "Asking"). */
export interface FitRequest {
  /** The most the selection may total (minor units), fees included. */
  budget: number;
  /** Rooms or categories whose current choices stay. */
  keep?: readonly string[];
  /** Rooms or categories where the buyer would rather spend. */
  spendMore?: readonly string[];
  /** During a change order: every place as the signed selection has it stays. */
  keepSigned?: boolean;
}

/** The project's weighting (docs/fit-my-budget.md, "Value"). */
export interface FitWeighting {
  keepBonus: number;
  priorityWeight: number;
}

export const DEFAULT_FIT_WEIGHTING: FitWeighting = { keepBonus: DEFAULT_KEEP_BONUS, priorityWeight: 2 };

/** A place of the problem, as the explanation needs it. */
export interface FitPlace {
  key: string;
  category: string;
  room: string | null;
  required: boolean;
  quantity: number;
  current: string | null;
  kept: 'asked' | 'signed' | null;
  priority: boolean;
}

export const placeKey = (category: string, room: string | null | undefined) => `${category}|${room ?? ''}`;

/** The recommendation an option or package counts with: its rank, or 3 when the design centre gave none. */
export const rankOf = (item: { recommendation?: number | null | undefined } | undefined) => item?.recommendation ?? 3;
const RANK_UNIT = 10;

const isOffered = (option: FitCatalogueOption, planId: string | null, room: string | null) =>
  option.active &&
  (!option.plans.length || (!!planId && option.plans.includes(planId))) &&
  (!room || !option.rooms?.length || option.rooms.includes(room));

const excludesEither = (a: RuleOption, b: RuleOption) => a.excludes.includes(b._id) || b.excludes.includes(a._id);

export interface FitSetup {
  problem: FitProblem;
  places: FitPlace[];
  /** The lines no place holds (multiple-choice categories, choices outside the plan's rooms): kept as they are. */
  fixedLines: Selection[];
}

/** The places of a cart: every single-choice category in each of its rooms the plan has (or in the home). */
function placesOf(cart: FitCart, catalogue: FitCatalogue, request: FitRequest, signed: readonly Selection[] | null) {
  const categoryOf = (line: Selection) => catalogue.options.get(line.option)?.category;
  const asked = new Set(request.keep ?? []);
  const more = new Set(request.spendMore ?? []);
  const places: FitPlace[] = [];
  for (const category of catalogue.categories.values()) {
    if (category.multiple) continue;
    const rooms = category.rooms?.length
      ? category.rooms.filter((room) => !catalogue.planRooms || catalogue.planRooms.includes(room))
      : [null];
    // A choice made without a room covers the category in every room (docs/selection-rules.md, "Required").
    const homeWide = !!category.rooms?.length && cart.selections.some((l) => categoryOf(l) === category._id && !l.room);
    for (const room of rooms) {
      const line = cart.selections.find((l) => categoryOf(l) === category._id && (l.room ?? null) === room);
      const current = line?.option ?? null;
      const signedLine = signed?.find((l) => categoryOf(l) === category._id && (l.room ?? null) === room);
      const isSigned = !!request.keepSigned && !!signed && (signedLine?.option ?? null) === current;
      const isAsked = !!current && (asked.has(category._id) || (room !== null && asked.has(room)));
      places.push({
        key: placeKey(category._id, room),
        category: category._id,
        room,
        required: category.required && !homeWide,
        quantity: category.quantities && line ? line.quantity : 1,
        current,
        kept: isAsked ? 'asked' : isSigned ? 'signed' : null,
        priority: more.has(category._id) || (room !== null && more.has(room)),
      });
    }
  }
  return places;
}

/**
 * The problem a buyer's selection makes (docs/fit-my-budget.md, "The problem"): its places with
 * the options the plan offers there, its kept places, the project's packages, what stays whatever
 * the proposal (fees, lines no place holds) and the weighting. `signed` is the purchase in force's
 * lines during a change order.
 */
export function fitSetupOf(
  cart: FitCart,
  catalogue: FitCatalogue,
  request: FitRequest,
  weighting: FitWeighting = DEFAULT_FIT_WEIGHTING,
  signed: readonly Selection[] | null = null,
): FitSetup {
  const offeredIn = (place: Pick<FitPlace, 'category' | 'room'>) =>
    [...catalogue.options.values()].filter(
      (o) => o.category === place.category && isOffered(o, catalogue.planId, place.room),
    );
  // A choice no longer offered cannot be kept (the cart would not save): its place changes.
  const places = placesOf(cart, catalogue, request, signed).map((place) =>
    place.kept && !offeredIn(place).some((o) => o._id === place.current) ? { ...place, kept: null } : place,
  );
  const held = new Set(places.flatMap((place) => (place.current ? [`${place.key}>${place.current}`] : [])));
  const fixedLines = cart.selections.filter((line) => {
    const option = catalogue.options.get(line.option);
    return !option || !held.has(`${placeKey(option.category, line.room)}>${line.option}`);
  });
  const fixedOptions = fixedLines.flatMap((line) => catalogue.options.get(line.option) ?? []);
  const fixedIds = new Set(fixedOptions.map((o) => o._id));
  const slots: FitSlot[] = places.map((place) => ({
    key: place.key,
    required: place.required,
    current: place.current,
    quantity: place.quantity,
    weight: place.priority ? weighting.priorityWeight : 1,
    fixed: !!place.kept,
    options: offeredIn(place)
      .filter((o) => !fixedOptions.some((f) => excludesEither(o, f)))
      .map((o) => ({
        id: o._id,
        price: o.price,
        rank: rankOf(o),
        requires: o.requires.filter((id) => !fixedIds.has(id)),
        excludes: o.excludes,
      })),
  }));
  const slotKeys = new Set(slots.map((slot) => slot.key));
  const packages = catalogue.packages.flatMap((pack): FitPackage[] => {
    const choices: FitPackage['choices'][number][] = [];
    for (const id of pack.options) {
      const option = catalogue.options.get(id);
      if (!option) return [];
      if (catalogue.categories.get(option.category)?.multiple) {
        if (!fixedIds.has(id)) return [];
        continue;
      }
      const rooms = packageRooms(id, catalogue.options, catalogue.categories, catalogue.planRooms);
      for (const room of rooms.length ? rooms : [null])
        choices.push({ slot: placeKey(option.category, room), option: id });
    }
    if (choices.some((choice) => !slotKeys.has(choice.slot))) return [];
    const keep = pack._id === cart.package ? weighting.keepBonus : 0;
    return [{ id: pack._id, adjustment: pack.priceAdjustment, value: (rankOf(pack) - 3) * RANK_UNIT + keep, choices }];
  });
  const priceOf = (id: string) => catalogue.options.get(id)?.price;
  const fixedCost = fixedLines.reduce((sum, line) => sum + (priceOf(line.option) ?? 0) * line.quantity, 0);
  const fees = (cart.fees ?? []).reduce((sum, fee) => sum + fee.amount, 0);
  // What a kept line needs must be chosen somewhere (the rules ask it only of a line still offered).
  const mustInclude = [
    ...new Set(
      fixedOptions
        .filter((o) => isOffered(o, catalogue.planId, null))
        .flatMap((o) => o.requires.filter((id) => !fixedIds.has(id))),
    ),
  ];
  return {
    problem: { slots, packages, budget: request.budget, fixedCost, fees, keepBonus: weighting.keepBonus, mustInclude },
    places,
    fixedLines,
  };
}

/** The proposal as a cart's selections: the lines kept as they are, then each place's choice. */
export function proposedSelections(setup: FitSetup, picks: FitProposal['picks']): Selection[] {
  return [
    ...setup.fixedLines,
    ...setup.places.flatMap((place): Selection[] => {
      const option = picks[place.key];
      return option ? [{ option, ...(place.room ? { room: place.room } : {}), quantity: place.quantity }] : [];
    }),
  ];
}

/** Why a place changes in a proposal, or stays where the buyer or the signature asked (docs/fit-my-budget.md, "Reasons"). */
export const FIT_REASONS = [
  'kept-asked',
  'kept-signed',
  'package',
  'unoffered',
  'required',
  'recommended',
  'ranked',
  'priority',
  'budget',
  'needed',
  'excluded',
  'value',
] as const;
export type FitReason = (typeof FIT_REASONS)[number];

/** One place of the proposal that differs from the cart (or stays because it was asked to). */
export interface FitChange {
  place: string;
  category: string;
  room: string | null;
  from: string | null;
  to: string | null;
  /** What the change adds to the total (negative: saves). */
  difference: number;
  reason: FitReason;
  /** The option or package the reason names (needed by, cannot be combined with, part of). */
  by: string | null;
}

export interface FitRoomSum {
  room: string | null;
  before: number;
  after: number;
}

export interface FitExplanation {
  selections: Selection[];
  package: string | null;
  /** The cart's total now and with the proposal, by the one pricing function (`cartTotal`). */
  currentTotal: number;
  total: number;
  changes: FitChange[];
  rooms: FitRoomSum[];
}

const roomOf = (line: Selection) => line.room ?? null;

function totalOf(
  catalogue: FitCatalogue,
  selections: readonly Selection[],
  packageId: string | null,
  fees: FitCart['fees'],
) {
  const adjustment = catalogue.packages.find((p) => p._id === packageId)?.priceAdjustment ?? 0;
  const priceOf = (id: string) => catalogue.options.get(id)?.price;
  return cartTotal({ selections, priceOf, packageAdjustment: adjustment, fees: fees ?? [] });
}

/** The reason a place moves from `from` to `to` in a proposal (`after`). */
function reasonFor(
  catalogue: FitCatalogue,
  place: FitPlace,
  change: { from: string | null; to: string | null },
  after: readonly Selection[],
  pack: FitCataloguePackage | undefined,
): { reason: FitReason; by: string | null } {
  const option = (id: string | null) => (id ? catalogue.options.get(id) : undefined);
  const [from, to] = [option(change.from), option(change.to)];
  if (to && pack?.options.includes(to._id)) return { reason: 'package', by: pack._id };
  if (from && !isOffered(from, catalogue.planId, place.room)) return { reason: 'unoffered', by: null };
  const neededBy = to && after.find((l) => l.option !== to._id && option(l.option)?.requires.includes(to._id));
  const excludedBy = from && after.find((l) => option(l.option) && excludesEither(option(l.option)!, from));
  if (to && !from) {
    if (place.required) return { reason: 'required', by: null };
    return neededBy ? { reason: 'needed', by: neededBy.option } : { reason: 'recommended', by: null };
  }
  if (!to) return excludedBy ? { reason: 'excluded', by: excludedBy.option } : { reason: 'budget', by: null };
  if (rankOf(to) > rankOf(from)) return { reason: place.priority ? 'priority' : 'ranked', by: null };
  if (to.price < from!.price) return { reason: 'budget', by: null };
  if (neededBy) return { reason: 'needed', by: neededBy.option };
  if (excludedBy) return { reason: 'excluded', by: excludedBy.option };
  return { reason: 'value', by: null };
}

/**
 * A proposal explained (docs/fit-my-budget.md, "Reasons"): the selections it makes, its total and
 * the cart's by the one pricing function, each place that changes with its reason and what it adds,
 * the places kept because they were asked to be, and each room's sum before and after.
 */
export function explainFit(
  setup: FitSetup,
  catalogue: FitCatalogue,
  cart: FitCart,
  proposal: Pick<FitProposal, 'picks' | 'package'>,
): FitExplanation {
  const after = proposedSelections(setup, proposal.picks);
  const pack = catalogue.packages.find((p) => p._id === proposal.package);
  const lineCost = (id: string | null, quantity: number) =>
    id ? (catalogue.options.get(id)?.price ?? 0) * quantity : 0;
  const changes: FitChange[] = [];
  for (const place of setup.places) {
    const [from, to] = [place.current, proposal.picks[place.key] ?? null];
    const base = { place: place.key, category: place.category, room: place.room, from, to };
    if (from === to) {
      if (place.kept && from)
        changes.push({
          ...base,
          difference: 0,
          reason: place.kept === 'asked' ? 'kept-asked' : 'kept-signed',
          by: null,
        });
      continue;
    }
    const difference = lineCost(to, place.quantity) - lineCost(from, place.quantity);
    changes.push({ ...base, difference, ...reasonFor(catalogue, place, { from, to }, after, pack) });
  }
  const sums = new Map<string | null, FitRoomSum>();
  const add = (lines: readonly Selection[], side: 'before' | 'after') => {
    for (const line of lines) {
      const sum = sums.get(roomOf(line)) ?? { room: roomOf(line), before: 0, after: 0 };
      sum[side] += lineCost(line.option, line.quantity);
      sums.set(roomOf(line), sum);
    }
  };
  add(cart.selections, 'before');
  add(after, 'after');
  const changedRooms = new Set(changes.map((c) => c.room));
  return {
    selections: after,
    package: proposal.package,
    currentTotal: totalOf(catalogue, cart.selections, cart.package ?? null, cart.fees),
    total: totalOf(catalogue, after, proposal.package, cart.fees),
    changes,
    rooms: [...sums.values()].filter((sum) => changedRooms.has(sum.room)),
  };
}

/** What makes the smallest selection keeping the rules cost what it does, the dearest first. */
export interface FitDriver {
  option: string | null;
  room: string | null;
  amount: number;
  reason: 'kept-asked' | 'kept-signed' | 'required' | 'needed' | 'kept-line' | 'fees';
}

/** The three dearest parts of the cheapest selection that keeps the rules (what a budget too small is told). */
export function fitDrivers(
  setup: FitSetup,
  catalogue: FitCatalogue,
  cart: FitCart,
  cheapest: FitProposal,
): FitDriver[] {
  const cost = (line: Selection) => (catalogue.options.get(line.option)?.price ?? 0) * line.quantity;
  const drivers: FitDriver[] = setup.places.flatMap((place): FitDriver[] => {
    const option = cheapest.picks[place.key];
    if (!option) return [];
    const reason = place.kept ? (`kept-${place.kept}` as const) : place.required ? 'required' : 'needed';
    return [{ option, room: place.room, amount: cost({ option, quantity: place.quantity }), reason }];
  });
  for (const line of setup.fixedLines)
    drivers.push({ option: line.option, room: roomOf(line), amount: cost(line), reason: 'kept-line' });
  const fees = (cart.fees ?? []).reduce((sum, fee) => sum + fee.amount, 0);
  if (fees) drivers.push({ option: null, room: null, amount: fees, reason: 'fees' });
  return drivers
    .filter((driver) => driver.amount > 0)
    .sort((a, b) => b.amount - a.amount)
    .slice(0, 3);
}

/**
 * Takes a proposal in some rooms only (docs/fit-my-budget.md, "Accepting"): their places as the
 * proposal has them, the others as they are. A room whose choices need (or cannot be combined
 * with) another room's is taken with it; the rooms taken are answered so the buyer is told. The
 * package comes only when every room it fills is taken. Throws when the rules still refuse it.
 */
export function acceptFitRooms(
  current: { selections: readonly Selection[]; package: string | null },
  proposal: { selections: readonly Selection[]; package: string | null; packageRooms: ReadonlyArray<string | null> },
  rooms: ReadonlyArray<string | null>,
  context: RuleContext,
): { selections: Selection[]; package: string | null; rooms: Array<string | null> } {
  const isSingle = (line: Selection) =>
    !context.categories.get(context.options.get(line.option)?.category ?? '')?.multiple;
  const taken = new Set(rooms);
  for (;;) {
    const moves = (line: Selection) => isSingle(line) && taken.has(roomOf(line));
    const merged = [...current.selections.filter((l) => !moves(l)), ...proposal.selections.filter(moves)];
    const violations = ruleViolations(merged, { ...context, isOpen: true });
    if (!violations.length) {
      const withPackage = proposal.package && proposal.packageRooms.every((room) => taken.has(room));
      return { selections: merged, package: withPackage ? proposal.package : current.package, rooms: [...taken] };
    }
    const more = new Set<string | null>();
    for (const violation of violations) {
      const ids = violation.reason.kind === 'requires' ? violation.reason.missing : [];
      const conflicts = violation.reason.kind === 'excludes' ? violation.reason.conflicts : [];
      for (const line of proposal.selections) if (ids.includes(line.option)) more.add(roomOf(line));
      for (const line of merged) if (conflicts.includes(line.option)) more.add(roomOf(line));
      more.add(violation.room ?? null);
    }
    const fresh = [...more].filter((room) => !taken.has(room));
    if (!fresh.length) throw new RuleBrokenError(violations[0]!.reason, violations[0]!.message);
    for (const room of fresh) taken.add(room);
  }
}

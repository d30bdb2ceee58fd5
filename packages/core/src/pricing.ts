export interface PricedSelection {
  option: string;
  quantity: number;
}

/** A line that is not an option: a package's saving, or a change order's fee. */
export interface Adjustment {
  label: string;
  amount: number;
  /** A change order's fee: its number (its words are the reader's: adjustmentLabel). */
  changeOrder?: number | undefined;
  /** An extra meeting's fee: the meeting's id (docs/appointments.md, "Fees"). */
  appointment?: string | undefined;
}

/** An adjustment's words for a reader: a change order's fee in the reader's language, a package's saving by its name. */
export function adjustmentLabel(
  adjustment: { label: string; changeOrder?: number | undefined; appointment?: string | undefined },
  t: ((key: 'cart.change-fee', params: { number: number }) => string) & ((key: 'cart.appointment-fee') => string),
): string {
  if (adjustment.appointment) return t('cart.appointment-fee');
  return adjustment.changeOrder ? t('cart.change-fee', { number: adjustment.changeOrder }) : adjustment.label;
}

/**
 * A cart's total in integer minor units: the sum of each chosen option's current price
 * times its quantity, plus the package's adjustment, never below zero (a package discount
 * cannot make the builder owe the buyer), plus the fees of its change orders. An option
 * whose price is unknown counts as 0 here; the rules refuse such a choice before it is saved.
 */
export function cartTotal({
  selections,
  priceOf,
  packageAdjustment = 0,
  fees = [],
}: {
  selections: readonly PricedSelection[];
  priceOf: (optionId: string) => number | undefined;
  packageAdjustment?: number;
  fees?: readonly Adjustment[];
}): number {
  let total = packageAdjustment;
  for (const selection of selections) total += (priceOf(selection.option) ?? 0) * selection.quantity;
  return Math.max(0, total) + fees.reduce((sum, fee) => sum + fee.amount, 0);
}

export interface PricedLine extends PricedSelection {
  room?: string | undefined;
  price: number;
}

/**
 * The lines, adjustments and total a buyer signs and a purchase records
 * (docs/selection-rules.md, "Prices"): each choice at its price now, the package's saving as
 * an adjustment — cut so that the total never goes below zero, as cartTotal does — and a
 * total that is always exactly the lines plus the adjustments; change-order fees follow as
 * adjustments of their own.
 */
export function pricedSnapshot({
  selections,
  priceOf,
  packageAdjustment = 0,
  packageName = 'Package',
  fees = [],
}: {
  selections: ReadonlyArray<PricedSelection & { room?: string | undefined }>;
  priceOf: (optionId: string) => number | undefined;
  packageAdjustment?: number;
  packageName?: string;
  fees?: readonly Adjustment[];
}): { lines: PricedLine[]; adjustments: Adjustment[]; total: number } {
  const lines = selections.map((s) => ({
    option: s.option,
    ...(s.room ? { room: s.room } : {}),
    quantity: s.quantity,
    price: priceOf(s.option) ?? 0,
  }));
  const sum = lines.reduce((total, line) => total + line.price * line.quantity, 0);
  const total = cartTotal({ selections, priceOf, packageAdjustment, fees });
  const effective = cartTotal({ selections, priceOf, packageAdjustment }) - sum;
  const adjustments = [
    ...(effective !== 0 ? [{ label: packageName, amount: effective }] : []),
    ...fees.map((fee) => ({
      label: fee.label,
      amount: fee.amount,
      ...(fee.changeOrder ? { changeOrder: fee.changeOrder } : {}),
    })),
  ];
  return { lines, adjustments, total };
}

/** One line of a comparison: an option chosen in a room, with the category it answers. */
export interface ComparedLine {
  room?: string | undefined;
  category: string;
  option: string;
  quantity: number;
  price: number;
}

/** A room's category whose choice or price differs between two versions of a selection. */
export interface LineChange {
  room: string;
  category: string;
  before: ComparedLine[];
  after: ComparedLine[];
  /** What the buyer pays more (or less, when negative) for this place in the new version. */
  difference: number;
}

/**
 * What a change order changes (docs/selection-rules.md, "Change orders"): the lines of the
 * purchase in force and of the new revision, compared room by room and category by category.
 * A place is listed when its options or quantities differ, or when the same choice now costs
 * another price (a reopened selection is priced at today's prices); places that did not move
 * are left out. The order is the new version's, then what was only in the old one.
 */
export function changedLines(before: readonly ComparedLine[], after: readonly ComparedLine[]): LineChange[] {
  const places = new Map<string, { room: string; category: string; before: ComparedLine[]; after: ComparedLine[] }>();
  const placeOf = (line: ComparedLine) => {
    const key = `${line.room ?? ''}\u0000${line.category}`;
    let place = places.get(key);
    if (!place) places.set(key, (place = { room: line.room ?? '', category: line.category, before: [], after: [] }));
    return place;
  };
  for (const line of after) placeOf(line).after.push(line);
  for (const line of before) placeOf(line).before.push(line);
  const sum = (lines: ComparedLine[]) => lines.reduce((total, line) => total + line.price * line.quantity, 0);
  const choice = (lines: ComparedLine[]) =>
    lines
      .map((line) => `${line.option}×${line.quantity}`)
      .sort()
      .join(',');
  const changes: LineChange[] = [];
  for (const place of places.values()) {
    const difference = sum(place.after) - sum(place.before);
    if (choice(place.before) === choice(place.after) && difference === 0) continue;
    changes.push({ ...place, difference });
  }
  return changes;
}

export interface PricedSelection {
  option: string;
  quantity: number;
}

/**
 * A cart's total in integer minor units: the sum of each chosen option's current price
 * times its quantity, plus the package's adjustment, and never below zero (a package
 * discount cannot make the builder owe the buyer). An option whose price is unknown
 * counts as 0 here; the rules refuse such a choice before it is saved.
 */
export function cartTotal({
  selections,
  priceOf,
  packageAdjustment = 0,
}: {
  selections: readonly PricedSelection[];
  priceOf: (optionId: string) => number | undefined;
  packageAdjustment?: number;
}): number {
  let total = packageAdjustment;
  for (const selection of selections) total += (priceOf(selection.option) ?? 0) * selection.quantity;
  return Math.max(0, total);
}

export interface PricedLine extends PricedSelection {
  room?: string | undefined;
  price: number;
}

export interface Adjustment {
  label: string;
  amount: number;
}

/**
 * The lines, adjustments and total a buyer signs and a purchase records
 * (docs/selection-rules.md, "Prices"): each choice at its price now, the package's saving as
 * an adjustment — cut so that the total never goes below zero, as cartTotal does — and a
 * total that is always exactly the lines plus the adjustments.
 */
export function pricedSnapshot({
  selections,
  priceOf,
  packageAdjustment = 0,
  packageName = 'Package',
}: {
  selections: ReadonlyArray<PricedSelection & { room?: string | undefined }>;
  priceOf: (optionId: string) => number | undefined;
  packageAdjustment?: number;
  packageName?: string;
}): { lines: PricedLine[]; adjustments: Adjustment[]; total: number } {
  const lines = selections.map((s) => ({ option: s.option, ...(s.room ? { room: s.room } : {}), quantity: s.quantity, price: priceOf(s.option) ?? 0 }));
  const sum = lines.reduce((total, line) => total + line.price * line.quantity, 0);
  const total = cartTotal({ selections, priceOf, packageAdjustment });
  const effective = total - sum;
  const adjustments = effective !== 0 ? [{ label: packageName, amount: effective }] : [];
  return { lines, adjustments, total };
}

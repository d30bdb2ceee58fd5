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

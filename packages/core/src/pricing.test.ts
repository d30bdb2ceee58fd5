import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotal, changedLines, pricedSnapshot, type ComparedLine } from './pricing.ts';

const prices: Record<string, number> = { oak: 185_000, paint: 45_000, outlet: 15_000, standard: 0 };
const priceOf = (id: string) => prices[id];

describe('cartTotal', () => {
  it('sums price × quantity and adds the package adjustment', () => {
    expect(
      cartTotal({
        selections: [
          { option: 'oak', quantity: 1 },
          { option: 'outlet', quantity: 3 },
          { option: 'standard', quantity: 1 },
        ],
        priceOf,
        packageAdjustment: -50_000,
      }),
    ).toBe(185_000 + 45_000 - 50_000);
  });

  it('is 0 for an empty cart without a package', () => {
    expect(cartTotal({ selections: [], priceOf })).toBe(0);
  });

  it('does not depend on the order of the selections (property)', () => {
    const selection = fc.record({
      option: fc.constantFrom(...Object.keys(prices)),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(selection, { maxLength: 30 }), (selections) => {
        const reversed = [...selections].reverse();
        expect(cartTotal({ selections: reversed, priceOf })).toBe(cartTotal({ selections, priceOf }));
        expect(Number.isInteger(cartTotal({ selections, priceOf }))).toBe(true);
        expect(cartTotal({ selections, priceOf })).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('pricedSnapshot', () => {
  it('always totals exactly its lines plus its adjustments, and agrees with cartTotal (generated)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ option: fc.constantFrom('a', 'b', 'c', 'd'), quantity: fc.integer({ min: 1, max: 20 }) }),
          { maxLength: 12 },
        ),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 5_000_000 })),
        fc.integer({ min: -10_000_000, max: 1_000_000 }),
        fc.array(
          fc.record({
            label: fc.constantFrom('Change order fee', 'Revision fee'),
            amount: fc.integer({ min: 0, max: 100_000 }),
          }),
          { maxLength: 3 },
        ),
        (selections, prices, packageAdjustment, fees) => {
          const priceOf = (id: string) => prices[id];
          const snapshot = pricedSnapshot({
            selections,
            priceOf,
            packageAdjustment,
            packageName: 'Chef package',
            fees,
          });
          const sum =
            snapshot.lines.reduce((t, l) => t + l.price * l.quantity, 0) +
            snapshot.adjustments.reduce((t, a) => t + a.amount, 0);
          return (
            sum === snapshot.total &&
            snapshot.total === cartTotal({ selections, priceOf, packageAdjustment, fees }) &&
            snapshot.total >= 0
          );
        },
      ),
    );
  });

  it('names the package on its adjustment and leaves it out when it changes nothing', () => {
    const snapshot = pricedSnapshot({
      selections: [{ option: 'a', quantity: 2 }],
      priceOf: () => 1_000,
      packageAdjustment: -500,
      packageName: 'Chef package',
    });
    expect(snapshot).toEqual({
      lines: [{ option: 'a', quantity: 2, price: 1_000 }],
      adjustments: [{ label: 'Chef package', amount: -500 }],
      total: 1_500,
    });
    expect(pricedSnapshot({ selections: [], priceOf: () => 0 }).adjustments).toEqual([]);
  });

  it('adds a change order fee after the package, which it is never cut by', () => {
    const fee = { label: 'Change order fee (revision 2)', amount: 25_000 };
    const snapshot = pricedSnapshot({
      selections: [{ option: 'a', quantity: 1 }],
      priceOf: () => 1_000,
      packageAdjustment: -5_000,
      packageName: 'Chef',
      fees: [fee],
    });
    expect(snapshot.adjustments).toEqual([{ label: 'Chef', amount: -1_000 }, fee]);
    expect(snapshot.total).toBe(25_000);
  });
});

describe('changedLines', () => {
  const line = (room: string, category: string, option: string, price: number, quantity = 1): ComparedLine => ({
    room,
    category,
    option,
    price,
    quantity,
  });

  it('lists a swapped option, a new place, a dropped place and a repriced choice, and leaves the rest out', () => {
    const before = [
      line('kitchen', 'counter', 'quartz', 100_000),
      line('kitchen', 'floor', 'oak', 0),
      line('bath', 'tile', 'white', 5_000),
      line('bed', 'carpet', 'wool', 2_000),
    ];
    const after = [
      line('kitchen', 'counter', 'marble', 250_000),
      line('kitchen', 'floor', 'oak', 0),
      line('bath', 'tile', 'white', 6_000),
      line('hall', 'light', 'pendant', 900, 2),
    ];
    expect(changedLines(before, after)).toEqual([
      { room: 'kitchen', category: 'counter', before: [before[0]], after: [after[0]], difference: 150_000 },
      { room: 'bath', category: 'tile', before: [before[2]], after: [after[2]], difference: 1_000 },
      { room: 'hall', category: 'light', before: [], after: [after[3]], difference: 1_800 },
      { room: 'bed', category: 'carpet', before: [before[3]], after: [], difference: -2_000 },
    ]);
  });

  it('counts a changed quantity as a change even when the total of the place stays', () => {
    expect(changedLines([line('a', 'c', 'x', 100, 2)], [line('a', 'c', 'x', 200, 1)])).toHaveLength(1);
  });

  it('finds nothing between a selection and itself, in any order, and its differences add up to the change in the lines', () => {
    const arbitraryLine = fc.record({
      room: fc.constantFrom('kitchen', 'bath'),
      category: fc.constantFrom('floor', 'tile', 'light'),
      option: fc.constantFrom('a', 'b', 'c'),
      quantity: fc.integer({ min: 1, max: 3 }),
      price: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { maxLength: 8 }),
        fc.array(arbitraryLine, { maxLength: 8 }),
        (before, after) => {
          const sum = (lines: ComparedLine[]) => lines.reduce((t, l) => t + l.price * l.quantity, 0);
          const differences = changedLines(before, after).reduce((t, change) => t + change.difference, 0);
          return changedLines(before, [...before].reverse()).length === 0 && differences === sum(after) - sum(before);
        },
      ),
    );
  });
});

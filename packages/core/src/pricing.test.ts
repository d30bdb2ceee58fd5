import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotal } from './pricing.ts';

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
    const selection = fc.record({ option: fc.constantFrom(...Object.keys(prices)), quantity: fc.integer({ min: 1, max: 20 }) });
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

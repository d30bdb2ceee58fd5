import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatArea, squareFeetToSquareMetres, squareMetresToSquareFeet } from './area.ts';
import { MISSING_VALUE, SQUARE_FEET_PER_SQUARE_METRE } from './constants.ts';

describe('area', () => {
  it('uses the factor 10.7639', () => {
    expect(SQUARE_FEET_PER_SQUARE_METRE).toBe(10.7639);
    expect(squareMetresToSquareFeet(100)).toBeCloseTo(1076.39, 6);
    expect(squareFeetToSquareMetres(1076.39)).toBeCloseTo(100, 6);
  });

  it('round-trips m² through ft² (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (m2) => {
        expect(squareFeetToSquareMetres(squareMetresToSquareFeet(m2))).toBeCloseTo(m2, 6);
      }),
    );
  });

  it('formats in the project unit system', () => {
    expect(formatArea(85, 'metric')).toBe('85 m²');
    expect(formatArea(85, 'imperial')).toBe('915 ft²');
    expect(formatArea('85', 'metric')).toBe(MISSING_VALUE);
  });
});

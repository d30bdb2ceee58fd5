import { MISSING_VALUE, SQUARE_FEET_PER_SQUARE_METRE } from './constants.ts';

export type UnitSystem = 'metric' | 'imperial';

export function squareMetresToSquareFeet(squareMetres: number): number {
  return squareMetres * SQUARE_FEET_PER_SQUARE_METRE;
}

export function squareFeetToSquareMetres(squareFeet: number): number {
  return squareFeet / SQUARE_FEET_PER_SQUARE_METRE;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats an area stored in m² in the project's unit system, rounded to whole units. */
export function formatArea(squareMetres: unknown, unitSystem: UnitSystem, locale = 'en-CA'): string {
  if (typeof squareMetres !== 'number' || !Number.isFinite(squareMetres)) return MISSING_VALUE;
  const value = unitSystem === 'imperial' ? squareMetresToSquareFeet(squareMetres) : squareMetres;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  const number = formatter.format(value);
  return `${number} ${unitSystem === 'imperial' ? 'ft²' : 'm²'}`;
}

import { MISSING_VALUE } from './constants.ts';

export interface MoneyFormat {
  currency: string;
  locale?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ currency, locale = 'en-CA' }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

const minorUnits = new Map<string, number>();

/** How many minor units make one major unit of a currency (100 for CAD, 1 for JPY). */
export function minorUnitsPerMajor(currency: string): number {
  let per = minorUnits.get(currency);
  if (per === undefined) {
    // A formatter is costly to make: each currency's is asked once (a page formats hundreds of prices).
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    per = 10 ** digits;
    minorUnits.set(currency, per);
  }
  return per;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Formats an amount held in integer minor units (cents) in the project's currency and
 * locale. Anything that is not a finite number shows a dash (docs/data-model.md).
 */
export function formatMoney(minor: unknown, format: MoneyFormat): string {
  if (!isNumber(minor)) return MISSING_VALUE;
  return formatterFor(format).format(minor / minorUnitsPerMajor(format.currency));
}

/**
 * The ISO 4217 codes in use (from the runtime's Intl data), once: `XYZ` or `ABC` look like
 * codes and Intl would even format them, but they are no currency.
 */
let currencyCodes: Set<string> | null = null;

/** Whether a string is an ISO 4217 currency code (CAD, USD, EUR…) this runtime can format. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencyCodes ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
  if (currencyCodes.size && !currencyCodes.has(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * Minor units in major units with the currency's own decimals: as exports write them, or, given
 * a locale, as a person of that locale types them into a field (no grouping: "15000,50" in fr-CA).
 */
export function formatAmount(minor: number, currency: string, locale?: string): string {
  const per = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(per));
  if (locale)
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(minor / per);
  return digits ? (minor / per).toFixed(digits) : String(minor);
}

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

/** How many minor units make one major unit of a currency (100 for CAD, 1 for JPY). */
export function minorUnitsPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;
  return 10 ** digits;
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

/** Whether a string is an ISO 4217 code this runtime can format. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

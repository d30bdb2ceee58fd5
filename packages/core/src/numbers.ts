/**
 * Numbers as a person types them, read in the project's number format (docs/numbers.md): a
 * decimal comma where the project writes one (fr-CA, de-DE: `3450,50`), a decimal point where
 * it writes that (en-CA, ja-JP: `3,450.50`). Anything that could mean two numbers is refused
 * in words, never guessed: `3.450` in a French project, `3,45` in an English one.
 */
import type { CoreKey } from './messages/index.ts';
import { formatAmount, minorUnitsPerMajor } from './money.ts';

/**
 * What was read, or why not: the problem in English (`problem`) and as a catalogue key with its
 * values (`key`, `params`), which a page or the server says in its reader's language.
 */
export type NumberReading = { ok: true; value: number } | Refusal;
export interface Refusal {
  ok: false;
  problem: string;
  key: CoreKey;
  params?: Record<string, string | number>;
}

/** A refusal: its key and values, and the same sentence in English (the catalogue test keeps the two the same). */
export const refused = (key: CoreKey, problem: string, params?: Record<string, string | number>): Refusal => ({
  ok: false,
  problem,
  key,
  ...(params ? { params } : {}),
});

export interface NumberSeparators {
  decimal: string;
  /** The thousands separator; a space-like one (fr-CA's narrow space) accepts any space. */
  group: string;
}

const separatorsByLocale = new Map<string, NumberSeparators>();
const SPACES = /[\s\u00a0\u202f\u2009]/;

/** The decimal and thousands separators of a locale, as Intl writes its numbers. */
export function numberSeparators(locale: string): NumberSeparators {
  let found = separatorsByLocale.get(locale);
  if (!found) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(12345.6);
    }
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separatorsByLocale.set(locale, found);
  }
  return found;
}

/** How a number is written in the locale, for a message: "3 450,5" or "3,450.5". */
function example(locale: string, value: number): string {
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  } catch {
    return String(value);
  }
}

export interface ReadNumberOptions {
  /** A whole number only (a quantity, floors, a count of days). */
  integer?: boolean;
  /** At most this many decimals (a currency's cents). */
  decimals?: number;
}

/**
 * Reads a number written in the locale's format: an optional sign, digits with the locale's
 * thousands separator between groups of three, and the locale's decimal separator. The other
 * separator (a point in French, a comma between other than three digits in English) is refused
 * with how to write it.
 */
export function readNumber(text: string, locale: string, options: ReadNumberOptions = {}): NumberReading {
  const { decimal, group } = numberSeparators(locale);
  const groupIsSpace = SPACES.test(group);
  let rest = text.trim();
  if (!rest) return refused('number.give', 'Give a number.');
  let sign = 1;
  if (/^[-−]/.test(rest)) {
    sign = -1;
    rest = rest.slice(1).trim();
  } else if (rest.startsWith('+')) rest = rest.slice(1).trim();
  const [whole = '', fraction, extra] = rest.split(decimal);
  if (extra !== undefined)
    return refused(
      'number.separators',
      `“${text.trim()}” has more than one decimal separator: write it as ${example(locale, 3450.5)}.`,
      {
        text: text.trim(),
        example: example(locale, 3450.5),
      },
    );
  // A space between groups of three is read in every locale (as Canadians write 734 900): it can mean nothing else.
  const isGroup = (char: string) => char === group || SPACES.test(char);
  const foreign = [...whole, ...(fraction ?? '')].find((char) => !/\d/.test(char) && !isGroup(char));
  if (foreign !== undefined || (fraction !== undefined && [...fraction].some((char) => !/\d/.test(char)))) {
    return unclear(text, locale);
  }
  const groups = whole.split(
    groupIsSpace ? SPACES : new RegExp(`[${group.replace(/[\\\]^-]/g, '\\$&')}\\s\u00a0\u202f\u2009]`),
  );
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) {
    return unclear(text, locale);
  }
  const digits = groups.join('');
  if (!/^\d+$/.test(digits) && !(digits === '' && fraction))
    return refused('number.not-number', `“${text.trim()}” is not a number.`, { text: text.trim() });
  if (fraction !== undefined && fraction === '')
    return refused('number.ends-with-separator', `“${text.trim()}” ends with its decimal separator.`, {
      text: text.trim(),
    });
  const value = sign * Number(`${digits || '0'}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value))
    return refused('number.not-number', `“${text.trim()}” is not a number.`, { text: text.trim() });
  if (options.integer && !Number.isInteger(value))
    return refused('number.not-whole', `“${text.trim()}” is not a whole number.`, { text: text.trim() });
  if (options.decimals !== undefined && (fraction?.length ?? 0) > options.decimals) {
    return options.decimals
      ? refused('number.decimals', `“${text.trim()}” has more than ${options.decimals} decimals.`, {
          text: text.trim(),
          decimals: options.decimals,
        })
      : refused('number.not-whole', `“${text.trim()}” is not a whole number.`, { text: text.trim() });
  }
  return { ok: true, value };
}

function unclear(text: string, locale: string): Refusal {
  const example3450 = example(locale, 3450.5);
  return refused('number.unclear', `“${text.trim()}” is not clear in this number format: write it as ${example3450}.`, {
    text: text.trim(),
    example: example3450,
  });
}

/** Reads an amount of money in the project's currency (its symbol or code around it allowed), in minor units. */
export function readMoney(text: string, { currency, locale }: { currency: string; locale: string }): NumberReading {
  const per = minorUnitsPerMajor(currency);
  const decimals = Math.round(Math.log10(per));
  const bare = text
    .trim()
    .replace(new RegExp(`^${currency}|${currency}$`, 'i'), '')
    .replace(/^[^\d\-−+.,\s]+|[^\d.,\s]+$/gu, '')
    .trim();
  if (!/\d/.test(bare))
    return refused('money.not-amount', `“${text.trim()}” is not an amount in ${currency}.`, {
      text: text.trim(),
      currency,
    });
  const reading = readNumber(bare, locale, { decimals });
  if (!reading.ok) {
    // Said of what was typed, the currency's sign included.
    const params = reading.params?.text !== undefined ? { ...reading.params, text: text.trim() } : reading.params;
    if (reading.key === 'number.decimals')
      return refused(
        'money.decimals',
        `“${text.trim()}” has more than ${decimals} decimals (${currency} has ${decimals}).`,
        { ...params, currency },
      );
    return refused(reading.key, reading.problem.replace(`“${bare}”`, `“${text.trim()}”`), params);
  }
  return { ok: true, value: Math.round(reading.value * per) };
}

/** A number as the locale writes it in a field (no thousands separators to trip over when edited). */
export function numberFieldText(value: number, locale: string): string {
  const { decimal } = numberSeparators(locale);
  return String(value).replace('.', decimal);
}

/** An amount (minor units) as the locale writes it in a field or a spreadsheet cell, with the currency's decimals: `549900,00`. */
export function amountFieldText(minor: number, currency: string, locale: string): string {
  return formatAmount(minor, currency).replace('.', numberSeparators(locale).decimal);
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readMoney, readNumber } from './numbers.ts';
import { readZonedDateTime } from './dates.ts';
import { message } from './messages/index.ts';

const LOCALES = ['en-CA', 'fr-CA', 'de-DE', 'ja-JP'];

describe('numbers read in the project’s format', () => {
  it('reads back every number as the locale writes it, with and without thousands separators (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.integer({ min: -99_999_999, max: 99_999_999 }),
        fc.boolean(),
        (locale, cents, grouped) => {
          const value = cents / 100;
          const text = new Intl.NumberFormat(locale, { useGrouping: grouped, maximumFractionDigits: 2 }).format(value);
          expect(readNumber(text, locale)).toEqual({ ok: true, value });
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('reads a decimal comma where the project writes one, and never as a thousands separator', () => {
    expect(readNumber('3450,50', 'fr-CA')).toEqual({ ok: true, value: 3450.5 });
    expect(readNumber('84,2', 'fr-CA')).toEqual({ ok: true, value: 84.2 });
    expect(readNumber('3 450,50', 'fr-CA')).toEqual({ ok: true, value: 3450.5 });
    expect(readNumber('3.450,50', 'de-DE')).toEqual({ ok: true, value: 3450.5 });
    expect(readNumber('3,450.50', 'en-CA')).toEqual({ ok: true, value: 3450.5 });
    expect(readNumber('84.2', 'ja-JP')).toEqual({ ok: true, value: 84.2 });
  });

  it('refuses in words what could mean two numbers', () => {
    for (const [text, locale] of [
      ['3.450', 'fr-CA'],
      ['3450.50', 'fr-CA'],
      ['3,45', 'en-CA'],
      ['84,2', 'en-CA'],
      ['3,4.50', 'de-DE'],
      ['1.2.3', 'en-CA'],
      ['12,34,567', 'en-CA'],
    ]) {
      const reading = readNumber(text!, locale!);
      expect(reading.ok, `${text} in ${locale}`).toBe(false);
      if (!reading.ok) expect(reading.problem).toMatch(/write it as|more than one/);
    }
  });

  it('refuses a fraction where a whole number is asked, instead of cutting it', () => {
    expect(readNumber('2.5', 'en-CA', { integer: true })).toMatchObject({
      ok: false,
      problem: '“2.5” is not a whole number.',
    });
    expect(readNumber('2', 'en-CA', { integer: true })).toEqual({ ok: true, value: 2 });
  });

  it('reads money in minor units, the currency’s decimals at most', () => {
    expect(readMoney('3450,50', { currency: 'EUR', locale: 'fr-CA' })).toEqual({ ok: true, value: 345_050 });
    expect(readMoney('3 450,50 €', { currency: 'EUR', locale: 'fr-CA' })).toEqual({ ok: true, value: 345_050 });
    expect(readMoney('$1,250.5', { currency: 'CAD', locale: 'en-CA' })).toEqual({ ok: true, value: 125_050 });
    expect(readMoney('1250', { currency: 'JPY', locale: 'ja-JP' })).toEqual({ ok: true, value: 1250 });
    expect(readMoney('12.345', { currency: 'CAD', locale: 'en-CA' }).ok).toBe(false);
    expect(readMoney('3.450', { currency: 'EUR', locale: 'fr-CA' }).ok).toBe(false);
  });
});

describe('refusals in the catalogue', () => {
  it('say in English, from their key, exactly the sentence they carry (so a page can say it in its reader’s language)', () => {
    const refusals = [
      readNumber('', 'en-CA'),
      readNumber('1.2.3', 'en-CA'),
      readNumber('3450,50', 'en-CA'),
      readNumber('12 34', 'fr-CA'),
      readNumber('1.', 'en-CA'),
      readNumber('1.5', 'en-CA', { integer: true }),
      readNumber('1.555', 'en-CA', { decimals: 2 }),
      readMoney('abc', { currency: 'CAD', locale: 'en-CA' }),
      readMoney('$12.345', { currency: 'CAD', locale: 'en-CA' }),
      readMoney('$3450,50', { currency: 'CAD', locale: 'en-CA' }),
      readZonedDateTime('31/03/2027', 'America/Toronto'),
      readZonedDateTime('2027-02-30', 'America/Toronto'),
      readZonedDateTime('2027-03-01 25:00', 'America/Toronto'),
      readZonedDateTime('2027-03-14 02:30', 'America/Toronto'),
      readZonedDateTime('2026-11-01 01:30', 'America/Toronto'),
    ];
    for (const reading of refusals) {
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(message(reading.key, reading.params)).toBe(reading.problem);
    }
    expect(new Set(refusals.map((r) => (r.ok ? '' : r.key))).size).toBe(13);
  });
});

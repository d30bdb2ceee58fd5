import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, isCurrencyCode, minorUnitsPerMajor } from './money.ts';
import { MISSING_VALUE } from './constants.ts';

// Intl may print narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats minor units in the project currency and locale', () => {
    expect(plain(formatMoney(123456, { currency: 'CAD', locale: 'en-CA' }))).toBe('$1,234.56');
    expect(plain(formatMoney(123456, { currency: 'EUR', locale: 'de-DE' }))).toBe('1.234,56 €');
    expect(plain(formatMoney(1500, { currency: 'JPY', locale: 'ja-JP' }))).toBe('￥1,500');
  });

  it('shows zero and negative amounts', () => {
    expect(formatMoney(0, { currency: 'CAD', locale: 'en-CA' })).toBe('$0.00');
    expect(formatMoney(-250, { currency: 'CAD', locale: 'en-CA' })).toBe('-$2.50');
  });

  it.each([[undefined], [null], ['12'], [Number.NaN], [Number.POSITIVE_INFINITY], [{}]])(
    'shows a dash for %j',
    (value) => {
      expect(formatMoney(value, { currency: 'CAD' })).toBe(MISSING_VALUE);
    },
  );

  it('round-trips every whole number of cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const text = formatMoney(cents, { currency: 'USD', locale: 'en-US' });
        const parsed = Math.round(Number(text.replace(/[$,]/g, '')) * 100);
        expect(parsed).toBe(cents);
      }),
    );
  });
});

describe('currencies', () => {
  it('knows the size of the minor unit', () => {
    expect(minorUnitsPerMajor('CAD')).toBe(100);
    expect(minorUnitsPerMajor('JPY')).toBe(1);
    expect(minorUnitsPerMajor('KWD')).toBe(1000);
  });

  it('accepts ISO codes only', () => {
    expect(isCurrencyCode('CAD')).toBe(true);
    expect(isCurrencyCode('cad')).toBe(false);
    expect(isCurrencyCode('CA')).toBe(false);
  });
});

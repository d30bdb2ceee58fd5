import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  amountUpTo,
  cardTakes,
  DEFAULT_PAYMENT_TERMS,
  divideRounded,
  ledgerTotals,
  paymentTermsSchema,
  percentOf,
  scheduleOf,
  scheduleStanding,
  taxesOn,
  type LedgerAmount,
  type PaymentTerms,
  type Tax,
} from './payments.ts';
import { formatMoney, minorUnitsPerMajor } from './money.ts';
import { zodFieldIssues } from './validation-issues.ts';

/** A refusal's issues as the server lists them (field and key). */
const issuesOf = (error: z.ZodError) =>
  zodFieldIssues(error.issues.map((issue) => ({ ...issue, params: issue as unknown as Record<string, unknown> })));

const QUEBEC: Tax[] = [
  { name: 'GST', rate: 5 },
  { name: 'QST', rate: 9.975 },
];
const terms = (input: Partial<PaymentTerms> = {}): PaymentTerms => ({ ...DEFAULT_PAYMENT_TERMS, ...input });
/** The exact tax on an amount at a rate, as a fraction, for comparing with the rounded one. */
const exactTax = (value: number, rate: number) => (value * rate) / 100;

const taxes = fc.array(
  fc.record({
    name: fc.constantFrom('GST', 'QST', 'HST', 'VAT'),
    rate: fc.integer({ min: 1, max: 270_000 }).map((n) => n / 10_000),
  }),
  { maxLength: 3 },
);
const amounts = fc.array(fc.integer({ min: -5_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 12 });

describe('rounding', () => {
  it('rounds half away from zero, exactly, at any size', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(-7n, 3n)).toBe(-2n);
    expect(percentOf(123_455, 10)).toBe(12_346);
    expect(percentOf(1, 50)).toBe(1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (n, d) => {
          const q = divideRounded(n, d);
          // Within half a unit of the exact quotient, and a tie goes away from zero.
          const twice = 2n * (n - q * d);
          expect(twice <= d && twice >= -d).toBe(true);
          if (twice === d) expect(n < 0n).toBe(true);
          if (twice === -d) expect(n > 0n).toBe(true);
          expect(divideRounded(-n, d)).toBe(-q);
        },
      ),
    );
  });
});

describe('taxes', () => {
  it('adds GST and QST to a Quebec selection, rounded on the total or on each line', () => {
    const total = taxesOn([10_000, 333, 333], { taxes: QUEBEC, pricesIncludeTax: false, rounding: 'total' });
    // 106.66 $: GST 5.333 → 5.33, QST 10.6393… → 10.64.
    expect(total).toEqual({
      net: 10_666,
      taxes: [
        { name: 'GST', rate: 5, amount: 533 },
        { name: 'QST', rate: 9.975, amount: 1064 },
      ],
      gross: 12_263,
    });
    const perLine = taxesOn([10_000, 333, 333], { taxes: QUEBEC, pricesIncludeTax: false, rounding: 'line' });
    // Per line: GST 500 + 17 + 17, QST 997.5 → 998, 33.2 → 33 twice.
    expect(perLine.taxes.map((t) => t.amount)).toEqual([534, 1064]);
    expect(perLine.gross).toBe(10_666 + 534 + 1064);
  });

  it('takes HST out of a price that includes it', () => {
    const taxed = taxesOn([11_300], { taxes: [{ name: 'HST', rate: 13 }], pricesIncludeTax: true, rounding: 'total' });
    expect(taxed).toEqual({ net: 10_000, taxes: [{ name: 'HST', rate: 13, amount: 1300 }], gross: 11_300 });
  });

  it('always adds up, stays within half a unit per rounding, and is the same either way round, in currencies of 0, 2 and 3 decimals', () => {
    fc.assert(
      fc.property(
        amounts,
        taxes,
        fc.boolean(),
        fc.constantFrom('total' as const, 'line' as const),
        fc.constantFrom('JPY', 'CAD', 'KWD'),
        (values, rates, included, rounding, currency) => {
          const unique = rates.filter((tax, i) => rates.findIndex((other) => other.name === tax.name) === i);
          const taxed = taxesOn(values, { taxes: unique, pricesIncludeTax: included, rounding });
          const sum = values.reduce((a, b) => a + b, 0);
          const tax = taxed.taxes.reduce((a, t) => a + t.amount, 0);
          // Whole minor units, and net + taxes = gross, exactly.
          for (const line of taxed.taxes) expect(Number.isInteger(line.amount)).toBe(true);
          expect(taxed.net + tax).toBe(taxed.gross);
          expect(included ? taxed.gross : taxed.net).toBe(sum);
          // Each tax within half a minor unit of the exact one per rounding made (one, or one per line).
          const roundings = rounding === 'line' ? values.length : 1;
          const allRates = unique.reduce((a, t) => a + t.rate, 0);
          unique.forEach((t, i) => {
            const exact = included ? (sum * t.rate) / (100 + allRates) : exactTax(sum, t.rate);
            // Prices with tax in them: the last tax takes the rounding of the whole as well as its own.
            const slack = 0.5 * roundings * (included && i === unique.length - 1 ? unique.length + 1 : 1) + 1e-6;
            expect(Math.abs(taxed.taxes[i]!.amount - exact)).toBeLessThanOrEqual(slack);
          });
          // A credit is taxed as the opposite of the same charge.
          const opposite = taxesOn(
            values.map((v) => -v),
            { taxes: unique, pricesIncludeTax: included, rounding },
          );
          expect(opposite.taxes.map((t) => t.amount)).toEqual(taxed.taxes.map((t) => -t.amount || 0));
          // What the buyer reads adds up in the currency's own decimals too.
          const per = minorUnitsPerMajor(currency);
          expect(Number.isInteger(taxed.gross)).toBe(true);
          expect(formatMoney(taxed.gross, { currency, locale: 'en' })).toBe(
            new Intl.NumberFormat('en', { style: 'currency', currency }).format(taxed.gross / per),
          );
        },
      ),
    );
  });

  it('refuses a rate with more than four decimals, taxes named twice and instalments over 100 %, in words', () => {
    const refused = paymentTermsSchema.safeParse({
      taxes: [
        { name: 'GST', rate: 5.00001 },
        { name: 'gst', rate: 5 },
      ],
      instalments: [
        { label: 'Framing', percent: 60, due: { stage: 'Framing' } },
        { label: 'Drywall', percent: 50, due: { date: '2027-03-01' } },
      ],
    });
    expect(refused.success).toBe(false);
    const said = issuesOf(refused.error!).map((issue) => [issue.field, issue.key]);
    expect(said).toEqual(
      expect.arrayContaining([
        ['taxes.0.rate', 'validation.tax-rate'],
        ['taxes', 'validation.unique'],
      ]),
    );
    const over = paymentTermsSchema.safeParse({
      instalments: [
        { label: 'Framing', percent: 60, due: { stage: 'Framing' } },
        { label: 'Drywall', percent: 50, due: { date: '2027-03-01' } },
      ],
    });
    expect(issuesOf(over.error!).map((issue) => [issue.field, issue.key])).toEqual([
      ['instalments', 'validation.instalments-over'],
    ]);
    expect(paymentTermsSchema.safeParse({ taxes: QUEBEC }).success).toBe(true);
  });
});

describe('the schedule', () => {
  const signed = (gross: number, revision = 1, specialOrderGross = 0) => ({
    revision,
    signedAt: `2027-01-0${revision}T15:00:00.000Z`,
    gross,
    specialOrderGross,
  });

  it('asks the deposit at signing, the instalments when due and the rest at closing', () => {
    const schedule = scheduleOf(
      terms({
        instalments: [{ label: 'Framing', percent: 30, due: { stage: 'Framing' } }],
        balanceDue: { stage: 'Closing' },
      }),
      20,
      [signed(2_427_000)],
    );
    expect(schedule).toEqual([
      { id: 'deposit', kind: 'deposit', amount: 485_400, due: { signedAt: '2027-01-01T15:00:00.000Z' } },
      { id: 'instalment-1', kind: 'instalment', label: 'Framing', amount: 728_100, due: { stage: 'Framing' } },
      { id: 'balance', kind: 'balance', amount: 1_213_500, due: { stage: 'Closing' } },
    ]);
  });

  it('takes a special order whole at signing, a fixed deposit in place of the percentage, never more than the total', () => {
    const special = scheduleOf(terms(), 25, [signed(100_000, 1, 40_000)]);
    expect(special[0]).toMatchObject({ kind: 'deposit', amount: 40_000 + 15_000 });
    const fixed = scheduleOf(terms({ depositAmount: 500_000 }), 25, [signed(300_000)]);
    expect(fixed).toEqual([
      { id: 'deposit', kind: 'deposit', amount: 300_000, due: { signedAt: '2027-01-01T15:00:00.000Z' } },
    ]);
    expect(scheduleOf(terms(), 25, [])).toEqual([]);
    expect(scheduleOf(terms(), 25, [signed(0)])).toEqual([]);
  });

  it('gives a change order that adds its own deposit, and takes one that removes off the latest amounts', () => {
    const changed = scheduleOf(terms({ changeOrderDepositPercent: 50 }), 10, [signed(100_000), signed(140_000, 2)]);
    expect(changed).toEqual([
      { id: 'deposit', kind: 'deposit', amount: 10_000, due: { signedAt: '2027-01-01T15:00:00.000Z' } },
      {
        id: 'change-2',
        kind: 'change-deposit',
        revision: 2,
        amount: 20_000,
        due: { signedAt: '2027-01-02T15:00:00.000Z' },
      },
      { id: 'balance', kind: 'balance', amount: 110_000, due: { stage: 'Closing' } },
    ]);
    const cut = scheduleOf(terms(), 10, [signed(100_000), signed(5_000, 2)]);
    expect(cut).toEqual([
      { id: 'deposit', kind: 'deposit', amount: 5_000, due: { signedAt: '2027-01-01T15:00:00.000Z' } },
    ]);
  });

  it('always adds up to the latest total, whatever the terms and the versions signed', () => {
    const instalment = fc.record({
      label: fc.constantFrom('Framing', 'Drywall', 'Cabinets'),
      percent: fc.integer({ min: 1, max: 40 }),
      due: fc.constantFrom({ stage: 'Framing' }, { date: '2027-05-01' }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(instalment, { maxLength: 2 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.tuple(fc.integer({ min: -1_000, max: 20_000_000 }), fc.integer({ min: 0, max: 20_000_000 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (percent, depositAmount, specialOrderPercent, instalments, changeOrderDepositPercent, versions) => {
          const signings = versions.map(([gross, special], i) => signed(gross, i + 1, Math.min(special, gross)));
          const schedule = scheduleOf(
            terms({ depositAmount, specialOrderPercent, instalments, changeOrderDepositPercent }),
            percent,
            signings,
          );
          const latest = Math.max(0, signings.at(-1)!.gross);
          expect(schedule.reduce((sum, item) => sum + item.amount, 0)).toBe(latest);
          for (const item of schedule) expect(Number.isInteger(item.amount) && item.amount > 0).toBe(true);
          expect(new Set(schedule.map((item) => item.id)).size).toBe(schedule.length);
        },
      ),
    );
  });

  it('says of each amount whether it is paid, due, overdue or upcoming, the earliest covered first', () => {
    const schedule = scheduleOf(
      terms({ instalments: [{ label: 'Framing', percent: 30, due: { date: '2027-03-01' } }] }),
      20,
      [signed(100_000)],
    );
    const day = (instant: string) => instant.slice(0, 10);
    expect(
      scheduleStanding(schedule, 25_000, '2027-02-01', day).map((item) => [item.id, item.state, item.covered]),
    ).toEqual([
      ['deposit', 'paid', 20_000],
      ['instalment-1', 'part-paid', 5_000],
      ['balance', 'upcoming', 0],
    ]);
    expect(scheduleStanding(schedule, 0, '2027-03-02', day).map((item) => item.state)).toEqual([
      'overdue',
      'overdue',
      'upcoming',
    ]);
    expect(scheduleStanding(schedule, 0, '2027-01-01', day)[0]!.state).toBe('due');
  });
});

describe('the ledger', () => {
  it('derives the balance from the entries, whatever their order, and never pays back more than was paid', () => {
    const entry = fc.record({
      kind: fc.constantFrom('payment' as const, 'refund' as const, 'credit' as const),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), fc.array(entry, { maxLength: 40 }), (total, wanted) => {
        // As the server records them: a refund beyond what is paid is refused.
        const kept: LedgerAmount[] = [];
        for (const candidate of wanted) {
          if (candidate.kind === 'refund' && candidate.amount > ledgerTotals(total, kept).refundable) continue;
          kept.push(candidate);
        }
        const totals = ledgerTotals(total, kept);
        const signed = kept.reduce(
          (sum, e) => sum + (e.kind === 'payment' ? e.amount : e.kind === 'refund' ? -e.amount : 0),
          0,
        );
        const credited = kept.filter((e) => e.kind === 'credit').reduce((sum, e) => sum + e.amount, 0);
        expect(totals.paid).toBe(signed);
        expect(totals.paid).toBeGreaterThanOrEqual(0);
        expect(totals.balance).toBe(total - signed - credited);
        // Below zero only when more was paid or credited than is owed: the buyer is owed the difference.
        if (totals.balance < 0) expect(signed + credited).toBeGreaterThan(total);
        expect(ledgerTotals(total, [...kept].reverse())).toEqual(totals);
      }),
    );
  });
});

describe('paying by card', () => {
  it('pays up to a scheduled amount: it and every open amount before it, nothing for one already paid', () => {
    const standing = scheduleStanding(
      [
        { id: 'deposit', kind: 'deposit', amount: 1_000, due: { signedAt: '2027-01-04T18:00:00.000Z' } },
        { id: 'instalment-1', kind: 'instalment', label: 'Framing', amount: 3_000, due: { stage: 'Framing' } },
        { id: 'balance', kind: 'balance', amount: 6_000, due: { stage: 'Closing' } },
      ],
      1_500,
      '2027-02-01',
      (instant) => instant.slice(0, 10),
    );
    expect(amountUpTo(standing, 'deposit')).toBe(0);
    expect(amountUpTo(standing, 'instalment-1')).toBe(2_500);
    expect(amountUpTo(standing, 'balance')).toBe(8_500);
    expect(amountUpTo(standing, 'instalment-2')).toBeNull();
  });

  it('takes a three-decimal currency only in whole tens of its smallest unit, any amount in the others', () => {
    expect(cardTakes(12_345, 'KWD')).toBe(false);
    expect(cardTakes(12_340, 'KWD')).toBe(true);
    expect(cardTakes(12_345, 'CAD')).toBe(true);
    expect(cardTakes(12_345, 'JPY')).toBe(true);
  });
});

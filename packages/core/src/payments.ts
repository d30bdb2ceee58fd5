import { z } from 'zod';
import { minorUnitsPerMajor } from './money.ts';
import { said } from './validation-issues.ts';
import { PAYMENT_STATES } from './payment-states.ts';

/**
 * The money side of a selection (docs/payments.md): the taxes a project charges, the terms
 * it is paid under, the schedule those terms make of a signed total, and the ledger's balance.
 * Every amount is an integer of minor units; every division rounds once, half away from zero.
 */

/** A tax rate is written in percent with at most four decimals (9.975) and computed in millionths of the amount. */
export const TAX_RATE_SCALE = 1_000_000;
/** The most a money amount may be in any entry (minor units), as the catalogue's prices. */
export const MONEY_MAX = 100_000_000_00;

const percentToMillionths = (percent: number) => Math.round(percent * 10_000);
const hasFourDecimals = (percent: number) => Math.abs(percent * 10_000 - percentToMillionths(percent)) < 1e-6;

export const taxSchema = z
  .object({
    /** As printed: GST, QST, HST, VAT. */
    name: z.string().trim().min(1).max(40),
    /** Percent of the amount before tax (5, 9.975, 13). */
    rate: z.number().min(0.0001).max(100).refine(hasFourDecimals, said('validation.tax-rate')),
  })
  .strict();
export type Tax = z.infer<typeof taxSchema>;

/** Where tax is rounded to a minor unit: once on the total, or on each line then summed. */
export const TAX_ROUNDINGS = ['total', 'line'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

/** When an amount falls due: a calendar day in the project's zone, or a named construction stage ("Framing", "Closing"). */
export const dueSchema = z.union([
  z.object({ date: z.iso.date() }).strict(),
  z.object({ stage: z.string().trim().min(1).max(80) }).strict(),
]);
export type Due = z.infer<typeof dueSchema>;

const percent = z.number().min(0).max(100);
const amount = z.number().int().min(0).max(MONEY_MAX);

/**
 * A project's payment terms and taxes (`options.payments`). The deposit at signing is the
 * project's `depositPercent` of the upgrades unless a fixed `depositAmount` is set; options
 * marked special-order carry their own deposit (`specialOrderPercent` of their price).
 */
export const paymentTermsSchema = z
  .object({
    taxes: z
      .array(taxSchema)
      .max(4)
      .refine(
        (taxes) => new Set(taxes.map((tax) => tax.name.toLowerCase())).size === taxes.length,
        said('validation.unique'),
      )
      .default([]),
    /** Whether the catalogue's prices already include the taxes (then the tax is the part of the price it makes up). */
    pricesIncludeTax: z.boolean().default(false),
    rounding: z.enum(TAX_ROUNDINGS).default('total'),
    /** A fixed deposit at signing in place of the percentage (minor units); null: the percentage. */
    depositAmount: amount.nullable().default(null),
    /** The deposit on options marked special-order, in percent of their price (often all of it). */
    specialOrderPercent: percent.default(100),
    /** Instalments between the deposit and the balance, each a percent of the signed total. */
    instalments: z
      .array(
        z
          .object({ label: z.string().trim().min(1).max(80), percent: z.number().min(0.01).max(100), due: dueSchema })
          .strict(),
      )
      .max(6)
      .default([]),
    /** When what remains is due. */
    balanceDue: dueSchema.default({ stage: 'Closing' }),
    /** The deposit on what a change order adds, due when it is signed, in percent of the difference. */
    changeOrderDepositPercent: percent.default(0),
    /** How to pay by cheque, wire or bank draft, as the design centre writes it (Markdown). */
    offlineInstructions: z.string().max(2000).default(''),
    /** Whether a selection waits for its deposit before it is approved. */
    depositBeforeApproval: z.boolean().default(false),
  })
  .strict()
  .refine((terms) => terms.instalments.reduce((sum, step) => sum + step.percent, 0) <= 100, {
    ...said('validation.instalments-over'),
    path: ['instalments'],
  });
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;
export type PaymentTermsInput = z.input<typeof paymentTermsSchema>;

/** The terms a project without any set is paid under: the deposit percentage at signing, the rest at closing, no tax. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = paymentTermsSchema.parse({});

/** `numerator / denominator` rounded to an integer, half away from zero, exactly (the denominator is positive). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** `part` percent of an amount, rounded half away from zero (percent with up to four decimals). */
export function percentOf(value: number, part: number): number {
  return Number(divideRounded(BigInt(value) * BigInt(percentToMillionths(part)), BigInt(TAX_RATE_SCALE)));
}

export interface TaxLine {
  name: string;
  rate: number;
  amount: number;
}

/** An amount with its taxes: what is before tax, each tax, and what is paid (net + taxes = gross, always). */
export interface Taxed {
  net: number;
  taxes: TaxLine[];
  gross: number;
}

type TaxSettings = Pick<PaymentTerms, 'taxes' | 'pricesIncludeTax' | 'rounding'>;

function taxOne(value: number, taxes: readonly Tax[], included: boolean): number[] {
  const rates = taxes.map((tax) => BigInt(percentToMillionths(tax.rate)));
  const scale = BigInt(TAX_RATE_SCALE);
  if (!included) return rates.map((rate) => Number(divideRounded(BigInt(value) * rate, scale)));
  // A price with its taxes in it: the whole tax is rounded once, each but the last its share, the last the rest.
  const all = rates.reduce((sum, rate) => sum + rate, 0n);
  const whole = divideRounded(BigInt(value) * all, scale + all);
  const shares = rates.map((rate) => divideRounded(BigInt(value) * rate, scale + all));
  if (shares.length) shares[shares.length - 1] = whole - shares.slice(0, -1).reduce((sum, share) => sum + share, 0n);
  return shares.map(Number);
}

/**
 * The taxes on amounts (the lines and adjustments of a selection, or one fee): rounded on their
 * total or on each line as the project chooses; with prices that include tax, the tax is taken
 * out of them rather than added.
 */
export function taxesOn(amounts: readonly number[], settings: TaxSettings): Taxed {
  const sum = amounts.reduce((total, value) => total + value, 0);
  const perTax =
    settings.rounding === 'line'
      ? amounts
          .map((value) => taxOne(value, settings.taxes, settings.pricesIncludeTax))
          .reduce(
            (totals, line) => totals.map((total, i) => total + line[i]!),
            settings.taxes.map(() => 0),
          )
      : taxOne(sum, settings.taxes, settings.pricesIncludeTax);
  const tax = perTax.reduce((total, value) => total + value, 0);
  return {
    net: settings.pricesIncludeTax ? sum - tax : sum,
    taxes: settings.taxes.map((t, i) => ({ name: t.name, rate: t.rate, amount: perTax[i]! })),
    gross: settings.pricesIncludeTax ? sum : sum + tax,
  };
}

/** A signed version of a selection, as the schedule reads it: its revision, when it was signed, its total with tax, and the part of it that is special-order. */
export interface Signing {
  revision: number;
  signedAt: string;
  gross: number;
  specialOrderGross: number;
}

export const SCHEDULE_KINDS = ['deposit', 'instalment', 'change-deposit', 'balance'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** One amount of a schedule: what, how much, and when (a day, a stage, or the moment a version was signed). */
export interface ScheduleItem {
  /** Stable within the selection: `deposit`, `instalment-1`, `change-2`, `balance`. */
  id: string;
  kind: ScheduleKind;
  /** An instalment's label as the design centre named it. */
  label?: string;
  /** The change order it belongs to. */
  revision?: number;
  amount: number;
  due: Due | { signedAt: string };
}

/**
 * What a selection owes and when (docs/payments.md, "The schedule"), from the terms it was
 * signed under and each version signed: the first version's deposit, instalments and balance;
 * a later version's increase brings its own deposit, the rest of it joining the balance; a
 * decrease comes off the latest amounts first. The amounts always add up to the latest total.
 */
export function scheduleOf(terms: PaymentTerms, depositPercent: number, signings: readonly Signing[]): ScheduleItem[] {
  const [first, ...later] = signings;
  if (!first) return [];
  const items: ScheduleItem[] = [];
  const whole = Math.max(0, first.gross);
  const special = Math.min(Math.max(0, first.specialOrderGross), whole);
  let left = whole;
  const take = (value: number) => {
    const taken = Math.max(0, Math.min(value, left));
    left -= taken;
    return taken;
  };
  const onSpecial = percentOf(special, terms.specialOrderPercent);
  const onRest = terms.depositAmount ?? percentOf(whole - special, depositPercent);
  const deposit = take(onSpecial + onRest);
  if (deposit > 0) items.push({ id: 'deposit', kind: 'deposit', amount: deposit, due: { signedAt: first.signedAt } });
  terms.instalments.forEach((step, i) => {
    const value = take(percentOf(whole, step.percent));
    if (value > 0)
      items.push({ id: `instalment-${i + 1}`, kind: 'instalment', label: step.label, amount: value, due: step.due });
  });
  let balance = left;
  let previous = whole;
  for (const signing of later) {
    const total = Math.max(0, signing.gross);
    const difference = total - previous;
    previous = total;
    if (difference > 0) {
      const changeDeposit = percentOf(difference, terms.changeOrderDepositPercent);
      if (changeDeposit > 0)
        items.push({
          id: `change-${signing.revision}`,
          kind: 'change-deposit',
          revision: signing.revision,
          amount: changeDeposit,
          due: { signedAt: signing.signedAt },
        });
      balance += difference - changeDeposit;
    } else {
      // Less to pay: off the balance, then the latest amounts, never below nothing.
      let cut = -difference;
      const fromBalance = Math.min(balance, cut);
      balance -= fromBalance;
      cut -= fromBalance;
      for (let i = items.length - 1; i >= 0 && cut > 0; i--) {
        const item = items[i]!;
        const fromItem = Math.min(item.amount, cut);
        item.amount -= fromItem;
        cut -= fromItem;
      }
    }
  }
  if (balance > 0) items.push({ id: 'balance', kind: 'balance', amount: balance, due: terms.balanceDue });
  return items.filter((item) => item.amount > 0);
}

export const LEDGER_KINDS = ['payment', 'refund', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const PAYMENT_METHODS = ['card', 'cheque', 'wire', 'draft', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An entry of a selection's ledger as its balance reads it (amounts are positive; the kind says which way). */
export interface LedgerAmount {
  kind: LedgerKind;
  amount: number;
}

/** What a ledger adds up to: paid (payments less refunds), credited, and what is still owed on `total` (negative: owed to the buyer). */
export function ledgerTotals(total: number, entries: readonly LedgerAmount[]) {
  let payments = 0;
  let refunds = 0;
  let credits = 0;
  for (const entry of entries) {
    if (entry.kind === 'payment') payments += entry.amount;
    else if (entry.kind === 'refund') refunds += entry.amount;
    else credits += entry.amount;
  }
  const paid = payments - refunds;
  return { payments, refunds, credits, paid, balance: total - paid - credits, refundable: paid };
}

export interface ScheduleStanding extends ScheduleItem {
  /** What of this amount is covered by what was paid and credited, first due first. */
  covered: number;
  state: 'paid' | 'part-paid' | 'due' | 'overdue' | 'upcoming';
  /** The day it falls due, when it has one (a signing's day in the project's zone, or its date). */
  dueDay: string | null;
}

/**
 * Each scheduled amount with what covers it (what was paid and credited goes to the earliest
 * first) and its state on `today` (a day in the project's zone): paid; overdue (its day has
 * passed) or due (it is today) while not all paid; else part-paid or upcoming (a later day, or a
 * stage not yet reached).
 */
export function scheduleStanding(
  items: readonly ScheduleItem[],
  covered: number,
  today: string,
  dayOf: (instant: string) => string,
): ScheduleStanding[] {
  let left = Math.max(0, covered);
  return items.map((item) => {
    const part = Math.min(item.amount, left);
    left -= part;
    const dueDay = 'signedAt' in item.due ? dayOf(item.due.signedAt) : 'date' in item.due ? item.due.date : null;
    const outstanding = part < item.amount;
    const state: ScheduleStanding['state'] = !outstanding
      ? 'paid'
      : dueDay !== null && dueDay < today
        ? 'overdue'
        : dueDay === today
          ? 'due'
          : part > 0
            ? 'part-paid'
            : 'upcoming';
    return { ...item, covered: part, state, dueDay };
  });
}

const text = (max: number) => z.string().trim().max(max);

/** What a member of the staff records on a selection's ledger: a payment received offline, a refund, or a credit note. */
export const ledgerEntryInputSchema = z
  .object({
    kind: z.enum(LEDGER_KINDS),
    /** How the money moved: for payments and refunds. */
    method: z.enum(PAYMENT_METHODS).optional(),
    /** Minor units, more than nothing. */
    amount: z.number().int().min(1).max(MONEY_MAX),
    /** The cheque's number, the wire's reference. */
    reference: text(100).default(''),
    /** The day the money moved, in the project's zone (today when not said). */
    paidOn: z.iso.date().optional(),
    /** Why: required for a refund or a credit. */
    reason: text(500).default(''),
    /** A card refund: the card payment it gives back (refunded through the card's processor). */
    refundOf: z.uuid().optional(),
  })
  .strict();
export type LedgerEntryInput = z.input<typeof ledgerEntryInputSchema>;

export const ledgerEntryViewSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  /** One of PAYMENT_METHODS; null for a credit note. */
  method: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  paidOn: z.string(),
  reason: z.string(),
  receiptNumber: z.number().int(),
  byName: z.string(),
  at: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;

const taxLineSchema = z.object({ name: z.string(), rate: z.number(), amount: z.number().int() });

/** A selection's money as its buyers and the staff read it (`GET /api/carts/{id}/payments`). */
export const cartMoneySchema = z.object({
  currency: z.string(),
  /** The signed total, before and with tax; null before the first signature. */
  signed: z
    .object({
      revision: z.number().int(),
      net: z.number().int(),
      taxes: z.array(taxLineSchema),
      gross: z.number().int(),
    })
    .nullable(),
  schedule: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(SCHEDULE_KINDS),
      label: z.string().optional(),
      revision: z.number().int().optional(),
      amount: z.number().int(),
      due: z.union([dueSchema, z.object({ signedAt: z.string() })]),
      covered: z.number().int(),
      state: z.enum(['paid', 'part-paid', 'due', 'overdue', 'upcoming']),
      dueDay: z.string().nullable(),
    }),
  ),
  entries: z.array(ledgerEntryViewSchema),
  totals: z.object({
    payments: z.number().int(),
    refunds: z.number().int(),
    credits: z.number().int(),
    paid: z.number().int(),
    balance: z.number().int(),
  }),
  /** How to pay by cheque, wire or draft, as the design centre wrote it, and the reference to quote. */
  offline: z.object({ instructions: z.string(), reference: z.string() }),
  /** Whether the portal takes cards (the platform has a card processor's keys). */
  card: z.boolean(),
});
export type CartMoney = z.infer<typeof cartMoneySchema>;

/** A signed selection in the staff's payments list (`GET /api/manage/payments`). */
export const paymentRowSchema = z.object({
  cart: z.uuid(),
  unit: z.object({
    _id: z.string(),
    name: z.string(),
    floor: z.number().nullable(),
    plan: z.string().nullable(),
    planName: z.string().nullable(),
  }),
  currency: z.string(),
  gross: z.number().int(),
  paid: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
  /** What of the amounts whose day has passed is not yet paid. */
  overdue: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  next: z
    .object({
      amount: z.number().int(),
      dueDay: z.string().nullable(),
      kind: z.enum(SCHEDULE_KINDS),
      /** An instalment's label; the stage it is due at, when it is due at one. */
      label: z.string().optional(),
      stage: z.string().optional(),
    })
    .nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** GET /api/manage/payments: by state, floor, plan, and the day by which the next amount falls due. */
export const paymentsQuerySchema = z
  .object({
    state: z.enum(PAYMENT_STATES).optional(),
    floor: z.coerce.number().int().min(-20).max(500).optional(),
    plan: z.string().min(1).max(40).optional(),
    /** The next amount falls due on or before this day (YYYY-MM-DD, the project's zone); a stage has no day. */
    dueBy: z.iso.date().optional(),
  })
  .strict();
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

/** Whether a row of the payments list answers the query. */
export function paymentRowMatches(row: PaymentRow, query: PaymentsQuery): boolean {
  return (
    (!query.state || row.state === query.state) &&
    (query.floor === undefined || row.unit.floor === query.floor) &&
    (!query.plan || row.unit.plan === query.plan) &&
    (!query.dueBy || (row.next?.dueDay != null && row.next.dueDay <= query.dueBy))
  );
}

/**
 * What is paid in one go when a buyer pays `upTo` a scheduled amount: what is still open of it and
 * of every amount before it (what was paid covers the earliest first, so nothing is skipped).
 * Zero when all of it is paid; null when the schedule has no such amount.
 */
export function amountUpTo(standing: readonly ScheduleStanding[], upTo: string): number | null {
  const index = standing.findIndex((item) => item.id === upTo);
  if (index < 0) return null;
  return standing.slice(0, index + 1).reduce((sum, item) => sum + item.amount - item.covered, 0);
}

/**
 * Whether a card processor takes this amount in this currency: Stripe takes three-decimal
 * currencies (KWD, BHD, JOD, OMR, TND) only in whole tens of their smallest unit.
 */
export function cardTakes(amount: number, currency: string): boolean {
  return minorUnitsPerMajor(currency) !== 1000 || amount % 10 === 0;
}

/** A buyer asks to pay by card: up to which scheduled amount (the server works out how much). */
export const cardCheckoutInputSchema = z.object({ upTo: z.string().min(1).max(40) }).strict();
export type CardCheckoutInput = z.infer<typeof cardCheckoutInputSchema>;

export const CARD_CHECKOUT_STATES = ['open', 'paid', 'expired'] as const;

/** A card payment begun on the processor's hosted page: where to send the buyer, and how it stands. */
export const cardCheckoutSchema = z.object({
  id: z.string(),
  url: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(CARD_CHECKOUT_STATES),
  /** Once paid: the ledger entry (its receipt). */
  entryId: z.uuid().nullable(),
  receiptNumber: z.number().int().nullable(),
});
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

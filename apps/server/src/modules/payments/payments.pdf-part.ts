import {
  scheduleItemDue,
  scheduleItemName,
  formatCalendarDay,
  isoCalendarDay,
  formatMoney,
  isoDayOf,
  ledgerTotals,
  projectOptionsSchema,
  scheduleStanding,
  selectKey,
} from '@decor/core';
import type { CartPdfPart, registerCartPdfPart } from '../carts/index.ts';
import { entriesOfCart, plansOfCart } from './payments.repo.ts';
import { scheduleOfPlans } from './payments.operations.ts';

type Maker = Parameters<typeof registerCartPdfPart>[1];

/**
 * The signed selection's money in its PDF (docs/payments.md): the total before tax, each tax,
 * the total with tax, then each amount of the schedule with when it is due and whether it is paid.
 */
export const paymentsPdfPart: Maker = async ({ db, project, cartId, t, locale }): Promise<CartPdfPart | null> => {
  const [plans, entries] = await Promise.all([
    plansOfCart(db, { projectId: project.id, cartId }),
    entriesOfCart(db, { projectId: project.id, cartId }),
  ]);
  const latest = plans.at(-1);
  if (!latest) return null;
  const options = projectOptionsSchema.parse(project.options ?? {});
  const money = (minor: number) => formatMoney(minor, { currency: latest.currency, locale });
  const totals = ledgerTotals(latest.gross, entries);
  const today = isoDayOf(new Date(), options.timeZone);
  const standing = scheduleStanding(scheduleOfPlans(plans), totals.paid + totals.credits, today, (instant) =>
    isoDayOf(instant, options.timeZone),
  );
  return {
    heading: t('app.payments.title'),
    rows: [
      [t('app.payments.before-tax'), '', money(latest.net)],
      ...latest.taxes.map((tax): [string, string, string] => [
        t('app.payments.tax', { name: tax.name, rate: tax.rate }),
        '',
        money(tax.amount),
      ]),
      ...standing.map((line): [string, string, string] => [
        scheduleItemName(line, t),
        [
          scheduleItemDue(line, t, (day) => formatCalendarDay(isoCalendarDay(day), locale, {})),
          t('app.payments.state', { state: selectKey(line.state) }),
        ].join(' · '),
        money(line.amount),
      ]),
    ],
    totals: [
      [t('app.payments.total'), money(latest.gross)],
      [t('app.payments.paid'), money(totals.paid)],
      [t(totals.balance < 0 ? 'app.payments.owed-back' : 'app.payments.balance'), money(Math.abs(totals.balance))],
    ],
  };
};

import {
  DEFAULT_REMINDER_DAYS,
  formatCalendarDay,
  formatMoney,
  isoCalendarDay,
  isoDayOf,
  projectOptionsSchema,
  reminderStep,
  scheduleItemName,
  scheduleStanding,
  type ScheduleStanding,
} from '@decor/core';
import { projectOrigin } from '../../lib/project-origin.ts';
import { paymentReminderMail, readersOf, type MailJobInput } from '../mail/index.ts';
import { buyerEmails, claimReminder, releaseReminder } from '../carts/index.ts';
import { moneyToRemind } from './payments.repo.ts';
import { scheduleOfPlans } from './payments.operations.ts';

const DAY_MS = 86_400_000;
/** An amount overdue longer than this is the design centre's to chase, not a mail's. */
const AFTER_DUE_WINDOW_DAYS = 7;

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative once it has passed. */
const daysUntil = (day: string, today: string) => Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);

/**
 * Which reminder an open amount is due now, if any (docs/payments.md, "Reminders"): at each of the
 * project's reminder steps before its day, and once after it passed if the project reminds after
 * a deadline. The claim names the amount, the step and the day, so a moved day is reminded again.
 */
function reminderOf(
  item: ScheduleStanding,
  today: string,
  steps: readonly number[],
  afterDue: boolean,
): { kind: string; overdue: boolean } | null {
  if (item.state === 'paid' || !item.dueDay) return null;
  const days = daysUntil(item.dueDay, today);
  if (days < 0)
    return afterDue && -days <= AFTER_DUE_WINDOW_DAYS
      ? { kind: `pay:${item.id}:after:${item.dueDay}`, overdue: true }
      : null;
  // A deposit is due the day it is signed: the buyer saw it then; only its passing is news.
  if ('signedAt' in item.due) return null;
  const step = reminderStep(days * DAY_MS, steps);
  return step === null ? null : { kind: `pay:${item.id}:${step}d:${item.dueDay}`, overdue: false };
}

/**
 * Mails each buyer of a signed selection the amounts coming due and those just overdue, in their
 * language, with the day in the project's words: once per step, claimed before it goes out and
 * given back when it cannot be sent, so two servers never send the same one. Returns how many mails.
 */
export async function sendPaymentReminders({
  db,
  mailer,
  config,
  now = new Date(),
  log,
}: MailJobInput): Promise<number> {
  let sent = 0;
  for (const row of await moneyToRemind(db)) {
    const options = projectOptionsSchema.parse(row.project_options ?? {});
    const today = isoDayOf(now, options.timeZone);
    const standing = scheduleStanding(scheduleOfPlans(row.plans), row.paid, today, (instant) =>
      isoDayOf(instant, options.timeZone),
    );
    for (const item of standing) {
      const reminder = reminderOf(
        item,
        today,
        options.reminderDays ?? DEFAULT_REMINDER_DAYS,
        Boolean(options.remindAfterDeadline),
      );
      if (!reminder || !(await claimReminder(db, row.cart_id, reminder.kind))) continue;
      try {
        const emails = await buyerEmails(db, row.project_id, { owner: row.owner, unit: row.unit_id });
        const readerOf = await readersOf(db, options, emails);
        for (const to of emails) {
          const reader = readerOf(to);
          await mailer.send({
            ...paymentReminderMail({
              to,
              reader,
              projectName: row.project_name,
              unitName: row.unit_name,
              what: scheduleItemName(item, reader.t),
              amount: formatMoney(item.amount - item.covered, {
                currency: row.plans.at(-1)!.currency,
                locale: reader.locale,
              }),
              day: formatCalendarDay(isoCalendarDay(item.dueDay!), reader.locale),
              overdue: reminder.overdue,
              url: `${projectOrigin(config, row.project_key)}/config/${row.cart_id}`,
            }),
            projectId: row.project_id,
          });
          sent += 1;
        }
      } catch (error) {
        await releaseReminder(db, row.cart_id, reminder.kind);
        log?.warn(
          { err: error, cart: row.cart_id },
          'a payment reminder could not be sent; it is tried again at the next run',
        );
      }
    }
  }
  return sent;
}

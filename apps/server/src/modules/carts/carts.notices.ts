import {
  DEFAULT_REMINDER_DAYS,
  formatCalendarDay,
  formatDateTime,
  formatMoney,
  type ProjectOptions,
  projectOptionsSchema,
  reminderStep,
  reviewDueBy,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { cartsDueBetween, claimReminder, type DueCart, openCartsOf, releaseReminder } from './reminders.repo.ts';
import type { Config } from '../../config/env.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import type { Mail, MailJobInput, Mailer } from '../mail/index.ts';
import { buyerEmails } from './carts.repo.ts';
import { itemName } from '../decor/index.ts';
import {
  deadlinePassedMail,
  deadlineReminderMail,
  type DecisionKind,
  readersOf,
  type Reader,
  selectionDecisionMail,
  selectionSignedMail,
  selectionSubmittedMail,
  signAgainMail,
} from '../mail/index.ts';
import { peopleOf, type ProjectRow } from '../projects/index.ts';
import type { CartData } from './carts.document.ts';
import { renderCartPdf } from './carts.pdf.ts';

/**
 * The mail a cart's deadline and submission cause (docs/selection-rules.md): reminders to the buyers
 * of unfinished carts 7 days and 1 day before their deadline, and a notice to the project's
 * managers when a cart is submitted.
 */

const DAY_MS = 86_400_000;
/** The furthest step a project may set (its options refuse more). */
const MAX_REMINDER_DAYS = 90;
/** A deadline that passed longer ago than this is not news any more. */
const AFTER_DEADLINE_WINDOW_MS = 7 * DAY_MS;

/** Which reminder a draft is due now, if any: a step before its deadline, or the one after it. */
function reminderDue(cart: DueCart, options: ProjectOptions, now: Date): { kind: string; msLeft: number } | null {
  const msLeft = Date.parse(cart.deadline) - now.getTime();
  const deadline = new Date(cart.deadline).toISOString();
  if (msLeft <= 0) return options.remindAfterDeadline ? { kind: `after:${deadline}`, msLeft } : null;
  const step = reminderStep(msLeft, options.reminderDays ?? DEFAULT_REMINDER_DAYS);
  return step === null ? null : { kind: `${step}d:${deadline}`, msLeft };
}

/** The reminder mails of one draft, each buyer in their language with the deadline in the project's zone. */
async function mailReminder({
  db,
  mailer,
  config,
  cart,
  options,
  msLeft,
}: {
  db: Db;
  mailer: Mailer;
  config: ReminderConfig;
  cart: DueCart;
  options: ProjectOptions;
  msLeft: number;
}) {
  const recipients = cart.recipients ?? [];
  const readerOf = await readersOf(
    db,
    options,
    recipients.map((recipient) => recipient.email),
  );
  for (const { email } of recipients) {
    const reader = readerOf(email);
    const facts = {
      to: email,
      reader,
      projectName: cart.project_name,
      unitName: cart.unit_name ?? '',
      deadline: formatDateTime(cart.deadline, { ...options, locale: reader.locale }, { weekday: true }),
    };
    const url = `${projectOrigin(config, cart.project_key)}/configure`;
    await mailer.send({
      ...(msLeft > 0
        ? deadlineReminderMail({ ...facts, daysLeft: Math.max(1, Math.ceil(msLeft / DAY_MS)), url })
        : deadlinePassedMail({ ...facts, url })),
      projectId: cart.project_id,
    });
  }
  return recipients.length;
}

type ReminderConfig = Pick<Config, 'portalHost' | 'portalUrl'>;

/**
 * Sends every reminder that is due at `now`, once (docs/selection-rules.md, "Reminders"): at
 * each of the project's steps before a draft's deadline (7 and 1 days unless it names others),
 * and once after it passed if the project asks. A row in cart_reminders (the cart, the step and
 * the deadline, so an extended deadline is reminded again) is claimed before the mail goes out
 * and released if it cannot be sent, so two servers never send the same step twice. Returns how
 * many mails were sent.
 */
export async function sendDeadlineReminders({ db, mailer, config, now = new Date(), log }: MailJobInput) {
  const due = await cartsDueBetween(
    db,
    new Date(now.getTime() - AFTER_DEADLINE_WINDOW_MS),
    new Date(now.getTime() + MAX_REMINDER_DAYS * DAY_MS),
  );
  let sent = 0;
  for (const cart of due) {
    const options = projectOptionsSchema.parse(cart.project_options ?? {});
    const reminder = reminderDue(cart, options, now);
    if (!reminder || !(await claimReminder(db, cart.id, reminder.kind))) continue;
    try {
      sent += await mailReminder({ db, mailer, config, cart, options, msLeft: reminder.msLeft });
    } catch (error) {
      await releaseReminder(db, cart.id, reminder.kind);
      log?.warn(
        { err: error, cart: cart.id },
        'a deadline reminder could not be sent; it is tried again at the next run',
      );
    }
  }
  return sent;
}

/**
 * POST /api/manage/reminders: the design centre reminds the buyers of chosen open selections,
 * or of every one not started (nothing chosen) or not submitted, now. Each selection is
 * reminded at most once an hour, however often it is asked (a row per cart and hour).
 */
export async function remindBuyers({
  db,
  mailer,
  config,
  projectId,
  carts,
  who,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  config: ReminderConfig;
  projectId: string;
  carts?: string[] | undefined;
  who?: 'not-started' | 'not-submitted' | undefined;
  now?: Date;
}): Promise<{ reminded: string[]; skipped: Array<{ cart: string; reason: 'not-open' | 'recently' }> }> {
  const open = await openCartsOf(db, projectId, now, carts);
  const byId = new Map(open.map((cart) => [cart.id, cart]));
  const wanted = carts ?? open.filter((cart) => who !== 'not-started' || cart.choices === 0).map((cart) => cart.id);
  const result: { reminded: string[]; skipped: Array<{ cart: string; reason: 'not-open' | 'recently' }> } = {
    reminded: [],
    skipped: [],
  };
  const hour = now.toISOString().slice(0, 13);
  for (const cartId of new Set(wanted)) {
    const cart = byId.get(cartId);
    if (!cart) {
      result.skipped.push({ cart: cartId, reason: 'not-open' });
      continue;
    }
    const kind = `manual:${hour}`;
    if (!(await claimReminder(db, cart.id, kind))) {
      result.skipped.push({ cart: cartId, reason: 'recently' });
      continue;
    }
    try {
      const options = projectOptionsSchema.parse(cart.project_options ?? {});
      await mailReminder({ db, mailer, config, cart, options, msLeft: Date.parse(cart.deadline) - now.getTime() });
      result.reminded.push(cartId);
    } catch (error) {
      await releaseReminder(db, cart.id, kind);
      throw error;
    }
  }
  return result;
}

/** Tells the project's managers that a cart was submitted; sent after the answer, failures logged. */
export async function notifyManagersOfSubmission({
  db,
  mailer,
  project,
  origin,
  cart,
}: {
  db: Db;
  mailer: Mailer;
  project: { id: string; name: string; currency: string; options: Record<string, unknown> };
  origin: string;
  cart: { _id: string; unit: string; total: number; signature?: { name: string } | null };
}) {
  const [managers, unit] = await Promise.all([
    peopleOf(db, { projectId: project.id, role: 'manager' }).then((people) => people.map((person) => person.email)),
    itemName(db, { projectId: project.id, collection: 'units', id: cart.unit }),
  ]);
  const readerOf = await readersOf(db, project.options, managers);
  for (const email of managers) {
    const reader = readerOf(email);
    await mailer.send({
      ...selectionSubmittedMail({
        to: email,
        reader,
        projectName: project.name,
        unitName: unit,
        buyer: cart.signature?.name ?? '',
        total: formatMoney(cart.total, { currency: project.currency, locale: reader.locale }),
        url: `${origin}/manage/carts/${cart._id}`,
      }),
      projectId: project.id,
    });
  }
}

/** Sends each buyer of a cart (its owner and the unit's buyers) the mail `compose` makes. */
async function mailEachBuyer(
  {
    db,
    mailer,
    project,
    cart,
  }: {
    db: Db;
    mailer: Mailer;
    project: { id: string; currency: string; options: Record<string, unknown> };
    cart: { unit: string; owner?: string | null };
  },
  compose: (
    to: string,
    facts: {
      reader: Reader;
      unit: string;
      money: (minor: number) => string;
      options: ReturnType<typeof projectOptionsSchema.parse>;
    },
  ) => Mail,
) {
  const options = projectOptionsSchema.parse(project.options ?? {});
  const [recipients, unit] = await Promise.all([
    buyerEmails(db, project.id, cart),
    itemName(db, { projectId: project.id, collection: 'units', id: cart.unit }),
  ]);
  const readerOf = await readersOf(db, options, recipients);
  for (const to of recipients) {
    // Each buyer reads in their own language: the words, the money and the dates (docs/languages.md).
    const reader = readerOf(to);
    const money = (minor: number) => formatMoney(minor, { currency: project.currency, locale: reader.locale });
    await mailer.send({
      ...compose(to, { reader, unit, money, options: { ...options, locale: reader.locale } }),
      projectId: project.id,
    });
  }
  return recipients.length;
}

/**
 * Tells a cart's buyers what the design centre decided (approved, returned with a comment,
 * reopened as a change order, deadline extended) and links them to where they act next.
 * Sent after the change is committed; failures are logged by the caller.
 */
export function notifyBuyersOfDecision({
  db,
  mailer,
  project,
  origin,
  cart,
  entry,
}: {
  db: Db;
  mailer: Mailer;
  project: { id: string; name: string; currency: string; options: Record<string, unknown> };
  origin: string;
  cart: { _id: string; unit: string; owner?: string | null; total: number };
  entry: {
    action: DecisionKind;
    byName?: string | undefined;
    comment?: string | undefined;
    fee?: number | undefined;
    deadline?: string | undefined;
  };
}) {
  return mailEachBuyer({ db, mailer, project, cart }, (to, { reader, unit, money, options }) =>
    selectionDecisionMail({
      to,
      reader,
      projectName: project.name,
      unitName: unit,
      kind: entry.action,
      by: entry.byName || null,
      comment: entry.comment,
      total: money(cart.total),
      fee: entry.fee ? money(entry.fee) : undefined,
      deadline: entry.deadline ? formatDateTime(entry.deadline, options, { weekday: true }) : undefined,
      url: `${origin}/config/${cart._id}`,
    }),
  );
}

/** Tells a cart's buyers that the signatures given together were set aside by a change: each signs again. */
export function notifyBuyersOfVoidedSignatures({
  db,
  mailer,
  project,
  origin,
  cart,
}: {
  db: Db;
  mailer: Mailer;
  project: { id: string; name: string; currency: string; options: Record<string, unknown> };
  origin: string;
  cart: { _id: string; unit: string; owner?: string | null };
}) {
  return mailEachBuyer({ db, mailer, project, cart }, (to, { reader, unit }) =>
    signAgainMail({ to, reader, projectName: project.name, unitName: unit, url: `${origin}/config/${cart._id}` }),
  );
}

/**
 * Confirms a signature to the buyers of the cart (the one who signed and the co-buyers), with
 * the signed summary attached as a PDF and what happens next. Sent after the commit.
 */
export async function confirmSignatureToBuyers({
  db,
  mailer,
  project,
  origin,
  cartId,
  cart,
}: {
  db: Db;
  mailer: Mailer;
  project: ProjectRow;
  origin: string;
  cartId: string;
  cart: CartData;
}) {
  // The summary is in the language it was signed in, whoever receives it (docs/languages.md).
  const pdf = await renderCartPdf({ db, project, cart, cartId, prices: true });
  return mailEachBuyer({ db, mailer, project, cart }, (to, { reader, unit, money, options }) =>
    selectionSignedMail({
      to,
      reader,
      projectName: project.name,
      unitName: unit,
      signer: cart.signature?.name ?? '',
      total: money(cart.total),
      contact: options.contact,
      url: `${origin}/config/${cartId}`,
      pdf: { filename: pdf.fileName, content: Buffer.from(pdf.bytes) },
      reviewBy: formatCalendarDay(
        reviewDueBy(new Date(cart.signature?.signedAt ?? Date.now()), options.reviewDays, options.timeZone),
        options.locale,
      ),
    }),
  );
}

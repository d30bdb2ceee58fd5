import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import { insertOutboxMail, recordMail } from './mail.repo.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The project the mail is about: its design centre sees it in the buyer's mail log. */
  projectId?: string | null | undefined;
  /** The language it is written in (docs/languages.md), sent as its Content-Language. */
  language?: string;
  /** Files sent with the mail (the signed summary as a PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /**
   * A meeting as iCalendar (docs/appointments.md, "Calendars"): sent as the message's
   * `text/calendar; method=…` alternative and as an `.ics` file, which is how Outlook, Google
   * Calendar and Apple Calendar recognise an invitation.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

export interface Mailer {
  /** How mail leaves: a real SMTP server, or the development outbox. */
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes through SMTP_URL with nodemailer; with no SMTP server configured it goes to
 * the development outbox (a table) and the log, so a fresh install can still sign up.
 */
export function createMailer({
  smtpUrl,
  from,
  db,
  log,
}: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (smtpUrl) {
    // nodemailer is loaded with the first mail: a process that sends none never loads it (docs/performance.md, "Memory").
    let transport: Promise<Transporter> | null = null;
    const transportNow = () =>
      (transport ??= import('nodemailer').then((module) => module.default.createTransport(smtpUrl)));
    return {
      kind: 'smtp',
      async send({ projectId, language, calendar, ...mail }) {
        try {
          await (
            await transportNow()
          ).sendMail({
            from,
            ...mail,
            ...(calendar ? { icalEvent: calendar } : {}),
            ...(language ? { headers: { 'Content-Language': language } } : {}),
          });
        } catch (error) {
          // Kept for the administrators (docs/admin.md, "Overview") and the design centre; the caller still hears of it.
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
          await recordMail(db, {
            projectId,
            to: mail.to,
            subject: mail.subject,
            status: 'failed',
            error: reason,
          }).catch((recordError: unknown) =>
            log.error({ err: recordError, to: mail.to }, 'a failed mail could not be recorded'),
          );
          log.warn({ to: mail.to, subject: mail.subject, err: error }, 'mail could not be sent');
          throw error;
        }
        await recordMail(db, { projectId, to: mail.to, subject: mail.subject, status: 'sent' }).catch(
          (error: unknown) => log.warn({ err: error }, 'a sent mail could not be logged'),
        );
      },
    };
  }
  return {
    kind: 'outbox',
    async send({ attachments = [], projectId, calendar, ...mail }) {
      // The outbox keeps the words; attachments are named in the log only.
      await insertOutboxMail(db, mail);
      if (calendar)
        attachments = [
          ...attachments,
          { ...calendar, content: Buffer.from(calendar.content), contentType: 'text/calendar' },
        ];
      await recordMail(db, { projectId, to: mail.to, subject: mail.subject, status: 'outbox' });
      const files = attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ');
      log.info(
        { to: mail.to, subject: mail.subject },
        `mail to the dev outbox:\n${mail.text}${files ? `\n[attached: ${files}]` : ''}`,
      );
    },
  };
}

/** What the metrics are told of each mail (docs/operations.md, "Metrics"). */
export interface MailCounters {
  mailPending: { inc(): void; dec(): void };
  mailSent: { inc(labels: { transport: string; result: string }): void };
}

/**
 * The mailer with every send counted and the ones in flight kept: mails go out after the
 * answer, so a stopping server waits for `settled()` before it exits.
 */
export function trackedMailer(mailer: Mailer, counters: MailCounters): Mailer & { settled(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  return {
    kind: mailer.kind,
    send(mail) {
      counters.mailPending.inc();
      const sending = mailer.send(mail).then(
        () => counters.mailSent.inc({ transport: mailer.kind, result: 'sent' }),
        (error: unknown) => {
          counters.mailSent.inc({ transport: mailer.kind, result: 'failed' });
          throw error;
        },
      );
      const tracked = sending.finally(() => {
        counters.mailPending.dec();
        inFlight.delete(tracked);
      });
      inFlight.add(tracked);
      return tracked;
    },
    async settled() {
      await Promise.allSettled(inFlight);
    },
  };
}

/**
 * What a job that mails people on a timer is given (deadline reminders, digests, payment
 * reminders): the database, the mailer, the addresses to link to, the moment it runs for (a test's
 * clock), and where to say what it could not send.
 */
export interface MailJobInput {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'portalHost' | 'portalUrl'>;
  now?: Date;
  log?: FastifyBaseLogger;
}

/**
 * The portal's timed jobs, run now from the test runner against the browser tests' database and
 * mail listener, as another server process of the deployment would run them on its timer (the
 * jobs claim their work in the database, so the server under test never sends the same mail
 * again). A journey that starts with a mail the portal sends on a timer (a digest of unread
 * messages) does not wait for the timer.
 */
import { openDatabase } from '../../../server/src/db/client.ts';
import { DIGEST_SETTLE_MS, sendCommentDigests } from '../../../server/src/modules/comments/comments.digest.ts';
import { createMailer } from '../../../server/src/modules/mail/mailer.ts';
import { sendPaymentReminders } from '../../../server/src/modules/payments/payments.reminders.ts';

const quiet = {
  warn() {},
  error() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: 'warn',
  silent() {},
};

/** Runs a job's work as another server of the deployment would: the browser tests' database, mail listener and addresses. */
async function asAnotherServer<T>(
  work: (context: {
    db: Awaited<ReturnType<typeof openDatabase>>['db'];
    mailer: ReturnType<typeof createMailer>;
    config: { portalHost: string; portalUrl: { protocol: 'http:'; port: string } };
  }) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ databaseUrl: process.env.E2E_DATABASE_URL, poolSize: 2 });
  try {
    const log = quiet as unknown as Parameters<typeof createMailer>[0]['log'];
    const mailer = createMailer({
      smtpUrl: process.env.E2E_SMTP_URL,
      from: 'Decor Portal <portal@localhost>',
      db: database.db,
      log,
    });
    const config = {
      portalHost: 'localhost',
      portalUrl: { protocol: 'http:' as const, port: String(process.env.E2E_PORT) },
    };
    return await work({ db: database.db, mailer, config });
  } finally {
    await database.close();
  }
}

/** Sends every digest of unread messages as if the messages had settled (DIGEST_SETTLE_MS later). */
export function sendDigestsNow(): Promise<number> {
  return asAnotherServer((context) =>
    sendCommentDigests({ ...context, now: new Date(Date.now() + DIGEST_SETTLE_MS + 1000) }),
  );
}

/** Sends every payment reminder due now (amounts coming due at a project's reminder steps, or just overdue). */
export function sendPaymentRemindersNow(): Promise<number> {
  return asAnotherServer((context) => sendPaymentReminders({ ...context, now: new Date() }));
}

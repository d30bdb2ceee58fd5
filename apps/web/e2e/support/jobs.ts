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

/** Sends every digest of unread messages as if the messages had settled (DIGEST_SETTLE_MS later). */
export async function sendDigestsNow(): Promise<number> {
  const database = await openDatabase({ databaseUrl: process.env.E2E_DATABASE_URL, poolSize: 2 });
  try {
    const log = quiet as unknown as Parameters<typeof createMailer>[0]['log'];
    const mailer = createMailer({
      smtpUrl: process.env.E2E_SMTP_URL,
      from: 'Decor Portal <portal@localhost>',
      db: database.db,
      log,
    });
    return await sendCommentDigests({
      db: database.db,
      mailer,
      config: { portalHost: 'localhost', portalUrl: { protocol: 'http:', port: String(process.env.E2E_PORT) } },
      now: new Date(Date.now() + DIGEST_SETTLE_MS + 1000),
    });
  } finally {
    await database.close();
  }
}

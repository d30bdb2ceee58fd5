/**
 * A real SMTP listener for the browser journeys: the server under test sends its mail
 * here, and each message is written as JSON into a folder the tests read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { recipients, startMailCatcher } from '../../../server/test/support/mail-catcher.ts';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The iCalendar parts it carries (a meeting's invitation, change or cancellation). */
  calendars: string[];
}

export async function startMailToFiles(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const catcher = await startMailCatcher({
    onMessage(mail) {
      const stored: StoredMail = {
        to: recipients(mail).filter((to): to is string => Boolean(to)),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        calendars: mail.attachments
          .filter((part) => part.contentType.startsWith('text/calendar'))
          .map((part) => part.content.toString('utf8')),
      };
      count += 1;
      // Written whole, then named: a test in another process never reads half a mail.
      const file = path.join(dir, `${String(count).padStart(5, '0')}.json`);
      fs.writeFileSync(`${file}.partial`, JSON.stringify(stored));
      fs.renameSync(`${file}.partial`, file);
    },
  });
  return { url: catcher.url, close: catcher.close };
}

/**
 * The mails written so far, oldest first, each read once: a file is never changed after it is
 * named, so a poll reads only the files that came since the last (the folder holds every mail
 * of the run, hundreds by its end).
 */
const readMails = new Map<string, StoredMail>();
function mailsSoFar(dir: string): StoredMail[] {
  const names = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const name of names) {
    const file = path.join(dir, name);
    if (!readMails.has(file)) readMails.set(file, JSON.parse(fs.readFileSync(file, 'utf8')) as StoredMail);
  }
  return names.map((name) => readMails.get(path.join(dir, name))!);
}

/** Waits for the newest mail to an address whose subject matches (and whose text contains `containing`, when given). */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
  containing?: string,
): Promise<StoredMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsSoFar(dir)
      .reverse()
      .find(
        (mail) =>
          mail.to.includes(to.toLowerCase()) &&
          subject.test(mail.subject) &&
          (!containing || mail.text.includes(containing)),
      );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

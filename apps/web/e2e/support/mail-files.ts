/**
 * A real SMTP listener for the browser journeys: the server under test sends its mail
 * here, and each message is written as JSON into a folder the tests read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function startMailToFiles(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((g) => g.value.map((v) => v.address?.toLowerCase() ?? ''));
          const stored: StoredMail = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
          count += 1;
          fs.writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(stored));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for the newest mail to an address whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = fs
      .readdirSync(dir)
      .sort()
      .reverse()
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as StoredMail)
      .find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

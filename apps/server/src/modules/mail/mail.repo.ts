import { desc } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { mailFailures, outbox } from '../../db/schema/index.ts';

/** A mail the SMTP server refused, kept for the administrators (docs/admin.md, "Overview"). */
export async function recordMailFailure(db: Db, { to, subject, error }: { to: string; subject: string; error: string }): Promise<void> {
  await db.insert(mailFailures).values({ id: uuidv7(), to, subject: subject.slice(0, 300), error });
}

export async function recentMailFailures(db: Db, limit: number) {
  return db.select().from(mailFailures).orderBy(desc(mailFailures.at)).limit(limit);
}

/** The development outbox: mails kept in the database instead of sent. */
export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; html: string }): Promise<void> {
  await db.insert(outbox).values({ id: uuidv7(), ...mail });
}

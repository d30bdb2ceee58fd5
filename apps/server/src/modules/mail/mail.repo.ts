import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import { hotSqlRows, type Db } from '../../db/client.ts';
import { mailLog, outbox } from '../../db/schema/index.ts';

/** One mail sent or tried, in the log (the words are not kept). */
export async function recordMail(
  db: Db,
  {
    projectId,
    to,
    subject,
    status,
    error,
  }: {
    projectId?: string | null | undefined;
    to: string;
    subject: string;
    status: 'sent' | 'outbox' | 'failed';
    error?: string;
  },
): Promise<void> {
  await db.insert(mailLog).values({
    id: uuidv7(),
    projectId: projectId ?? null,
    to: to.toLowerCase(),
    subject: subject.slice(0, 300),
    status,
    error: error ?? null,
  });
}

/** The mails the SMTP server refused, newest first, for the administrators (docs/admin.md, "Overview"). */
export async function recentMailFailures(db: Db, limit: number) {
  return db.select().from(mailLog).where(eq(mailLog.status, 'failed')).orderBy(desc(mailLog.at)).limit(limit);
}

/** The newest mails (at most `each` per address) a project sent to these addresses, newest first. */
export async function mailsOfProjectTo(db: Db, projectId: string, addresses: string[], each: number) {
  if (!addresses.length) return [];
  const ranked = db
    .select({
      to: mailLog.to,
      subject: mailLog.subject,
      status: mailLog.status,
      error: mailLog.error,
      at: mailLog.at,
      rank: sql<number>`row_number() OVER (PARTITION BY ${mailLog.to} ORDER BY ${mailLog.at} DESC, ${mailLog.id} DESC)`.as(
        'rank',
      ),
    })
    .from(mailLog)
    .where(
      and(
        eq(mailLog.projectId, projectId),
        inArray(mailLog.to, [...new Set(addresses.map((address) => address.toLowerCase()))]),
      ),
    )
    .as('ranked');
  return db
    .select({ to: ranked.to, subject: ranked.subject, status: ranked.status, error: ranked.error, at: ranked.at })
    .from(ranked)
    .where(lte(ranked.rank, each))
    .orderBy(desc(ranked.at));
}

/** The development outbox: mails kept in the database instead of sent. */
export async function insertOutboxMail(
  db: Db,
  mail: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  await db.insert(outbox).values({ id: uuidv7(), ...mail });
}

/** The language each of these addresses' accounts chose (docs/languages.md), by lowercase address; an address with no account or no choice is absent. */
export async function chosenLanguages(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await hotSqlRows<{ email: string; language: string }>(
    db,
    sql`SELECT lower(email) AS email, language FROM users
        WHERE language IS NOT NULL AND lower(email) = ANY(string_to_array(${emails.map((email) => email.toLowerCase()).join('\n')}, E'\\n'))`,
  );
  return new Map(rows.map((row) => [row.email, row.language]));
}

/**
 * The addresses whose latest mail from the project the mail server refused (docs/back-office.md,
 * "Buyers"): flagged on their units and on the dashboard until a later mail to them leaves. All
 * of the project's when `addresses` is not given (newest refusal first, at most `limit`).
 */
export async function refusedAddresses(
  db: Db,
  projectId: string,
  { addresses, limit = 500 }: { addresses?: string[]; limit?: number } = {},
) {
  if (addresses && !addresses.length) return [];
  const only = addresses
    ? sql`AND "to" = ANY(string_to_array(${[...new Set(addresses.map((a) => a.toLowerCase()))].join('\n')}, E'\\n'))`
    : sql``;
  return hotSqlRows<{ to: string; at: string; error: string | null }>(
    db,
    sql`SELECT "to", at, error FROM (
          SELECT DISTINCT ON ("to") "to", at, error, status FROM mail_log
          WHERE project_id = ${projectId} ${only}
          ORDER BY "to", at DESC, id DESC) latest
        WHERE status = 'failed'
        ORDER BY at DESC
        LIMIT ${limit}`,
  );
}

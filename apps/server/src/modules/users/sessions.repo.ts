import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/** Sessions the identity provider issued: counted, ended one or all at once. */
export async function liveSessionCounts(db: Db, userIds: string[]) {
  if (!userIds.length) return new Map<string, number>();
  const rows = await db
    .select({ userId: sessions.userId, count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), sql`${sessions.expiresAt} > now()`))
    .groupBy(sessions.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}

export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** Ends a session: its cookie and every access token issued from it stop working. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

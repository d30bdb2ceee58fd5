import { and, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import { sqlRows, type Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/like.ts';

/** The people of the platform (docs/admin.md, "People"): their accounts as the identity provider keeps them. */
export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** An account by its address, whatever the case it was typed in. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.id;
}

/**
 * A new account without a password. Its address is unverified unless the person arrived by a
 * link the portal mailed to it (docs/access-codes.md, "Arriving"): only such a link verifies it.
 */
export async function insertNewUser(
  db: Db,
  email: string,
  name: string,
  { emailVerified = false }: { emailVerified?: boolean } = {},
): Promise<string> {
  const id = uuidv7();
  await db.insert(users).values({ id, email, name: name.slice(0, 100), emailVerified });
  return id;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'isAdmin'
      | 'disabled'
      | 'emailVerified'
      | 'name'
      | 'termsAcceptedAt'
      | 'termsRejectedAt'
      | 'language'
      | 'commentMails'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function isUserDisabled(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, id));
  return row?.disabled === true;
}

export async function markSignedIn(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function userTotals(db: Db) {
  const [row] = await sqlRows<{ users: number; admins: number; disabled: number }>(
    db,
    sql`SELECT count(*)::int AS users, count(*) FILTER (WHERE is_admin)::int AS admins, count(*) FILTER (WHERE disabled)::int AS disabled FROM users`,
  );
  return row ?? { users: 0, admins: 0, disabled: 0 };
}

export async function recentSignIns(db: Db, limit: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, at: users.lastSignInAt })
    .from(users)
    .where(isNotNull(users.lastSignInAt))
    .orderBy(desc(users.lastSignInAt))
    .limit(limit);
}

/** People matching an e-mail or name, a page at a time in e-mail order. */
export async function searchUsers(
  db: Db,
  { q, after, limit }: { q?: string | undefined; after?: string | null; limit: number },
) {
  const needle = q?.trim();
  const match = needle
    ? or(ilike(users.email, `%${escapeLike(needle)}%`), ilike(users.name, `%${escapeLike(needle)}%`))
    : undefined;
  const page = after ? sql`${users.email} > ${after}` : undefined;
  return db.select().from(users).where(and(match, page)).orderBy(users.email).limit(limit);
}

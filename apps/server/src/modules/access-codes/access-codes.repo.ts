import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { hotSqlRows, type Db } from '../../db/client.ts';
import { accessCodes, projects } from '../../db/schema/index.ts';
import { rowsOf } from '../decor/index.ts';
import { escapeLike } from '../../lib/like.ts';

export type AccessCodeRow = typeof accessCodes.$inferSelect;

export async function findAccessCode(db: Db, code: string): Promise<AccessCodeRow | undefined> {
  const [row] = await db.select().from(accessCodes).where(eq(accessCodes.code, code));
  return row;
}

/** A code with the key of its project (a code works only on its own project's subdomain). */
export async function findAccessCodeWithProject(
  db: Db,
  code: string,
): Promise<{ row: AccessCodeRow; projectKey: string } | undefined> {
  const [found] = await db
    .select({ row: accessCodes, projectKey: projects.key })
    .from(accessCodes)
    .innerJoin(projects, eq(projects.id, accessCodes.projectId))
    .where(eq(accessCodes.code, code));
  return found;
}

export async function insertAccessCode(db: Db, row: typeof accessCodes.$inferInsert): Promise<AccessCodeRow> {
  const [created] = await db.insert(accessCodes).values(row).returning();
  return created!;
}

/** Many links in a few statements (an import's invitations), 500 rows each. */
export async function insertAccessCodes(
  db: Db,
  rows: Array<typeof accessCodes.$inferInsert>,
): Promise<AccessCodeRow[]> {
  const created: AccessCodeRow[] = [];
  for (let start = 0; start < rows.length; start += 500)
    created.push(
      ...(await db
        .insert(accessCodes)
        .values(rows.slice(start, start + 500))
        .returning()),
    );
  return created;
}

/**
 * An invitation still waiting for its buyer: to a named address, for a buyer, neither revoked,
 * expired nor used up — what the dashboard's "Invited" counts and its list shows.
 */
const waitingInvitation = () =>
  and(
    eq(accessCodes.role, 'purchaser'),
    isNotNull(accessCodes.email),
    isNull(accessCodes.revokedAt),
    or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, sql`now()`)),
    lt(accessCodes.uses, accessCodes.maxUses),
  )!;

/** How many invitations of a project wait for their buyer. */
export async function countWaitingInvitations(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessCodes)
    .where(and(eq(accessCodes.projectId, projectId), waitingInvitation()));
  return row?.n ?? 0;
}

/**
 * A project's access links, newest first, in keyset pages, with the name of each one's unit;
 * `q` searches the address, `waiting` keeps the invitations still waiting for their buyer.
 */
export async function listAccessCodes(
  db: Db,
  {
    projectId,
    after,
    limit,
    q,
    waiting = false,
  }: {
    projectId: string;
    after: { at: string; code: string } | null;
    limit: number;
    q?: string | undefined;
    waiting?: boolean;
  },
) {
  const conditions = [eq(accessCodes.projectId, projectId)];
  if (waiting) conditions.push(waitingInvitation());
  if (after)
    conditions.push(sql`(${accessCodes.createdAt}, ${accessCodes.code}) < (${after.at}::timestamptz, ${after.code})`);
  if (q) conditions.push(sql`${accessCodes.email} ILIKE ${`%${escapeLike(q)}%`}`);
  return db
    .select({
      row: accessCodes,
      unitName: sql<
        string | null
      >`(SELECT u.data->>'name' FROM ${rowsOf('units')} u WHERE u.project_id = ${accessCodes.projectId} AND u.id = ${accessCodes.unitId})`,
    })
    .from(accessCodes)
    .where(and(...conditions))
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.code))
    .limit(limit);
}

export async function revokeAccessCode(db: Db, code: string): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .update(accessCodes)
    .set({ revokedAt: sql`coalesce(${accessCodes.revokedAt}, now())` })
    .where(eq(accessCodes.code, code))
    .returning();
  return row;
}

/**
 * Uses a code once, atomically: only while it is not revoked, not expired and has uses
 * left. Two people racing for the last use cannot both get it.
 */
export async function useAccessCode(db: Db, code: string): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .update(accessCodes)
    .set({ uses: sql`${accessCodes.uses} + 1`, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(accessCodes.code, code),
        isNull(accessCodes.revokedAt),
        or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, sql`now()`)),
        lt(accessCodes.uses, accessCodes.maxUses),
      ),
    )
    .returning();
  return row;
}

export async function findUnit(db: Db, projectId: string, unitId: string) {
  const [row] = await hotSqlRows<{ id: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT u.id::text AS id, u.data FROM ${rowsOf('units')} u WHERE u.project_id = ${projectId} AND u.id = ${unitId}::uuid`,
  );
  return row;
}

/** The invitations to a unit one person made that still wait for their buyer (a buyer inviting co-buyers is held to a few). */
export async function countWaitingInvitationsBy(
  db: Db,
  { projectId, unitId, createdBy }: { projectId: string; unitId: string; createdBy: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessCodes)
    .where(
      and(
        eq(accessCodes.projectId, projectId),
        eq(accessCodes.unitId, unitId),
        eq(accessCodes.createdBy, createdBy),
        waitingInvitation(),
      ),
    );
  return row?.n ?? 0;
}

import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, users, visits } from '../../db/schema/index.ts';

/** Visits to the app, counted by its own beacon (docs/admin.md, "Sessions"). */
export interface VisitKey {
  userId: string;
  projectId: string | null;
  device: string;
  path: string;
  now: Date;
  /** Before this moment a visit has ended. */
  idleSince: Date;
}

/**
 * Goes on with a visit still going: the one named, else the person's latest from the same
 * device in the same project. A new path counts as one more page. Answers its id, or undefined.
 */
export async function continueVisit(db: Db, key: VisitKey, visitId: string | undefined): Promise<string | undefined> {
  const going = and(
    eq(visits.userId, key.userId),
    key.projectId ? eq(visits.projectId, key.projectId) : sql`${visits.projectId} IS NULL`,
    gt(visits.lastSeenAt, key.idleSince),
  );
  const goOn = async (which: SQL) => {
    const [row] = await db
      .update(visits)
      .set({
        lastSeenAt: key.now,
        pages: sql`${visits.pages} + CASE WHEN ${visits.lastPath} = ${key.path} THEN 0 ELSE 1 END`,
        lastPath: key.path,
      })
      .where(and(going, which))
      .returning({ id: visits.id });
    return row?.id;
  };
  return (
    (visitId ? await goOn(eq(visits.id, visitId)) : undefined) ??
    (await goOn(
      sql`${visits.id} = (SELECT v.id FROM visits v WHERE v.user_id = ${key.userId} AND v.device = ${key.device} AND v.project_id IS NOT DISTINCT FROM ${key.projectId}::uuid AND v.last_seen_at > ${key.idleSince.toISOString()}::timestamptz ORDER BY v.last_seen_at DESC LIMIT 1)`,
    ))
  );
}

export async function insertVisit(db: Db, id: string, key: VisitKey): Promise<void> {
  await db.insert(visits).values({
    id,
    userId: key.userId,
    projectId: key.projectId,
    device: key.device,
    startedAt: key.now,
    lastSeenAt: key.now,
    pages: 1,
    lastPath: key.path,
  });
}

/** Visits newest first (keyset on when they began), of one project by key or of all. */
export async function visitsPage(
  db: Db,
  { project, before, limit }: { project?: string | undefined; before?: string | undefined; limit: number },
) {
  return db
    .select({
      visit: visits,
      email: users.email,
      name: users.name,
      projectKey: projects.key,
      projectName: projects.name,
    })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .leftJoin(projects, eq(projects.id, visits.projectId))
    .where(
      and(project ? eq(projects.key, project) : undefined, before ? lt(visits.startedAt, new Date(before)) : undefined),
    )
    .orderBy(desc(visits.startedAt), desc(visits.id))
    .limit(limit);
}

/** How many people were seen since `since`, in one project by key or in all. */
export async function liveVisitorCount(
  db: Db,
  { project, since }: { project?: string | undefined; since: Date },
): Promise<number> {
  const [live] = await db
    .select({ count: sql<number>`count(DISTINCT ${visits.userId})::int` })
    .from(visits)
    .leftJoin(projects, eq(projects.id, visits.projectId))
    .where(and(gt(visits.lastSeenAt, since), project ? eq(projects.key, project) : undefined));
  return Number(live?.count ?? 0);
}

import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describeDevice, VISIT_IDLE_MS, VISIT_LIVE_MS } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { projects, users, visits } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';

/**
 * A beat of the app's own beacon (docs/admin.md, "Sessions"): the visit it names goes on while
 * it is the same person's, in the same project, seen within VISIT_IDLE_MS; a beat that names no
 * visit (or one that ended) goes on with the person's visit from the same device in the same
 * project if one is going, so a burst of beats is one visit; otherwise a new visit begins. A
 * new path counts as one more page.
 */
export async function recordVisit({ db, actor, projectId, visitId, path, userAgent }: { db: Db; actor: Actor; projectId: string | null; visitId: string | undefined; path: string; userAgent: string | undefined }) {
  const now = new Date();
  const device = describeDevice(userAgent).slice(0, 80);
  const going = and(eq(visits.userId, actor.userId), projectId ? eq(visits.projectId, projectId) : sql`${visits.projectId} IS NULL`, gt(visits.lastSeenAt, new Date(now.getTime() - VISIT_IDLE_MS)));
  const goOn = async (which: SQL) => {
    const [row] = await db
      .update(visits)
      .set({ lastSeenAt: now, pages: sql`${visits.pages} + CASE WHEN ${visits.lastPath} = ${path} THEN 0 ELSE 1 END`, lastPath: path })
      .where(and(going, which))
      .returning({ id: visits.id });
    return row;
  };
  const continued =
    (visitId ? await goOn(eq(visits.id, visitId)) : undefined) ??
    (await goOn(sql`${visits.id} = (SELECT v.id FROM visits v WHERE v.user_id = ${actor.userId} AND v.device = ${device} AND v.project_id IS NOT DISTINCT FROM ${projectId}::uuid AND v.last_seen_at > ${new Date(now.getTime() - VISIT_IDLE_MS).toISOString()}::timestamptz ORDER BY v.last_seen_at DESC LIMIT 1)`));
  if (continued) return { visit: continued.id };
  const id = uuidv7();
  await db.insert(visits).values({ id, userId: actor.userId, projectId, device, startedAt: now, lastSeenAt: now, pages: 1, lastPath: path });
  return { visit: id };
}

export const VISITS_PAGE = 50;

/** Visits newest first, 50 a page (keyset on when they began), with who is on now. */
export async function listVisits(db: Db, { project, before }: { project?: string | undefined; before?: string | undefined }) {
  const now = Date.now();
  const rows = await db
    .select({ visit: visits, email: users.email, name: users.name, projectKey: projects.key, projectName: projects.name })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .leftJoin(projects, eq(projects.id, visits.projectId))
    .where(and(project ? eq(projects.key, project) : undefined, before ? lt(visits.startedAt, new Date(before)) : undefined))
    .orderBy(desc(visits.startedAt), desc(visits.id))
    .limit(VISITS_PAGE + 1);
  const [live] = await db
    .select({ count: sql<number>`count(DISTINCT ${visits.userId})::int` })
    .from(visits)
    .leftJoin(projects, eq(projects.id, visits.projectId))
    .where(and(gt(visits.lastSeenAt, new Date(now - VISIT_LIVE_MS)), project ? eq(projects.key, project) : undefined));
  const page = rows.slice(0, VISITS_PAGE);
  return {
    liveNow: Number(live?.count ?? 0),
    items: page.map(({ visit, email, name, projectKey, projectName }) => ({
      _id: visit.id,
      user: { email, name },
      project: projectKey ? { key: projectKey, name: projectName ?? projectKey } : null,
      device: visit.device,
      startedAt: visit.startedAt.toISOString(),
      lastSeenAt: visit.lastSeenAt.toISOString(),
      durationSeconds: Math.round((visit.lastSeenAt.getTime() - visit.startedAt.getTime()) / 1000),
      pages: visit.pages,
      lastPath: visit.lastPath,
      live: now - visit.lastSeenAt.getTime() < VISIT_LIVE_MS,
    })),
    next: rows.length > VISITS_PAGE ? page.at(-1)!.visit.startedAt.toISOString() : null,
  };
}

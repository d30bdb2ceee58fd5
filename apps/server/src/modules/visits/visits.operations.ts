import { uuidv7 } from '../../lib/ids.ts';
import { describeDevice, VISIT_IDLE_MS, VISIT_LIVE_MS } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { continueVisit, insertVisit, liveVisitorCount, visitsPage } from './visits.repo.ts';
import type { Actor } from '../../plugins/actor.ts';

/**
 * A beat of the app's own beacon (docs/admin.md, "Sessions"): the visit it names goes on while
 * it is the same person's, in the same project, seen within VISIT_IDLE_MS; a beat that names no
 * visit (or one that ended) goes on with the person's visit from the same device in the same
 * project if one is going, so a burst of beats is one visit; otherwise a new visit begins. A
 * new path counts as one more page.
 */
export async function recordVisit({
  db,
  actor,
  projectId,
  visitId,
  path,
  userAgent,
}: {
  db: Db;
  actor: Actor;
  projectId: string | null;
  visitId: string | undefined;
  path: string;
  userAgent: string | undefined;
}) {
  const now = new Date();
  const key = {
    userId: actor.userId,
    projectId,
    device: describeDevice(userAgent).slice(0, 80),
    path,
    now,
    idleSince: new Date(now.getTime() - VISIT_IDLE_MS),
  };
  const continued = await continueVisit(db, key, visitId);
  if (continued) return { visit: continued };
  const id = uuidv7();
  await insertVisit(db, id, key);
  return { visit: id };
}

export const VISITS_PAGE = 50;

/** Visits newest first, 50 a page (keyset on when they began), with who is on now. */
export async function listVisits(
  db: Db,
  { project, before }: { project?: string | undefined; before?: string | undefined },
) {
  const now = Date.now();
  const [rows, liveNow] = await Promise.all([
    visitsPage(db, { project, before, limit: VISITS_PAGE + 1 }),
    liveVisitorCount(db, { project, since: new Date(now - VISIT_LIVE_MS) }),
  ]);
  const page = rows.slice(0, VISITS_PAGE);
  return {
    liveNow,
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

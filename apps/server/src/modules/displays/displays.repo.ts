import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { v7 as uuidv7 } from 'uuid';
import { displayEvents, displays, projects, users } from '../../db/schema/index.ts';

export type DisplayRecord = typeof displays.$inferSelect;

/** A new screen with its secret's hash and its claim code. */
export async function insertDisplay(db: Db, row: { id: string; secretHash: string; claimCode: string; userAgent: string | null }): Promise<DisplayRecord> {
  const [created] = await db.insert(displays).values(row).returning();
  return created!;
}

export async function findDisplay(db: Db, id: string): Promise<DisplayRecord | undefined> {
  const [row] = await db.select().from(displays).where(eq(displays.id, id));
  return row;
}

/** The screen that shows this claim code now (not yet claimed, not revoked). */
export async function findDisplayByClaimCode(db: Db, claimCode: string): Promise<DisplayRecord | undefined> {
  const [row] = await db
    .select()
    .from(displays)
    .where(and(eq(displays.claimCode, claimCode), isNull(displays.revokedAt)));
  return row;
}

/** Claims a screen for a project under a name, once: a code already used claims nothing. */
export async function claimDisplay(db: Db, { id, claimCode, projectId, name }: { id: string; claimCode: string; projectId: string; name: string }) {
  const [row] = await db
    .update(displays)
    .set({ claimCode: null, projectId, name, claimedAt: sql`now()` })
    .where(and(eq(displays.id, id), eq(displays.claimCode, claimCode), isNull(displays.revokedAt)))
    .returning();
  return row;
}

/** The screen was seen now (it asked for its state). */
export async function markDisplaySeen(db: Db, id: string): Promise<void> {
  await db
    .update(displays)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(displays.id, id));
}

export async function updateDisplay(db: Db, id: string, change: { name?: string; projectId?: string }) {
  const [row] = await db.update(displays).set(change).where(eq(displays.id, id)).returning();
  return row;
}

/** Revokes a screen: it forgets its project and name and must register again. */
export async function revokeDisplay(db: Db, id: string) {
  const [row] = await db
    .update(displays)
    .set({ revokedAt: sql`coalesce(${displays.revokedAt}, now())`, claimCode: null })
    .where(eq(displays.id, id))
    .returning();
  return row;
}

/** Every screen with its project, newest first (the platform's list; a sales centre has a handful); or one project's screens. */
export async function listDisplays(db: Db, projectId?: string) {
  return db
    .select({ display: displays, projectKey: projects.key, projectName: projects.name })
    .from(displays)
    .leftJoin(projects, eq(projects.id, displays.projectId))
    .where(projectId ? and(eq(displays.projectId, projectId), isNull(displays.revokedAt)) : undefined)
    .orderBy(desc(displays.registeredAt))
    .limit(500);
}

/** One thing that happened to a screen. */
export async function recordDisplayEvent(db: Db, event: { displayId: string; kind: string; actorId?: string | null; detail?: Record<string, unknown> | null }) {
  await db
    .insert(displayEvents)
    .values({ id: uuidv7(), displayId: event.displayId, kind: event.kind, actorId: event.actorId ?? null, detail: event.detail ?? null });
}

/** A screen's newest events with who did each (at most 50). */
export async function eventsOfDisplay(db: Db, displayId: string) {
  return db
    .select({ kind: displayEvents.kind, at: displayEvents.at, detail: displayEvents.detail, byName: users.name, byEmail: users.email })
    .from(displayEvents)
    .leftJoin(users, eq(users.id, displayEvents.actorId))
    .where(eq(displayEvents.displayId, displayId))
    .orderBy(desc(displayEvents.at), desc(displayEvents.id))
    .limit(50);
}

import { rowsOf } from '../decor/index.ts';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client.ts';
import { CHANGE_CHANNEL } from '../../db/change-feed.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { displayEvents, displays, projects, showroomLooks, users } from '../../db/schema/index.ts';

export type DisplayRecord = typeof displays.$inferSelect;

/** A new screen with its secret's hash and its claim code. */
export async function insertDisplay(
  db: Db,
  row: { id: string; secretHash: string; claimCode: string; userAgent: string | null },
): Promise<DisplayRecord> {
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
export async function claimDisplay(
  db: Db,
  { id, claimCode, projectId, name }: { id: string; claimCode: string; projectId: string; name: string },
) {
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

/** Revokes a screen: it forgets its project and name and must register again (and lets go of its visitor). */
export async function revokeDisplay(db: Db, id: string) {
  const [row] = await db
    .update(displays)
    .set({ revokedAt: sql`coalesce(${displays.revokedAt}, now())`, claimCode: null, ...FREE })
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

/**
 * One thing that happened to a screen, announced on the change feed in the same statement
 * (collection `$display`, the kind as `event`): `/admin/pen-stream` shows it beside the data changes.
 */
export async function recordDisplayEvent(
  db: Db,
  event: { displayId: string; kind: string; actorId?: string | null; detail?: Record<string, unknown> | null },
) {
  const detail = event.detail ? JSON.stringify(event.detail) : null;
  await db.execute(sql`
    WITH written AS (
      INSERT INTO display_events (id, display_id, kind, actor_id, detail)
      VALUES (${uuidv7()}, ${event.displayId}, ${event.kind}, ${event.actorId ?? null}, ${detail}::jsonb)
      RETURNING display_id
    )
    SELECT pg_notify(${CHANGE_CHANNEL}, json_build_object(
      'project', coalesce((SELECT project_id::text FROM displays WHERE id = ${event.displayId}), ''),
      'collection', '$display', 'id', ${event.displayId}::text, 'version', 0, 'op', 'update', 'event', ${event.kind}::text)::text)
    FROM written`);
}

/** What a free screen's pairing columns hold: no visitor, and codes drawn again when it next shows them. */
const FREE = { pairingCode: null, pairingSecret: null, visitorHash: null, pairedAt: null, visitorSeenAt: null };

/**
 * Gives a free claimed screen its pairing code and QR secret if it has none (they are drawn
 * only when shown, so a release or a rotation simply clears them). Returns the row as it is now.
 */
export async function ensurePairingCodes(
  db: Db,
  id: string,
  codes: { code: string; secret: string },
): Promise<DisplayRecord | undefined> {
  const [row] = await db
    .update(displays)
    .set({ pairingCode: codes.code, pairingSecret: codes.secret })
    .where(
      and(
        eq(displays.id, id),
        isNull(displays.pairingCode),
        isNull(displays.visitorHash),
        isNull(displays.revokedAt),
        isNotNull(displays.claimedAt),
      ),
    )
    .returning();
  return row ?? (await findDisplay(db, id));
}

/**
 * Pairs a phone with the free screen of a project that shows this code (typed) or this QR
 * secret, once: the codes are cleared in the same statement, so a code pairs one phone.
 */
export async function pairDisplay(
  db: Db,
  {
    projectId,
    visitorHash,
    ...by
  }: { projectId: string; visitorHash: string } & ({ code: string } | { id: string; secret: string }),
): Promise<DisplayRecord | undefined> {
  const match =
    'code' in by
      ? eq(displays.pairingCode, by.code)
      : and(eq(displays.id, by.id), eq(displays.pairingSecret, by.secret));
  const [row] = await db
    .update(displays)
    .set({ pairingCode: null, pairingSecret: null, visitorHash, pairedAt: sql`now()`, visitorSeenAt: sql`now()` })
    .where(and(match, eq(displays.projectId, projectId), isNull(displays.visitorHash), isNull(displays.revokedAt)))
    .returning();
  return row;
}

/** The phone of this pairing was heard now. */
export async function touchVisitor(db: Db, id: string, visitorHash: string): Promise<boolean> {
  const rows = await db
    .update(displays)
    .set({ visitorSeenAt: sql`now()` })
    .where(and(eq(displays.id, id), eq(displays.visitorHash, visitorHash)))
    .returning({ id: displays.id });
  return rows.length > 0;
}

/** Lets go of a screen's visitor (only of this pairing, when given): the screen is free and shows new codes. */
export async function releaseDisplay(db: Db, id: string, visitorHash?: string): Promise<DisplayRecord | undefined> {
  const [row] = await db
    .update(displays)
    .set(FREE)
    .where(
      and(eq(displays.id, id), visitorHash ? eq(displays.visitorHash, visitorHash) : isNotNull(displays.visitorHash)),
    )
    .returning();
  return row;
}

/** Releases every pairing whose phone has not been heard since `before` (any server may run it: each row is released once). */
export async function releaseIdlePairings(db: Db, before: Date): Promise<DisplayRecord[]> {
  return db
    .update(displays)
    .set(FREE)
    .where(and(isNotNull(displays.visitorHash), lt(displays.visitorSeenAt, before)))
    .returning();
}

/** Clears the codes of every free screen of a project (too many wrong codes): each shows new ones. */
export async function rotateProjectCodes(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .update(displays)
    .set({ pairingCode: null, pairingSecret: null })
    .where(and(eq(displays.projectId, projectId), isNull(displays.visitorHash), isNull(displays.revokedAt)))
    .returning({ id: displays.id });
  return rows.map((row) => row.id);
}

/** Keeps a screen's newest health report. */
export async function saveHealth(db: Db, id: string, health: unknown): Promise<void> {
  await db
    .update(displays)
    .set({ health, lastSeenAt: sql`now()` })
    .where(eq(displays.id, id));
}

/** A screen's newest events with who did each (at most 50). */
export async function eventsOfDisplay(db: Db, displayId: string) {
  return db
    .select({
      kind: displayEvents.kind,
      at: displayEvents.at,
      detail: displayEvents.detail,
      byName: users.name,
      byEmail: users.email,
    })
    .from(displayEvents)
    .leftJoin(users, eq(users.id, displayEvents.actorId))
    .where(eq(displayEvents.displayId, displayId))
    .orderBy(desc(displayEvents.at), desc(displayEvents.id))
    .limit(50);
}

/** A project's plans, rooms, categories and active options (a sales-centre screen's catalogue; a catalogue has hundreds, not thousands). */
export async function showroomItems(db: Db, projectId: string) {
  return sqlRows<{ id: string; collection: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id, collection, data FROM ${rowsOf('plans', 'rooms', 'categories', 'options')} r
        WHERE project_id = ${projectId}
          AND (collection <> 'options' OR coalesce((data->>'active')::boolean, true))
        ORDER BY collection, id LIMIT 5000`,
  );
}

/** Announces a payload on a channel (the screens' bus between server processes). */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

/** Keeps a look a visitor asked to receive by e-mail. */
export async function insertShowroomLook(
  db: Db,
  row: { projectId: string; displayId: string; email: string; look: unknown; summary: string[] },
) {
  await db.insert(showroomLooks).values({ id: uuidv7(), ...row });
}

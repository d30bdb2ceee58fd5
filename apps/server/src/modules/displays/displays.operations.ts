import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from '../../lib/ids.ts';
import {
  displayHealthSchema,
  fail,
  newClaimCode,
  newPairingCode,
  readClaimCode,
  type DisplayEvent,
  type DisplayRow,
  type DisplayState,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { findProjectByKey, findProjectById, roleInProject } from '../projects/index.ts';
import {
  claimDisplay,
  findDisplay,
  findDisplayByClaimCode,
  ensurePairingCodes,
  insertDisplay,
  listDisplays,
  markDisplaySeen,
  revokeDisplay,
  updateDisplay,
  recordDisplayEvent,
  releaseDisplay,
  eventsOfDisplay,
  type DisplayRecord,
} from './displays.repo.ts';

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A screen registers itself (docs/displays.md): an id, a secret only it keeps, and a code to be claimed with. */
export async function registerDisplay(db: Db, userAgent: string | undefined) {
  const secret = randomBytes(32).toString('base64url');
  for (let attempt = 0; ; attempt++) {
    const claimCode = newClaimCode();
    try {
      const row = await insertDisplay(db, {
        id: uuidv7(),
        secretHash: hashOf(secret),
        claimCode,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      await recordDisplayEvent(db, { displayId: row.id, kind: 'registered' });
      return { id: row.id, secret, state: { mode: 'register', claimCode } satisfies DisplayState };
    } catch (error) {
      // Two screens drew the same code (one chance in 25⁸): draw again.
      if (attempt >= 3) throw error;
    }
  }
}

/** The screen behind a `display` key (`{id}.{secret}`), or a refusal that tells it to register again. */
async function displayOfKey(db: Db, key: string | undefined): Promise<DisplayRecord> {
  const [id = '', secret = ''] = (key ?? '').split('.');
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findDisplay(db, id) : undefined;
  const expected = Buffer.from(row?.secretHash ?? '');
  const given = Buffer.from(hashOf(secret));
  if (!row || row.revokedAt || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw fail('unauthenticated', 'display.unknown');
  return row;
}

/** The id of the screen behind a key, or a refusal (the live connection's hello). */
export async function displayIdOfKey(db: Db, key: string): Promise<string> {
  return (await displayOfKey(db, key)).id;
}

/** What a screen shows now: its claim code until claimed, then its project's attract loop with its pairing codes, or a visitor's rooms while a phone holds it. */
export async function displayState(db: Db, key: string | undefined): Promise<DisplayState> {
  let row = await displayOfKey(db, key);
  await markDisplaySeen(db, row.id);
  if (row.claimCode) return { mode: 'register', claimCode: row.claimCode };
  if (!row.projectId) {
    // Claimed for a project that is gone: the screen starts again, with a new code.
    await revokeDisplay(db, row.id);
    throw fail('unauthenticated', 'display.unknown');
  }
  const project = await findProjectById(db, row.projectId);
  if (!project) throw fail('unauthenticated', 'display.unknown');
  const shows = { name: row.name ?? '', project: { key: project.key, name: project.name } };
  if (row.visitorHash) return { mode: 'paired', ...shows };
  // A free screen's codes are drawn when it first shows them (a release or a rotation only clears them).
  for (let attempt = 0; !row.pairingCode && !row.visitorHash && attempt < 3; attempt++) {
    row =
      (await ensurePairingCodes(db, row.id, {
        code: newPairingCode(),
        secret: randomBytes(16).toString('base64url'),
      }).catch(() => row)) ?? row;
  }
  if (row.visitorHash) return { mode: 'paired', ...shows };
  return {
    mode: 'attract',
    ...shows,
    pairing: row.pairingCode && row.pairingSecret ? { code: row.pairingCode, secret: row.pairingSecret } : null,
  };
}

/** May this person place screens in this project: an administrator, or one of its managers. */
async function requirePlacer(db: Db, actor: Actor | null, projectId: string): Promise<Actor> {
  if (!actor) throw fail('unauthenticated', 'display.staff-only');
  if (actor.isAdmin) return actor;
  const role = await roleInProject(db, projectId, actor.userId);
  if (role !== 'manager') throw fail('forbidden', 'display.staff-only');
  return actor;
}

/** Claims the screen that shows `code` for a project under a name. */
export async function claimDisplayWithCode(
  db: Db,
  actor: Actor | null,
  input: { code: string; name: string; project: string },
) {
  const project = await findProjectByKey(db, input.project);
  if (!project) throw fail('not_found', 'display.no-project', undefined, { field: 'project' });
  await requirePlacer(db, actor, project.id);
  const code = readClaimCode(input.code);
  if (!code) throw fail('bad_request', 'display.code-shape', undefined, { field: 'code' });
  const shown = await findDisplayByClaimCode(db, code);
  const claimed = shown
    ? await claimDisplay(db, { id: shown.id, claimCode: code, projectId: project.id, name: input.name.trim() })
    : undefined;
  if (!claimed) throw fail('not_found', 'display.no-such-code', undefined, { field: 'code' });
  await recordDisplayEvent(db, {
    displayId: claimed.id,
    kind: 'claimed',
    actorId: actor?.userId ?? null,
    detail: { name: claimed.name, project: project.key },
  });
  return rowOf(claimed, { key: project.key, name: project.name });
}

/** The platform's list of screens (administrators), or one project's (its managers: `/manage/settings`). */
export async function displaysList(db: Db, projectId?: string): Promise<DisplayRow[]> {
  const rows = await listDisplays(db, projectId);
  return rows.map(({ display, projectKey, projectName }) =>
    rowOf(display, projectKey ? { key: projectKey, name: projectName ?? '' } : null),
  );
}

/** Renames a screen or moves it to another project (administrators). */
export async function changeDisplay(
  db: Db,
  actor: Actor,
  id: string,
  change: { name?: string | undefined; project?: string | undefined },
) {
  const row = await findDisplay(db, id);
  if (!row || row.revokedAt) throw fail('not_found', 'display.no-such');
  const project = change.project ? await findProjectByKey(db, change.project) : undefined;
  if (change.project && !project) throw fail('not_found', 'display.no-project', undefined, { field: 'project' });
  if (!row.claimedAt && project) throw fail('rule_broken', 'display.claim-first');
  const updated = await updateDisplay(db, id, {
    ...(change.name ? { name: change.name.trim() } : {}),
    ...(project ? { projectId: project.id } : {}),
  });
  // A screen moved to another project lets go of its visitor (their look belongs to the other project).
  const endedPairing = Boolean(
    project && project.id !== row.projectId && row.visitorHash && (await releaseDisplay(db, id)),
  );
  if (endedPairing) await recordDisplayEvent(db, { displayId: id, kind: 'released', detail: { reason: 'revoked' } });
  if (change.name && change.name.trim() !== row.name) {
    await recordDisplayEvent(db, {
      displayId: id,
      kind: 'renamed',
      actorId: actor.userId,
      detail: { from: row.name, to: change.name.trim() },
    });
  }
  if (project && project.id !== row.projectId)
    await recordDisplayEvent(db, { displayId: id, kind: 'moved', actorId: actor.userId, detail: { to: project.key } });
  const shows = updated!.projectId ? await findProjectById(db, updated!.projectId) : undefined;
  return {
    row: rowOf(
      { ...updated!, ...(endedPairing ? { visitorHash: null } : {}) },
      shows ? { key: shows.key, name: shows.name } : null,
    ),
    endedPairing,
  };
}

/** Revokes a screen (administrators): it shows "register" again with a new code. */
export async function revokeDisplayById(db: Db, actor: Actor, id: string) {
  const row = await revokeDisplay(db, id);
  if (!row) throw fail('not_found', 'display.no-such');
  await recordDisplayEvent(db, { displayId: id, kind: 'revoked', actorId: actor.userId });
  return rowOf(row, null);
}

/** One screen with its newest events (administrators: `/admin/instances/{id}`). */
export async function displayDetail(db: Db, id: string): Promise<{ display: DisplayRow; events: DisplayEvent[] }> {
  const row = await findDisplay(db, id);
  if (!row) throw fail('not_found', 'display.no-such');
  const project = row.projectId && !row.revokedAt ? await findProjectById(db, row.projectId) : undefined;
  const events = await eventsOfDisplay(db, id);
  return {
    display: rowOf(row, project ? { key: project.key, name: project.name } : null),
    events: events.map((event) => ({
      kind: event.kind as DisplayEvent['kind'],
      at: event.at.toISOString(),
      by: event.byName || event.byEmail || null,
      detail: (event.detail as Record<string, unknown> | null) ?? null,
    })),
  };
}

function rowOf(row: DisplayRecord, project: DisplayRow['project']): DisplayRow {
  return {
    _id: row.id,
    name: row.name,
    project: row.revokedAt ? null : project,
    status: row.revokedAt ? 'revoked' : row.claimedAt ? 'claimed' : 'unclaimed',
    registeredAt: row.registeredAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    userAgent: row.userAgent,
    paired: Boolean(row.visitorHash),
    health: displayHealthSchema.safeParse(row.health).data ?? null,
  };
}

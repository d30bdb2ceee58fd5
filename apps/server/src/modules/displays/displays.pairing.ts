import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONTROLLER_IDLE_MS,
  fail,
  fieldIn,
  localisedOptions,
  projectOptionsSchema,
  type Language,
  readPairingCode,
  sortRooms,
  type DisplayPairInput,
  type DisplayPairing,
  type PairingEnd,
  lookInWords,
  type DisplayLookMail,
  type Showroom,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { countRequest, giveBackRequests } from '../../plugins/rate-limit.repo.ts';
import { findProjectById, findProjectByKey, type ProjectRow } from '../projects/index.ts';
import {
  type DisplayRecord,
  findDisplay,
  insertShowroomLook,
  pairDisplay,
  recordDisplayEvent,
  releaseDisplay,
  releaseIdlePairings,
  rotateProjectCodes,
  showroomItems,
} from './displays.repo.ts';
import { displayIdOfKey, hashOf } from './displays.operations.ts';

/**
 * Pairing a visitor's phone with a screen (docs/displays.md, "Pairing a phone"): a single-use
 * code or QR secret buys a pairing secret that only the phone keeps; wrong codes are limited
 * per address and per project, and past the project's limit every code is drawn again and
 * the administrators are told.
 */

/** Wrong pairing codes allowed in 10 minutes: from one address, and against one project's screens (typed codes only). */
export const PAIRING_LIMITS = { perAddress: 10, perProject: 50, windowSeconds: 10 * 60 } as const;

/** What happens when a project's limit trips: its codes are drawn again and the administrators told (the routes do both). */
export type OnLimitTripped = (project: { id: string; key: string; name: string }) => Promise<void>;

/**
 * Pairs a phone with the free screen of the project at this address that shows the typed code
 * or the QR secret. Every attempt is counted first, against the address and (typed codes) the
 * project, and given back when it pairs, so only wrong codes use the limits, even when many
 * arrive at once.
 */
export async function pairWithDisplay(
  db: Db,
  {
    projectKey,
    address,
    input,
    onLimitTripped,
  }: { projectKey: string | null; address: string; input: DisplayPairInput; onLimitTripped: OnLimitTripped },
): Promise<DisplayPairing> {
  const project = projectKey ? await findProjectByKey(db, projectKey) : undefined;
  if (!project || project.archivedAt) throw fail('not_found', 'display.no-project');
  const code = 'code' in input ? readPairingCode(input.code) : null;
  if ('code' in input && !code) throw fail('bad_request', 'display.pair-code-shape', undefined, { field: 'code' });
  const { windowSeconds } = PAIRING_LIMITS;
  const keys = [`display-pair:ip:${address}`, ...(code ? [`display-pair:project:${project.id}`] : [])];
  const [byAddress, byProject] = await Promise.all(keys.map((key) => countRequest(db, key, windowSeconds)));
  const used = { address: Number(byAddress?.count ?? 0), project: Number(byProject?.count ?? 0) };
  if (used.project === PAIRING_LIMITS.perProject + 1)
    await onLimitTripped({ id: project.id, key: project.key, name: project.name });
  if (used.address > PAIRING_LIMITS.perAddress || used.project > PAIRING_LIMITS.perProject) {
    const retryAfterSeconds = Math.max(
      1,
      Number((used.project > PAIRING_LIMITS.perProject ? byProject : byAddress)?.retry_after ?? windowSeconds),
    );
    throw fail(
      'rate_limited',
      used.project > PAIRING_LIMITS.perProject ? 'display.pair-locked' : 'request.too-many',
      undefined,
      { retryAfterSeconds },
    );
  }
  const secret = randomBytes(24).toString('base64url');
  const by = code
    ? { code }
    : { id: (input as { display: string }).display, secret: (input as { secret: string }).secret };
  const row = await pairDisplay(db, { projectId: project.id, visitorHash: hashOf(secret), ...by });
  if (!row)
    throw fail(
      'not_found',
      code ? 'display.pair-wrong-code' : 'display.pair-stale',
      undefined,
      code ? { field: 'code' } : undefined,
    );
  await giveBackRequests(db, keys);
  await recordDisplayEvent(db, { displayId: row.id, kind: 'paired', detail: { by: code ? 'code' : 'qr' } });
  return {
    pairing: `${row.id}.${secret}`,
    display: { id: row.id, name: row.name ?? '' },
    project: { key: project.key, name: project.name },
  };
}

/** Rotates every free screen's codes of a project; returns the screens whose codes changed. */
export async function rotateCodesAfterLimit(db: Db, projectId: string): Promise<string[]> {
  const ids = await rotateProjectCodes(db, projectId);
  for (const id of ids)
    await recordDisplayEvent(db, { displayId: id, kind: 'code-limit', detail: { limit: PAIRING_LIMITS.perProject } });
  return ids;
}

/** The screen a phone's pairing (`{id}.{secret}`) holds now, or a refusal: the pairing has ended. */
/** The screen a pairing holds, as stored; refused in words once the visit has ended. */
async function pairedDisplay(db: Db, pairing: string): Promise<DisplayRecord> {
  const [id = '', secret = ''] = pairing.split('.');
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findDisplay(db, id) : undefined;
  const expected = Buffer.from(row?.visitorHash ?? '');
  const given = Buffer.from(hashOf(secret));
  if (!row || row.revokedAt || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw fail('unauthenticated', 'display.pairing-ended');
  return row;
}

export async function displayOfPairing(
  db: Db,
  pairing: string,
): Promise<{ id: string; visitorHash: string; name: string }> {
  const row = await pairedDisplay(db, pairing);
  return { id: row.id, visitorHash: row.visitorHash!, name: row.name ?? '' };
}

/** Ends a pairing (the visitor's "End"): the screen is free and shows new codes. False when it had already ended. */
export async function endPairing(db: Db, display: string, visitorHash: string, reason: PairingEnd): Promise<boolean> {
  const row = await releaseDisplay(db, display, visitorHash);
  if (row) await recordDisplayEvent(db, { displayId: display, kind: 'released', detail: { reason } });
  return Boolean(row);
}

/** Releases every pairing whose phone has been silent for 3 minutes; returns the screens released. */
export async function releaseIdle(db: Db, now = new Date()): Promise<string[]> {
  const rows = await releaseIdlePairings(db, new Date(now.getTime() - CONTROLLER_IDLE_MS));
  for (const row of rows)
    await recordDisplayEvent(db, { displayId: row.id, kind: 'released', detail: { reason: 'idle' } });
  return rows.map((row) => row.id);
}

/** The project a screen (by its key) or a phone (by its pairing) shows, as the showroom reads it. */
export async function showroomOf(
  db: Db,
  who: { key?: string | undefined; pairing?: string | undefined },
  language?: Language,
): Promise<Showroom> {
  const display = who.pairing
    ? await pairedDisplay(db, who.pairing)
    : await findDisplay(db, await displayIdOfKey(db, who.key ?? ''));
  return (await showroomFor(db, display, language)).showroom;
}

/**
 * What a screen shows (its project's catalogue, prices only when the project says so), with the
 * project's row; the catalogue's words and the tagline in `language` where written.
 */
async function showroomFor(
  db: Db,
  display: DisplayRecord | undefined,
  language?: Language,
): Promise<{ showroom: Showroom; project: ProjectRow }> {
  const project = display?.projectId ? await findProjectById(db, display.projectId) : undefined;
  if (!project) throw fail('not_found', 'display.no-project');
  const written = projectOptionsSchema.parse(project.options);
  const options = language ? localisedOptions(written, language, written.defaultLanguage) : written;
  const showsPrices = options.showroomPrices ?? false;
  const rows = await showroomItems(db, project.id);
  const of = (collection: string) => rows.filter((row) => row.collection === collection);
  const roomData = new Map(of('rooms').map((row) => [row.id, row.data]));
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const showroom: Showroom = {
    project: {
      key: project.key,
      name: project.name,
      currency: project.currency,
      locale: options.locale,
      tagline: options.tagline ?? '',
      showsPrices,
    },
    plans: of('plans').map(({ id, data }) => ({ _id: id, name: fieldIn(data, language), rooms: strings(data.rooms) })),
    // In the order their names in the default language give; then named for the reader.
    rooms: sortRooms(
      of('rooms').map(({ id, data }) => ({
        _id: id,
        name: String(data.name ?? ''),
        order: typeof data.order === 'number' ? data.order : null,
        dimensions: (data.dimensions as Showroom['rooms'][number]['dimensions'] | undefined) ?? null,
        hotspot: (data.hotspot as Showroom['rooms'][number]['hotspot'] | undefined) ?? null,
      })),
    ).map((room) => ({ ...room, name: fieldIn(roomData.get(room._id)!, language) })),
    categories: of('categories')
      .map(({ id, data }) => ({
        _id: id,
        name: fieldIn(data, language),
        order: Number(data.order ?? 0),
        surface: typeof data.surface === 'string' ? data.surface : null,
        rooms: strings(data.rooms),
      }))
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
    options: of('options').map(({ id, data }) => ({
      _id: id,
      name: fieldIn(data, language),
      category: String(data.category ?? ''),
      rooms: strings(data.rooms),
      plans: strings(data.plans),
      swatch: (data.swatch as Showroom['options'][number]['swatch'] | undefined) ?? null,
      price: showsPrices ? Number(data.price ?? 0) : null,
    })),
  };
  return { showroom, project };
}

/**
 * Keeps the look a visitor asked for and returns it in words, with the project and the mail's
 * reader, for the mail (docs/displays.md, "The look goes home"): the words in the reader's
 * language (`readerOf` decides it once the project is known). Only while the pairing lasts.
 */
export async function keepLookForMail<R extends { language: Language }>(
  db: Db,
  input: DisplayLookMail,
  readerOf: (project: ProjectRow) => Promise<R>,
) {
  const display = await pairedDisplay(db, input.pairing);
  const project = display?.projectId ? await findProjectById(db, display.projectId) : undefined;
  const reader = project ? await readerOf(project) : undefined;
  const { showroom } = await showroomFor(db, display, reader?.language);
  const lines = lookInWords(showroom, input.look);
  await insertShowroomLook(db, {
    projectId: project!.id,
    displayId: display.id,
    email: input.email,
    look: input.look,
    summary: lines,
  });
  return { lines, project: project!, reader: reader!, displayId: display.id };
}

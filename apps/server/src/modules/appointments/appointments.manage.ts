import { createHash, randomBytes } from 'node:crypto';
import {
  appointmentTypeInputSchema,
  consultantInputSchema,
  DEADLINE_NEAR_DAYS,
  fail,
  isoDayOf,
  projectOptionsSchema,
  type AppointmentType,
  type Consultant,
  type Language,
} from '@decor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { peopleOf, requireManager, type Scope } from '../projects/index.ts';
import {
  appointmentsBetween,
  consultantsOf,
  insertConsultant,
  insertType,
  setFeedHash,
  typesOf,
  unbookedNearDeadline,
  updateConsultant,
  updateType,
  type ConsultantRow,
  type TypeRow,
} from './appointments.repo.ts';
import { typeName } from './appointments.names.ts';
import { dayAfter } from './appointments.slots.ts';

const DAY = 86_400_000;
/** The prefix of a calendar feed's secret: a leaked one is recognisable. */
export const FEED_PREFIX = 'dcf_';

export const typeViewOf = (row: TypeRow, language: Language): AppointmentType => ({
  id: row.id,
  names: { en: row.names.en ?? '', ...(row.names['fr-CA'] ? { 'fr-CA': row.names['fr-CA'] } : {}) },
  name: typeName(row.names, language),
  lengthMinutes: row.length_minutes,
  bufferMinutes: row.buffer_minutes,
  stepMinutes: row.step_minutes,
  bookedBy: row.booked_by,
  noticeMinutes: row.notice_minutes,
  aheadDays: row.ahead_days,
  cancelMinutes: row.cancel_minutes,
  freeCount: row.free_count,
  fee: Number(row.fee),
  active: row.active,
});

export const consultantViewOf = (row: ConsultantRow): Consultant => ({
  id: row.id,
  userId: row.user_id,
  name: row.name || row.email,
  email: row.email,
  place: row.place,
  videoUrl: row.video_url,
  weekly: row.weekly,
  exceptions: row.exceptions,
  active: row.active,
  hasFeed: row.has_feed,
});

/** The kinds of meeting a reader may see: every one for the staff, the active ones buyers book for buyers. */
export async function typesFor(db: Db, scope: Promise<Scope>, language: Language): Promise<AppointmentType[]> {
  const { project, standing, actor } = await scope;
  if (!actor) throw fail('unauthenticated', 'session.sign-in');
  const isStaff = standing.kind === 'manager' || standing.kind === 'admin';
  if (!isStaff && standing.kind !== 'purchaser') throw fail('forbidden', 'manage.managers-only');
  return (await typesOf(db, project.id))
    .filter((row) => isStaff || (row.active && row.booked_by !== 'staff'))
    .map((row) => typeViewOf(row, language));
}

export async function saveType(
  db: Db,
  scope: Promise<Scope>,
  input: z.infer<typeof appointmentTypeInputSchema>,
  { id, language }: { id?: string; language: Language },
): Promise<AppointmentType> {
  const { project } = requireManager(await scope);
  const values = { ...input, names: { en: input.names.en, 'fr-CA': input.names['fr-CA'] || undefined } };
  const typeId = id ?? (await insertType(db, project.id, values));
  if (id && !(await updateType(db, project.id, id, values))) throw fail('not_found', 'appointment.no-such-type');
  return typeViewOf((await typesOf(db, project.id, typeId))[0]!, language);
}

export async function consultantsFor(db: Db, scope: Promise<Scope>): Promise<Consultant[]> {
  const { project } = requireManager(await scope);
  return (await consultantsOf(db, project.id)).map(consultantViewOf);
}

/** The people who may be consultants: the project's managers. */
export async function staffOf(db: Db, scope: Promise<Scope>) {
  const { project } = requireManager(await scope);
  return (await peopleOf(db, { projectId: project.id, role: 'manager' })).map(({ id, name, email }) => ({
    id,
    name: name || email,
    email,
  }));
}

/** Adds or changes a consultant: one of the project's managers, with their hours on the project zone's wall clock. */
export async function saveConsultant(
  db: Db,
  scope: Promise<Scope>,
  input: z.infer<typeof consultantInputSchema>,
  id?: string,
): Promise<Consultant> {
  const { project } = requireManager(await scope);
  if (id) {
    const [current] = await consultantsOf(db, project.id, id);
    if (!current) throw fail('not_found', 'appointment.no-such-consultant');
    if (current.user_id !== input.userId)
      throw fail('bad_request', 'appointment.no-such-consultant', undefined, { field: 'userId' });
    await updateConsultant(db, project.id, id, input);
    return consultantViewOf((await consultantsOf(db, project.id, id))[0]!);
  }
  const managers = await peopleOf(db, { projectId: project.id, role: 'manager' });
  if (!managers.some((person) => person.id === input.userId))
    throw fail('bad_request', 'appointment.not-staff', undefined, { field: 'userId' });
  const made = await insertConsultant(db, project.id, input);
  if (!made) throw fail('conflict', 'appointment.consultant-exists');
  return consultantViewOf((await consultantsOf(db, project.id, made))[0]!);
}

/** The hash a feed's secret is kept as. */
export const feedHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Makes a consultant's private calendar feed (a new secret replaces the old one) or revokes it
 * (docs/appointments.md, "Feeds"): the secret is answered once and kept as its SHA-256.
 */
export async function setFeed(
  db: Db,
  scope: Promise<Scope>,
  id: string,
  make: boolean,
): Promise<{ secret: string | null }> {
  const { project } = requireManager(await scope);
  const secret = make ? `${FEED_PREFIX}${randomBytes(24).toString('base64url')}` : null;
  if (!(await setFeedHash(db, project.id, id, secret ? feedHashOf(secret) : null)))
    throw fail('not_found', 'appointment.no-such-consultant');
  return { secret };
}

/** The staff's calendar: the project's meetings over some days of its zone, every consultant's or one's. */
export async function calendarRows(
  db: Db,
  scope: Promise<Scope>,
  { from: asked, days, consultant }: { from?: string | undefined; days: number; consultant?: string | undefined },
  now = new Date(),
) {
  const { project } = requireManager(await scope);
  const from = asked ?? isoDayOf(now, projectOptionsSchema.parse(project.options ?? {}).timeZone);
  const [start, end] = [
    Date.parse(`${from}T00:00:00Z`) - 15 * 3_600_000,
    Date.parse(`${dayAfter(from, days)}T00:00:00Z`) + 15 * 3_600_000,
  ];
  const timeZone = projectOptionsSchema.parse(project.options ?? {}).timeZone;
  const last = dayAfter(from, days);
  const rows = await appointmentsBetween(db, project.id, {
    from: new Date(start),
    to: new Date(end),
    consultant,
  });
  return rows.filter((row) => {
    const day = isoDayOf(row.starts_at, timeZone);
    return day >= from && day < last;
  });
}

/** The dashboard's day: today's meetings in the project's zone, and open selections near their deadline with none booked. */
export async function todayOf(db: Db, scope: Promise<Scope>, now = new Date()) {
  const { project } = requireManager(await scope);
  const today = isoDayOf(now, projectOptionsSchema.parse(project.options ?? {}).timeZone);
  const rows = (await calendarRows(db, scope, { from: today, days: 1 })).filter((row) => row.status !== 'cancelled');
  const unbooked = await unbookedNearDeadline(db, project.id, {
    now,
    until: new Date(now.getTime() + DEADLINE_NEAR_DAYS * DAY),
  });
  return { rows, unbooked };
}

import { sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus, AppointmentTypeInput, HoursException, WeeklyHours } from '@decor/core';
import { isoMoment as iso, sqlRows, type Db } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { rowsOf } from '../decor/index.ts';

/** The database's refusal of an overlapping booking (`appointments_no_overlap`, an exclusion constraint). */
const EXCLUSION_VIOLATION = '23P01';

export interface NewAppointment {
  projectId: string;
  consultantId: string;
  typeId: string;
  cartId: string | null;
  unitId: string | null;
  startsAt: Date;
  endsAt: Date;
  /** Its end and the type's buffer after it: until then the consultant is busy. */
  busyUntil: Date;
  bookedBy: string | null;
  fee?: number;
}

/** A database error's SQLSTATE, wherever the driver keeps it (pg on the error, drizzle on its cause). */
function codeOf(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Runs a write that may overlap a consultant's booked time: the database's refusal becomes `taken`. */
async function unlessTaken<T>(write: () => Promise<T>): Promise<T | 'taken'> {
  try {
    return await write();
  } catch (error) {
    if (codeOf(error) === EXCLUSION_VIOLATION) return 'taken';
    throw error;
  }
}

/**
 * Books a meeting unless the consultant is busy then: the database refuses an overlap whatever
 * races it (two buyers, two servers), and the loser hears `taken`.
 */
export async function insertAppointment(db: Db, row: NewAppointment): Promise<{ id: string } | 'taken'> {
  const id = uuidv7();
  return unlessTaken(async () => {
    await sqlRows(
      db,
      sql`INSERT INTO appointments (id, project_id, consultant_id, type_id, cart_id, unit_id, starts_at, ends_at, busy_until, booked_by, fee)
          VALUES (${id}, ${row.projectId}, ${row.consultantId}, ${row.typeId}, ${row.cartId}, ${row.unitId},
                  ${row.startsAt.toISOString()}, ${row.endsAt.toISOString()}, ${row.busyUntil.toISOString()}, ${row.bookedBy}, ${row.fee ?? 0})`,
    );
    return { id };
  });
}

/** Moves a booked meeting (a new SEQUENCE for every calendar); `taken` when the consultant is busy then, null when it is no longer booked. */
export async function moveAppointment(
  db: Db,
  {
    id,
    consultantId,
    startsAt,
    endsAt,
    busyUntil,
  }: { id: string; consultantId: string; startsAt: Date; endsAt: Date; busyUntil: Date },
): Promise<{ sequence: number } | 'taken' | null> {
  return unlessTaken(async () => {
    const [row] = await sqlRows<{ sequence: number }>(
      db,
      sql`UPDATE appointments SET consultant_id = ${consultantId}, starts_at = ${startsAt.toISOString()},
            ends_at = ${endsAt.toISOString()}, busy_until = ${busyUntil.toISOString()}, sequence = sequence + 1,
            reminders = '[]'::jsonb
          WHERE id = ${id} AND status = 'booked' RETURNING sequence`,
    );
    return row ?? null;
  });
}

/** Ends a booked meeting: cancelled, done or missed; its time is free again. Null when it was not booked. */
export async function closeAppointment(
  db: Db,
  { id, status, note }: { id: string; status: Exclude<AppointmentStatus, 'booked'>; note?: string },
): Promise<{ sequence: number } | null> {
  const [row] = await sqlRows<{ sequence: number }>(
    db,
    sql`UPDATE appointments SET status = ${status},
          sequence = CASE WHEN ${status} = 'cancelled' THEN sequence + 1 ELSE sequence END,
          note = coalesce(${note ?? null}, note)
        WHERE id = ${id} AND status = 'booked' RETURNING sequence`,
  );
  return row ?? null;
}

/** Holds a selection's bookings to this transaction until it ends (other servers' too). */
export async function lockSelection(tx: Db, cartId: string): Promise<void> {
  await sqlRows(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`appointments:${cartId}`}, 0))`);
}

/** What keeps a consultant busy between two moments: their booked meetings, each with its buffer. */
export async function busyOf(db: Db, { consultantId, from, to }: { consultantId: string; from: Date; to: Date }) {
  return sqlRows<{ start: string; end: string; id: string }>(
    db,
    sql`SELECT id::text AS id, starts_at AS start, busy_until AS end FROM appointments
        WHERE consultant_id = ${consultantId} AND status = 'booked'
          AND starts_at < ${to.toISOString()} AND busy_until > ${from.toISOString()}
        ORDER BY starts_at`,
  );
}

export interface AppointmentRow {
  id: string;
  project_id: string;
  status: AppointmentStatus;
  starts_at: string;
  ends_at: string;
  sequence: number;
  fee: number;
  note: string;
  type_id: string;
  type_names: Record<string, string>;
  length_minutes: number;
  cancel_minutes: number;
  type_booked_by: 'buyers' | 'owner' | 'staff';
  consultant_id: string;
  consultant_user: string;
  consultant_name: string;
  consultant_email: string;
  place: string;
  video_url: string | null;
  cart_id: string | null;
  unit_id: string | null;
  unit_name: string | null;
  booked_by: string | null;
  booked_by_name: string | null;
}

const appointmentColumns = sql`a.id::text AS id, a.project_id::text AS project_id, a.status, ${iso(sql`a.starts_at`)} AS starts_at,
  ${iso(sql`a.ends_at`)} AS ends_at, a.sequence, a.fee::float8 AS fee, a.note, a.type_id::text AS type_id,
  t.names AS type_names, t.length_minutes, t.cancel_minutes, t.booked_by AS type_booked_by,
  a.consultant_id::text AS consultant_id, c.user_id AS consultant_user, cu.name AS consultant_name,
  cu.email AS consultant_email, c.place, c.video_url, a.cart_id::text AS cart_id, a.unit_id::text AS unit_id,
  un.data->>'name' AS unit_name, a.booked_by, bu.name AS booked_by_name`;

const appointmentJoins = sql`FROM appointments a
  JOIN appointment_types t ON t.id = a.type_id
  JOIN consultants c ON c.id = a.consultant_id
  JOIN users cu ON cu.id = c.user_id
  LEFT JOIN ${rowsOf('units')} un ON un.project_id = a.project_id AND un.id = a.unit_id
  LEFT JOIN users bu ON bu.id = a.booked_by`;

/** A project's meetings matching `where`, in time order, with their kind, consultant and unit. */
export async function appointmentsWhere(db: Db, projectId: string, where: SQL): Promise<AppointmentRow[]> {
  return sqlRows<AppointmentRow>(
    db,
    sql`SELECT ${appointmentColumns} ${appointmentJoins}
        WHERE a.project_id = ${projectId} AND ${where} ORDER BY a.starts_at, a.id LIMIT 2000`,
  );
}

/** A selection's meetings, in time order. */
export const appointmentsOfCart = (db: Db, projectId: string, cartId: string) =>
  appointmentsWhere(db, projectId, sql`a.cart_id = ${cartId}`);

/** A project's meetings starting in [from, to), every consultant's or one's. */
export const appointmentsBetween = (
  db: Db,
  projectId: string,
  { from, to, consultant }: { from: Date; to: Date; consultant?: string | undefined },
) =>
  appointmentsWhere(
    db,
    projectId,
    sql`a.starts_at >= ${from.toISOString()} AND a.starts_at < ${to.toISOString()}
        ${consultant ? sql`AND a.consultant_id = ${consultant}` : sql``}`,
  );

/** A consultant's booked meetings from a moment on: their calendar feed. */
export const bookedOfConsultant = (db: Db, projectId: string, consultantId: string, since: Date) =>
  appointmentsWhere(
    db,
    projectId,
    sql`a.consultant_id = ${consultantId} AND a.status = 'booked' AND a.starts_at >= ${since.toISOString()}`,
  );

/** The buyers of some units, each invited to their unit's meetings (docs/appointments.md), in one query. */
export async function attendeesOfUnits(db: Db, projectId: string, unitIds: readonly string[]) {
  const byUnit = new Map<string, Array<{ id: string; name: string; email: string }>>();
  if (!unitIds.length) return byUnit;
  const rows = await sqlRows<{ unit_id: string; id: string; name: string; email: string }>(
    db,
    sql`SELECT u.id::text AS unit_id, us.id, us.name, us.email
        FROM ${rowsOf('units')} u JOIN users us ON us.id IN (SELECT jsonb_array_elements_text(u.data->'buyers'))
        WHERE u.project_id = ${projectId} AND NOT us.disabled
          AND u.id::text IN (${sql.join(
            unitIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY us.email`,
  );
  for (const { unit_id, ...person } of rows) byUnit.set(unit_id, [...(byUnit.get(unit_id) ?? []), person]);
  return byUnit;
}

/** A unit's buyers, each invited to its meetings. */
export const attendeesOf = async (db: Db, projectId: string, unitId: string) =>
  (await attendeesOfUnits(db, projectId, [unitId])).get(unitId) ?? [];

/** One meeting of a project, whatever its status. */
export async function appointmentById(db: Db, projectId: string, id: string): Promise<AppointmentRow | null> {
  const [row] = await appointmentsWhere(db, projectId, sql`a.id = ${id}`);
  return row ?? null;
}

/** How many meetings of a kind a selection has had or has booked (a cancelled one does not count). */
export async function countOfKind(db: Db, { cartId, typeId }: { cartId: string; typeId: string }): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM appointments WHERE cart_id = ${cartId} AND type_id = ${typeId} AND status <> 'cancelled'`,
  );
  return row?.count ?? 0;
}

// ── The kinds of meeting ────────────────────────────────────────────────────────────────

export interface TypeRow {
  id: string;
  names: Record<string, string>;
  length_minutes: number;
  buffer_minutes: number;
  step_minutes: number;
  booked_by: 'buyers' | 'owner' | 'staff';
  notice_minutes: number;
  ahead_days: number;
  cancel_minutes: number;
  free_count: number;
  fee: number;
  active: boolean;
}

export async function typesOf(db: Db, projectId: string, id?: string): Promise<TypeRow[]> {
  return sqlRows<TypeRow>(
    db,
    sql`SELECT id::text AS id, names, length_minutes, buffer_minutes, step_minutes, booked_by, notice_minutes, ahead_days,
               cancel_minutes, free_count, fee::float8 AS fee, active
        FROM appointment_types WHERE project_id = ${projectId} ${id ? sql`AND id = ${id}` : sql``}
        ORDER BY names->>'en', id`,
  );
}

type TypeValues = Required<Omit<AppointmentTypeInput, 'names'>> & { names: Record<string, string | undefined> };

export async function insertType(db: Db, projectId: string, input: TypeValues): Promise<string> {
  const id = uuidv7();
  await sqlRows(
    db,
    sql`INSERT INTO appointment_types (id, project_id, names, length_minutes, buffer_minutes, step_minutes, booked_by,
          notice_minutes, ahead_days, cancel_minutes, free_count, fee, active)
        VALUES (${id}, ${projectId}, ${JSON.stringify(input.names)}::jsonb, ${input.lengthMinutes}, ${input.bufferMinutes},
          ${input.stepMinutes}, ${input.bookedBy}, ${input.noticeMinutes}, ${input.aheadDays}, ${input.cancelMinutes},
          ${input.freeCount}, ${input.fee}, ${input.active})`,
  );
  return id;
}

export async function updateType(db: Db, projectId: string, id: string, input: TypeValues): Promise<boolean> {
  const rows = await sqlRows(
    db,
    sql`UPDATE appointment_types SET names = ${JSON.stringify(input.names)}::jsonb, length_minutes = ${input.lengthMinutes},
          buffer_minutes = ${input.bufferMinutes}, step_minutes = ${input.stepMinutes}, booked_by = ${input.bookedBy},
          notice_minutes = ${input.noticeMinutes}, ahead_days = ${input.aheadDays}, cancel_minutes = ${input.cancelMinutes},
          free_count = ${input.freeCount}, fee = ${input.fee}, active = ${input.active}
        WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

// ── Consultants ─────────────────────────────────────────────────────────────────────────

export interface ConsultantRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  language: string | null;
  place: string;
  video_url: string | null;
  weekly: WeeklyHours;
  exceptions: HoursException[];
  active: boolean;
  has_feed: boolean;
}

export async function consultantsOf(db: Db, projectId: string, id?: string): Promise<ConsultantRow[]> {
  return sqlRows<ConsultantRow>(
    db,
    sql`SELECT c.id::text AS id, c.user_id, u.name, u.email, u.language, c.place, c.video_url, c.weekly, c.exceptions,
               c.active, c.feed_hash IS NOT NULL AS has_feed
        FROM consultants c JOIN users u ON u.id = c.user_id
        WHERE c.project_id = ${projectId} ${id ? sql`AND c.id = ${id}` : sql``}
        ORDER BY coalesce(nullif(u.name, ''), u.email), c.id`,
  );
}

interface ConsultantValues {
  userId: string;
  place: string;
  videoUrl: string | null;
  weekly: WeeklyHours;
  exceptions: HoursException[];
  active: boolean;
}

/** Adds a consultant; null when the person is one already. */
export async function insertConsultant(db: Db, projectId: string, input: ConsultantValues): Promise<string | null> {
  const id = uuidv7();
  const rows = await sqlRows(
    db,
    sql`INSERT INTO consultants (id, project_id, user_id, place, video_url, weekly, exceptions, active)
        VALUES (${id}, ${projectId}, ${input.userId}, ${input.place}, ${input.videoUrl}, ${JSON.stringify(input.weekly)}::jsonb,
          ${JSON.stringify(input.exceptions)}::jsonb, ${input.active})
        ON CONFLICT (project_id, user_id) DO NOTHING RETURNING id`,
  );
  return rows.length ? id : null;
}

export async function updateConsultant(
  db: Db,
  projectId: string,
  id: string,
  input: Omit<ConsultantValues, 'userId'>,
): Promise<boolean> {
  const rows = await sqlRows(
    db,
    sql`UPDATE consultants SET place = ${input.place}, video_url = ${input.videoUrl}, weekly = ${JSON.stringify(input.weekly)}::jsonb,
          exceptions = ${JSON.stringify(input.exceptions)}::jsonb, active = ${input.active}
        WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** Sets (or with null, revokes) a consultant's feed secret, kept as its SHA-256. */
export async function setFeedHash(db: Db, projectId: string, id: string, hash: string | null): Promise<boolean> {
  const rows = await sqlRows(
    db,
    sql`UPDATE consultants SET feed_hash = ${hash} WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** The consultant whose feed has this secret's hash. */
export async function consultantOfFeed(db: Db, hash: string) {
  const [row] = await sqlRows<{ id: string; project_id: string; name: string; email: string; language: string | null }>(
    db,
    sql`SELECT c.id::text AS id, c.project_id::text AS project_id, u.name, u.email, u.language
        FROM consultants c JOIN users u ON u.id = c.user_id WHERE c.feed_hash = ${hash}`,
  );
  return row ?? null;
}

// ── Reminders and the dashboard ─────────────────────────────────────────────────────────

/** Booked meetings starting in [from, to) that have not had this reminder. */
export async function dueForReminder(db: Db, { kind, from, to }: { kind: string; from: Date; to: Date }) {
  return sqlRows<{ id: string; project_id: string }>(
    db,
    sql`SELECT id::text AS id, project_id::text AS project_id FROM appointments
        WHERE status = 'booked' AND starts_at >= ${from.toISOString()} AND starts_at < ${to.toISOString()}
          AND NOT (reminders ? ${kind})
        ORDER BY starts_at LIMIT 500`,
  );
}

/** Claims a reminder before it goes out: only one server's claim succeeds. */
export async function claimAppointmentReminder(db: Db, id: string, kind: string): Promise<boolean> {
  const rows = await sqlRows(
    db,
    sql`UPDATE appointments SET reminders = reminders || ${JSON.stringify([kind])}::jsonb
        WHERE id = ${id} AND status = 'booked' AND NOT (reminders ? ${kind}) RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives a claimed reminder back when its mail could not be sent. */
export async function releaseAppointmentReminder(db: Db, id: string, kind: string): Promise<void> {
  await sqlRows(db, sql`UPDATE appointments SET reminders = reminders - ${kind} WHERE id = ${id}`);
}

/** Open selections whose deadline falls before `until` and that have no meeting booked from now on. */
export async function unbookedNearDeadline(db: Db, projectId: string, { now, until }: { now: Date; until: Date }) {
  return sqlRows<{ cart_id: string; unit_id: string; unit_name: string; deadline: string; buyers: string[] }>(
    db,
    sql`SELECT c.id::text AS cart_id, u.id::text AS unit_id, u.data->>'name' AS unit_name, c.data->>'deadline' AS deadline,
               coalesce((SELECT array_agg(coalesce(nullif(us.name, ''), us.email) ORDER BY us.email) FROM users us
                 WHERE us.id IN (SELECT jsonb_array_elements_text(u.data->'buyers'))), '{}') AS buyers
        FROM ${rowsOf('carts')} c JOIN ${rowsOf('units')} u ON u.project_id = c.project_id AND u.id::text = c.data->>'unit'
        WHERE c.project_id = ${projectId} AND c.data->>'status' = 'draft'
          AND (c.data->>'deadline') IS NOT NULL
          AND (c.data->>'deadline')::timestamptz >= ${now.toISOString()} AND (c.data->>'deadline')::timestamptz < ${until.toISOString()}
          AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.cart_id = c.id AND a.status = 'booked' AND a.starts_at >= ${now.toISOString()})
        ORDER BY (c.data->>'deadline')::timestamptz, c.id LIMIT 50`,
  );
}

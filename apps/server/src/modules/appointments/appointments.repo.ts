import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';

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
}

/**
 * Books a meeting unless the consultant is busy then: the database refuses an overlap whatever
 * races it (two buyers, two servers), and the loser hears `taken`.
 */
export async function insertAppointment(db: Db, row: NewAppointment): Promise<{ id: string } | 'taken'> {
  const id = uuidv7();
  try {
    await sqlRows(
      db,
      sql`INSERT INTO appointments (id, project_id, consultant_id, type_id, cart_id, unit_id, starts_at, ends_at, busy_until, booked_by)
          VALUES (${id}, ${row.projectId}, ${row.consultantId}, ${row.typeId}, ${row.cartId}, ${row.unitId},
                  ${row.startsAt.toISOString()}, ${row.endsAt.toISOString()}, ${row.busyUntil.toISOString()}, ${row.bookedBy})`,
    );
    return { id };
  } catch (error) {
    if (codeOf(error) === EXCLUSION_VIOLATION) return 'taken';
    throw error;
  }
}

/** A database error's SQLSTATE, wherever the driver keeps it (pg on the error, drizzle on its cause). */
function codeOf(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** What keeps a consultant busy between two moments: their booked meetings, each with its buffer. */
export async function busyOf(db: Db, { consultantId, from, to }: { consultantId: string; from: Date; to: Date }) {
  return sqlRows<{ start: string; end: string }>(
    db,
    sql`SELECT starts_at AS start, busy_until AS end FROM appointments
        WHERE consultant_id = ${consultantId} AND status = 'booked'
          AND starts_at < ${to.toISOString()} AND busy_until > ${from.toISOString()}
        ORDER BY starts_at`,
  );
}

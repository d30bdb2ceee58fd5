import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freeSlots } from '@decor/core';
import { createTestApp, testDbKind } from './support/test-app.ts';
import { sqlRows } from '../src/db/client.ts';
import { busyOf, insertAppointment } from '../src/modules/appointments/index.ts';

/**
 * No double booking, ever (docs/appointments.md): the database refuses a meeting that overlaps
 * another of the same consultant, with its buffer, however many ask at once. On PostgreSQL the
 * fifty bookings below race on eight connections; on PGlite they queue on one.
 */
const { db } = await createTestApp();
const [demo] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM projects WHERE key = 'demo'`);
const [manager] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = 'manager@demo.test'`);

async function consultantAndType() {
  const consultant = crypto.randomUUID();
  const type = crypto.randomUUID();
  await sqlRows(
    db,
    sql`INSERT INTO consultants (id, project_id, user_id, weekly) VALUES (${consultant}, ${demo!.id}, ${manager!.id},
          '[{"weekday":1,"start":"09:00","end":"17:00"}]'::jsonb)
        ON CONFLICT (project_id, user_id) DO NOTHING`,
  );
  const [row] = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM consultants WHERE project_id = ${demo!.id} AND user_id = ${manager!.id}`,
  );
  await sqlRows(
    db,
    sql`INSERT INTO appointment_types (id, project_id, names, length_minutes, buffer_minutes)
        VALUES (${type}, ${demo!.id}, '{"en":"First meeting"}'::jsonb, 120, 15)`,
  );
  return { consultantId: row!.id, typeId: type };
}

const booking = (ids: { consultantId: string; typeId: string }, start: string, minutes: number, buffer = 15) => ({
  projectId: demo!.id,
  ...ids,
  cartId: null,
  unitId: null,
  startsAt: new Date(start),
  endsAt: new Date(Date.parse(start) + minutes * 60_000),
  busyUntil: new Date(Date.parse(start) + (minutes + buffer) * 60_000),
  bookedBy: manager!.id,
});

describe(`no double booking (${testDbKind})`, () => {
  it('lets exactly one of fifty buyers asking for the last slot at once have it; the others hear it is taken', async () => {
    const ids = await consultantAndType();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // Each asks for a meeting overlapping the others: the same morning, minutes apart.
        insertAppointment(db, booking(ids, `2026-12-14T17:${String(i % 30).padStart(2, '0')}:00Z`, 120)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome !== 'taken')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(49);
    const [count] = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM appointments WHERE consultant_id = ${ids.consultantId} AND status = 'booked'`,
    );
    expect(count!.n).toBe(1);
  });

  it('keeps the buffer after a meeting, frees what is cancelled, and offers only slots the database accepts', async () => {
    const ids = await consultantAndType();
    // 10:00–12:00 UTC with 15 minutes after: 12:00 is taken by the buffer, 12:15 is free.
    expect(await insertAppointment(db, booking(ids, '2026-12-21T10:00:00Z', 120))).not.toBe('taken');
    expect(await insertAppointment(db, booking(ids, '2026-12-21T12:00:00Z', 60))).toBe('taken');
    const later = await insertAppointment(db, booking(ids, '2026-12-21T12:15:00Z', 60));
    expect(later).not.toBe('taken');
    await sqlRows(db, sql`UPDATE appointments SET status = 'cancelled' WHERE id = ${(later as { id: string }).id}`);
    expect(await insertAppointment(db, booking(ids, '2026-12-21T12:30:00Z', 60))).not.toBe('taken');

    // What the slots say is free, the database takes; what they leave out, it refuses.
    const day = { from: Date.parse('2026-12-21T00:00:00Z'), to: Date.parse('2026-12-22T00:00:00Z') };
    const busy = (
      await busyOf(db, { consultantId: ids.consultantId, from: new Date(day.from), to: new Date(day.to) })
    ).map((entry) => ({ start: Date.parse(entry.start), end: Date.parse(entry.end) }));
    const slots = freeSlots({
      timeZone: 'UTC',
      weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
      exceptions: [],
      busy,
      length: 60,
      buffer: 15,
      step: 15,
      ...day,
    });
    const starts = new Set(slots.map((slot) => slot.start));
    for (
      let start = Date.parse('2026-12-21T09:00:00Z');
      start < Date.parse('2026-12-21T16:00:00Z');
      start += 15 * 60_000
    ) {
      const attempt = await insertAppointment(db, booking(ids, new Date(start).toISOString(), 60));
      expect(attempt !== 'taken', new Date(start).toISOString()).toBe(starts.has(start));
      // Each accepted probe is taken back, so the next one meets the day as the slots saw it.
      if (attempt !== 'taken') await sqlRows(db, sql`DELETE FROM appointments WHERE id = ${attempt.id}`);
    }
  });
});

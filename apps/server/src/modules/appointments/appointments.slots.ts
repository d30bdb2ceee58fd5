import { freeSlots, isoDayOf, type FreeSlot, type HoursException, type SlotStep, type WeeklyHours } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { busyOf, consultantsOf, type ConsultantRow, type TypeRow } from './appointments.repo.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The days [from, from + days) of the project's calendar, as the instants that could fall in them (a day's wall clock is within 14 hours of UTC). */
function reachOf(fromDay: string, days: number) {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  return { from: start - 15 * 60 * MINUTE, to: start + days * DAY + 15 * 60 * MINUTE };
}

/** The day `days` after an ISO day. */
export const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export interface SlotWindow {
  timeZone: string;
  type: TypeRow;
  /** The first day (YYYY-MM-DD in the project's zone) and how many days. */
  fromDay: string;
  days: number;
  /** No slot before this instant (now, and for buyers the booking notice), none from `until` on. */
  notBefore: number;
  until: number;
  /** The meeting being moved: its own time does not keep its consultant busy. */
  ignore?: string;
  /** Open hours alone, as if nobody had booked: tells a taken slot from a closed one. */
  ignoreBusy?: boolean;
  deadline: string | null;
}

/** One consultant's free slots for a kind of meeting within a window of days. */
export async function slotsOfConsultant(db: Db, consultant: ConsultantRow, window: SlotWindow): Promise<FreeSlot[]> {
  const { from, to } = reachOf(window.fromDay, window.days);
  const lastDay = dayAfter(window.fromDay, window.days);
  const busy = (await busyOf(db, { consultantId: consultant.id, from: new Date(from), to: new Date(to + DAY) }))
    .filter((row) => row.id !== window.ignore && !window.ignoreBusy)
    .map((row) => ({ start: Date.parse(row.start), end: Date.parse(row.end) }));
  const deadline = window.deadline ? Date.parse(window.deadline) : Infinity;
  return freeSlots({
    timeZone: window.timeZone,
    weekly: consultant.weekly as WeeklyHours,
    exceptions: consultant.exceptions as HoursException[],
    busy,
    length: window.type.length_minutes,
    buffer: window.type.buffer_minutes,
    step: window.type.step_minutes as SlotStep,
    from,
    to: Math.min(to, window.until),
    notBefore: window.notBefore,
  })
    .filter((slot) => {
      const day = isoDayOf(new Date(slot.start), window.timeZone);
      return day >= window.fromDay && day < lastDay;
    })
    .map((slot) => ({
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      consultantId: consultant.id,
      consultantName: consultant.name || consultant.email,
      beforeDeadline: slot.end <= deadline,
    }));
}

/**
 * Every active consultant's free slots in a window (or one consultant's), those that end before
 * the selection's deadline first, each group in time order (docs/appointments.md, "Booking").
 */
export async function slotsOfProject(
  db: Db,
  projectId: string,
  window: SlotWindow,
  consultantId?: string,
): Promise<FreeSlot[]> {
  const consultants = (await consultantsOf(db, projectId, consultantId)).filter((row) => row.active);
  const slots = (await Promise.all(consultants.map((row) => slotsOfConsultant(db, row, window)))).flat();
  return slots.sort(
    (a, b) =>
      Number(b.beforeDeadline) - Number(a.beforeDeadline) ||
      a.start.localeCompare(b.start) ||
      a.consultantName.localeCompare(b.consultantName),
  );
}

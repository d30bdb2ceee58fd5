import { z } from 'zod';
import { isTimeZone, zoneOffsetAt } from './dates.ts';

/**
 * Appointments with the design centre (docs/appointments.md): when a consultant is free, computed
 * in the project's zone from their weekly hours and its exceptions, the bookings they already
 * have (each with the buffer after it) and the meeting's length and buffer. Everything is kept
 * as instants; hours are read on the zone's wall clock, so a meeting over the night the clocks
 * spring forward lasts its real length, and an hour the clocks show twice is open twice.
 */

const MINUTE = 60_000;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: 'Give a time as 09:30.' });

/** One span of a day's hours on the zone's wall clock, `09:00`–`17:30` (`24:00` is the day's end). */
export const hoursSpanSchema = z
  .object({ start: clock, end: clock })
  .refine((span) => minutesOf(span.start) < minutesOf(span.end), { message: 'A span ends after it starts.' });
export type HoursSpan = z.infer<typeof hoursSpanSchema>;

/** A consultant's week: for each weekday (1 Monday … 7 Sunday), the spans they meet buyers. */
export const weeklyHoursSchema = z.array(hoursSpanSchema.and(z.object({ weekday: z.number().int().min(1).max(7) })));
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** A day unlike the week: its spans replace the weekday's (none is a day off; a late evening is one more span). */
export const hoursExceptionSchema = z.object({
  day: z.iso.date(),
  spans: z.array(hoursSpanSchema).max(8),
});
export type HoursException = z.infer<typeof hoursExceptionSchema>;

/** The steps a slot may start on, on the wall clock's minutes: each divides the hour. */
export const SLOT_STEPS = [5, 10, 15, 20, 30, 60] as const;
export type SlotStep = (typeof SLOT_STEPS)[number];

export interface SlotRequest {
  timeZone: string;
  weekly: WeeklyHours;
  exceptions: readonly HoursException[];
  /** What is taken already, as instants (ms): each booking from its start to its end plus its buffer. */
  busy: ReadonlyArray<{ start: number; end: number }>;
  /** The meeting's length and the buffer kept free after it, in minutes. */
  length: number;
  buffer: number;
  /** Slots start on wall-clock minutes that are a multiple of this (`:00`, `:30` for 30). */
  step: SlotStep;
  /** Slots starting in [from, to) (instants, ms), and not before `notBefore` (the booking notice). */
  from: number;
  to: number;
  notBefore?: number;
}

export interface Slot {
  start: number;
  end: number;
}

function minutesOf(text: string): number {
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

/** The zone's offset (minutes east of UTC) at a minute since the epoch. */
type OffsetOf = (minute: number) => number;

interface Segment {
  start: number;
  end: number;
  offset: number;
}

/**
 * [from, to) in minutes, cut where the zone's offset changes: within each piece the wall clock is
 * the instant plus one offset. Offsets are read hourly and each change found to the minute (zones
 * change at most a few times a year, never twice within an hour).
 */
function segmentsOf(from: number, to: number, offsetOf: OffsetOf): Segment[] {
  if (from >= to) return [];
  const segments: Segment[] = [];
  // `good`: the last minute known to have the current piece's offset.
  let [start, offset, good] = [from, offsetOf(from), from];
  while (good < to - 1) {
    const next = Math.min(good + 60, to - 1);
    if (offsetOf(next) === offset) {
      good = next;
      continue;
    }
    // The offset changed in (good, next]: its first minute, by halves.
    let [low, high] = [good, next];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetOf(middle) === offset) low = middle;
      else high = middle;
    }
    segments.push({ start, end: high, offset });
    [start, offset, good] = [high, offsetOf(high), high];
  }
  segments.push({ start, end: to, offset });
  return segments;
}

/** The spans of a calendar day (its exception, else its weekday's), in minutes of that day. */
function spansOf(day: number, request: Pick<SlotRequest, 'weekly' | 'exceptions'>): Array<[number, number]> {
  const date = new Date(day * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const exception = request.exceptions.find((entry) => entry.day === iso);
  const weekday = ((date.getUTCDay() + 6) % 7) + 1;
  const spans = exception ? exception.spans : request.weekly.filter((entry) => entry.weekday === weekday);
  return spans.map((span) => [minutesOf(span.start), minutesOf(span.end)]);
}

/** The open time, as instants in minutes, sorted and merged: each wall-clock span read in every offset the zone used then. */
function openTime(request: SlotRequest, offsetOf: OffsetOf, from: number, to: number): Array<[number, number]> {
  // Wall clocks run up to 14 hours either side of UTC: every day whose hours could touch [from, to).
  const reach = 15 * 60;
  const segments = segmentsOf(from - reach - 24 * 60, to + reach + 24 * 60, offsetOf);
  const open: Array<[number, number]> = [];
  for (let day = Math.floor((from - reach) / 1440) - 1; day <= Math.floor((to + reach) / 1440) + 1; day++) {
    for (const [start, end] of spansOf(day, request)) {
      const [wallStart, wallEnd] = [day * 1440 + start, day * 1440 + end];
      for (const segment of segments) {
        const a = Math.max(segment.start, wallStart - segment.offset);
        const b = Math.min(segment.end, wallEnd - segment.offset);
        if (a < b) open.push([a, b]);
      }
    }
  }
  open.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const span of open) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/**
 * The free slots of one consultant for one kind of meeting: each starts on a wall-clock minute
 * that is a multiple of `step`, lies wholly within their open time, and with its buffer after it
 * overlaps nothing already taken (whose buffers are in `busy`).
 */
export function freeSlots(request: SlotRequest): Slot[] {
  const timeZone = isTimeZone(request.timeZone) ? request.timeZone : 'UTC';
  const offsetOf: OffsetOf = (minute) => zoneOffsetAt(timeZone, minute * MINUTE);
  const from = Math.ceil(Math.max(request.from, request.notBefore ?? -Infinity) / MINUTE);
  const to = Math.ceil(request.to / MINUTE);
  if (from >= to || request.length <= 0) return [];
  const busy = request.busy
    .map((entry) => [Math.floor(entry.start / MINUTE), Math.ceil(entry.end / MINUTE)] as const)
    .sort((a, b) => a[0] - b[0]);
  const slots: Slot[] = [];
  for (const [openStart, openEnd] of openTime(request, offsetOf, from, to + request.length)) {
    for (const segment of segmentsOf(Math.max(openStart, from), Math.min(openEnd, to), offsetOf)) {
      // The first minute of the piece whose wall clock is on the step.
      const wall = segment.start + segment.offset;
      for (
        let start = segment.start + ((request.step - (wall % request.step)) % request.step);
        start < segment.end;
        start += request.step
      ) {
        const end = start + request.length;
        if (end > openEnd) break;
        const freeUntil = end + request.buffer;
        if (busy.some(([a, b]) => a < freeUntil && start < b)) continue;
        slots.push({ start: start * MINUTE, end: end * MINUTE });
      }
    }
  }
  return slots;
}

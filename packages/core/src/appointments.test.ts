import { beforeAll, describe, expect, it } from 'vitest';
import database from 'moment-timezone/data/packed/latest.json' with { type: 'json' };
import fc from 'fast-check';
import { freeSlots, SLOT_STEPS, type HoursException, type SlotRequest, type WeeklyHours } from './appointments.ts';
import { zoneOffsetAt } from './dates.ts';
import { provideZoneDatabase } from './zone-rules.ts';

// The zone database the portal prints with (not this runtime's own, which may be older).
beforeAll(() => provideZoneDatabase(database));

/**
 * Free slots (docs/appointments.md, "Slots") against a reference that asks, minute by minute,
 * whether the wall clock shows open hours and nothing is taken: over zones with daylight saving,
 * half-hour and three-quarter-hour offsets, around the nights their clocks change.
 */

const MINUTE = 60_000;
const ZONES = [
  'America/Vancouver',
  'America/Toronto',
  'America/St_Johns',
  'Europe/Paris',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'UTC',
];
/** Days the clocks change somewhere above (2026), and one when nothing does. */
const DAYS = ['2026-03-08', '2026-11-01', '2026-03-29', '2026-10-25', '2026-04-05', '2026-10-04', '2026-06-15'];

const at = (text: string) => Date.parse(`${text}Z`);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The reference: every minute of the window, read on the wall clock. */
function reference(request: SlotRequest): number[] {
  const offsets = new Map<number, number>();
  const offset = (minute: number) => {
    let known = offsets.get(minute);
    if (known === undefined) offsets.set(minute, (known = zoneOffsetAt(request.timeZone, minute * MINUTE)));
    return known;
  };
  const isOpen = (minute: number) => {
    const wall = minute + offset(minute);
    const day = Math.floor(wall / 1440);
    const ofDay = wall - day * 1440;
    const date = new Date(day * 86_400_000);
    const iso = date.toISOString().slice(0, 10);
    const exception = request.exceptions.find((entry) => entry.day === iso);
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    const spans = exception ? exception.spans : request.weekly.filter((entry) => entry.weekday === weekday);
    return spans.some((span) => {
      const [h1, m1] = span.start.split(':').map(Number);
      const [h2, m2] = span.end.split(':').map(Number);
      return h1! * 60 + m1! <= ofDay && ofDay < h2! * 60 + m2!;
    });
  };
  const taken = (minute: number) =>
    request.busy.some((entry) => entry.start <= minute * MINUTE && minute * MINUTE < entry.end);
  const starts: number[] = [];
  const first = Math.ceil(Math.max(request.from, request.notBefore ?? -Infinity) / MINUTE);
  for (let minute = first; minute < Math.ceil(request.to / MINUTE); minute++) {
    if ((minute + offset(minute)) % request.step !== 0) continue;
    let fits = true;
    for (let m = minute; fits && m < minute + request.length; m++) fits = isOpen(m);
    for (let m = minute; fits && m < minute + request.length + request.buffer; m++) fits = !taken(m);
    if (fits) starts.push(minute * MINUTE);
  }
  return starts;
}

const spanArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 1, max: 48 }))
  .map(([start, long]) => ({ start: hhmm(start * 15), end: hhmm(Math.min(1440, (start + long) * 15)) }))
  .filter((span) => span.start < span.end);

const requestArbitrary = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    day: fc.constantFrom(...DAYS),
    startHour: fc.integer({ min: -12, max: 12 }),
    hours: fc.integer({ min: 6, max: 30 }),
    weekly: fc.array(
      fc.tuple(fc.integer({ min: 1, max: 7 }), spanArbitrary).map(([weekday, span]) => ({ weekday, ...span })),
      { maxLength: 10 },
    ),
    exceptionSpans: fc.option(fc.array(spanArbitrary, { maxLength: 3 })),
    busy: fc.array(fc.tuple(fc.integer({ min: -120, max: 2400 }), fc.integer({ min: 5, max: 240 })), {
      maxLength: 4,
    }),
    length: fc.integer({ min: 5, max: 180 }),
    buffer: fc.constantFrom(0, 5, 10, 15, 30),
    step: fc.constantFrom(...SLOT_STEPS),
    notice: fc.option(fc.integer({ min: 0, max: 1200 })),
  })
  .map((input): SlotRequest => {
    const from = at(`${input.day}T00:00:00`) + input.startHour * 3_600_000;
    const exceptions: HoursException[] =
      input.exceptionSpans === null ? [] : [{ day: input.day, spans: input.exceptionSpans }];
    return {
      timeZone: input.timeZone,
      weekly: input.weekly as WeeklyHours,
      exceptions,
      busy: input.busy.map(([start, long]) => ({
        start: from + start * MINUTE,
        end: from + (start + long) * MINUTE,
      })),
      length: input.length,
      buffer: input.buffer,
      step: input.step,
      from,
      to: from + input.hours * 3_600_000,
      ...(input.notice === null ? {} : { notBefore: from + input.notice * MINUTE }),
    };
  });

describe('free slots', () => {
  it('are exactly the minutes on the step where the meeting fits open hours and its buffer meets nothing taken', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        expect(freeSlots(request).map((slot) => slot.start)).toEqual(reference(request));
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it('last their real length across the night the clocks spring forward', () => {
    // Vancouver, 2026-03-08: 02:00 becomes 03:00. Open from 01:00 to 05:00 on the wall clock: three real hours.
    const slots = freeSlots({
      timeZone: 'America/Vancouver',
      weekly: [{ weekday: 7, start: '01:00', end: '05:00' }],
      exceptions: [],
      busy: [],
      length: 120,
      buffer: 0,
      step: 60,
      from: at('2026-03-08T00:00:00'),
      to: at('2026-03-09T00:00:00'),
    });
    // 01:00 PST is 09:00 UTC; 03:00 PDT is 10:00 UTC; 05:00 PDT is 12:00 UTC.
    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2026-03-08T09:00:00.000Z',
      '2026-03-08T10:00:00.000Z',
    ]);
    for (const slot of slots) expect(slot.end - slot.start).toBe(2 * 3_600_000);
  });

  /** The hourly slots of a Sunday open 01:00–02:00 on the zone's wall clock, 2026-11-01. */
  const oneInTheMorning = (timeZone: string) =>
    freeSlots({
      timeZone,
      weekly: [{ weekday: 7, start: '01:00', end: '02:00' }],
      exceptions: [],
      busy: [],
      length: 60,
      buffer: 0,
      step: 60,
      from: at('2026-11-01T00:00:00'),
      to: at('2026-11-02T00:00:00'),
    }).map((slot) => new Date(slot.start).toISOString());

  it('open the hour the clocks show twice, twice', () => {
    // Toronto, 2026-11-01: 02:00 EDT becomes 01:00 EST. Open 01:00–02:00 on the wall clock: two real hours.
    expect(oneInTheMorning('America/Toronto')).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z']);
  });

  it('follow the zone database the portal prints with: Vancouver keeps UTC−7 after 2026-11-01, so its 01:00 comes once', () => {
    expect(oneInTheMorning('America/Vancouver')).toEqual(['2026-11-01T08:00:00.000Z']);
  });

  it('keep the buffer after a booking free, and a day off closed', () => {
    const monday = '2026-06-15';
    const base = {
      timeZone: 'UTC',
      weekly: [{ weekday: 1, start: '09:00', end: '12:30' }],
      length: 60,
      buffer: 15,
      step: 30 as const,
      from: at(`${monday}T00:00:00`),
      to: at(`${monday}T23:59:00`),
    };
    const taken = { start: at(`${monday}T10:00:00`), end: at(`${monday}T11:15:00`) };
    expect(
      freeSlots({ ...base, exceptions: [], busy: [taken] }).map((slot) =>
        new Date(slot.start).toISOString().slice(11, 16),
      ),
    ).toEqual(['11:30']);
    expect(freeSlots({ ...base, exceptions: [{ day: monday, spans: [] }], busy: [] })).toEqual([]);
  });
});

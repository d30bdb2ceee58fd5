import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { calendarOf, type CalendarEvent } from '../src/lib/icalendar.ts';

/**
 * The invitations' iCalendar (docs/appointments.md, "Calendars"), read back by ical.js, a parser
 * written by others: whatever people type in a meeting's words, every version parses, says what
 * it was given, and keeps one UID with a SEQUENCE that grows from the invitation to its
 * cancellation.
 */

/** What people type, with what iCalendar must escape or fold mixed in: line breaks, commas, semicolons, backslashes, long words, accents and emoji. */
const words = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '\r\n', ',', ';', '\\', ':', '"', 'é', 'Salle de montre', '🏠', ' ', 'x'.repeat(80)),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));
const person = fc.record({
  name: fc.string({ unit: 'grapheme', maxLength: 60 }),
  email: fc.constantFrom('alex@example.com', 'sam.lee@example.org', 'consultant@demo.test'),
});
const eventArbitrary = fc.record({
  summary: words,
  description: words,
  location: words,
  start: fc.integer({
    min: Date.parse('2026-01-01T00:00:00Z') / 60_000,
    max: Date.parse('2030-01-01T00:00:00Z') / 60_000,
  }),
  minutes: fc.integer({ min: 15, max: 240 }),
  organizer: person,
  attendees: fc.array(person, { minLength: 1, maxLength: 3 }),
});

function parse(body: string) {
  const component = new ICAL.Component(ICAL.parse(body));
  const event = component.getFirstSubcomponent('vevent')!;
  return { component, event };
}

describe('an appointment as iCalendar', () => {
  it('parses, says what it was given, and keeps one UID with a growing SEQUENCE through a change and a cancellation', () => {
    fc.assert(
      fc.property(eventArbitrary, (input) => {
        const base: CalendarEvent = {
          uid: '01a23b45-0000-7000-8000-000000000001@portal.example.com',
          sequence: 0,
          method: 'REQUEST',
          start: new Date(input.start * 60_000),
          end: new Date((input.start + input.minutes) * 60_000),
          summary: input.summary,
          description: input.description,
          location: input.location,
          organizer: input.organizer,
          attendees: input.attendees,
          stamp: new Date('2026-12-02T12:00:00Z'),
        };
        const moved = {
          ...base,
          sequence: 1,
          start: new Date(base.start.getTime() + 3_600_000),
          end: new Date(base.end.getTime() + 3_600_000),
        };
        const versions = [base, moved, { ...moved, sequence: 2, method: 'CANCEL' as const }];
        const parsed = versions.map((version) => {
          const body = calendarOf(version);
          // Every line ends in CRLF and none is longer than 75 octets.
          for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
          return parse(body);
        });
        expect(new Set(parsed.map(({ event }) => event.getFirstPropertyValue('uid')))).toEqual(new Set([base.uid]));
        expect(parsed.map(({ event }) => Number(event.getFirstPropertyValue('sequence')))).toEqual([0, 1, 2]);
        expect(parsed.map(({ component }) => component.getFirstPropertyValue('method'))).toEqual([
          'REQUEST',
          'REQUEST',
          'CANCEL',
        ]);
        expect(parsed[2]!.event.getFirstPropertyValue('status')).toBe('CANCELLED');
        const first = parsed[0]!.event;
        expect(first.getFirstPropertyValue('summary')).toBe(input.summary.replace(/\r\n|\r/g, '\n'));
        expect(first.getFirstPropertyValue('description')).toBe(input.description.replace(/\r\n|\r/g, '\n'));
        expect(first.getFirstPropertyValue('location')).toBe(input.location.replace(/\r\n|\r/g, '\n'));
        const start = first.getFirstPropertyValue('dtstart') as ICAL.Time;
        expect(start.toJSDate().getTime()).toBe(base.start.getTime());
        const end = parsed[1]!.event.getFirstPropertyValue('dtend') as ICAL.Time;
        expect(end.toJSDate().getTime()).toBe(moved.end.getTime());
        expect(first.getAllProperties('attendee').map((property) => property.getFirstValue())).toEqual(
          input.attendees.map((attendee) => `mailto:${attendee.email}`),
        );
      }),
      { numRuns: 300 },
    );
  });
});

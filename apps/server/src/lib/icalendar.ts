/**
 * A meeting as an iCalendar (RFC 5545) invitation that Google Calendar, Outlook and Apple
 * Calendar accept (docs/appointments.md, "Calendars"): one VEVENT whose UID stays the same from
 * the first REQUEST through each change (SEQUENCE one more each time) to the CANCEL, moments in
 * UTC, text escaped and lines folded at 75 octets, CRLF between lines.
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  /** The same for every version of one meeting: `<appointment id>@<portal host>`. */
  uid: string;
  /** 0 for the first invitation, one more at each change or cancellation. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: CalendarPerson;
  attendees: readonly CalendarPerson[];
  /** When this version was made. */
  stamp: Date;
}

/** A moment as iCalendar writes it in UTC: 20261214T170000Z. */
const utc = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545, 3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (a person's name): quoted, without what a quoted value may not hold. */
const parameter = (value: string) =>
  `"${[...value.replace(/["\r\n]/g, ' ')].filter((character) => character.charCodeAt(0) >= 0x20).join('')}"`;

/** Folds a content line at 75 octets, never inside a character (RFC 5545, 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const octets = Buffer.byteLength(character);
    if (size + octets > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += octets;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The VEVENT of one version of a meeting. */
function eventLines(event: Omit<CalendarEvent, 'method'>, cancelled: boolean): string[] {
  const person = (role: string, who: CalendarPerson, extra = '') =>
    `${role};CN=${parameter(who.name || who.email)}${extra}:mailto:${who.email}`;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    person('ORGANIZER', event.organizer),
    ...event.attendees.map((attendee) =>
      person('ATTENDEE', attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE'),
    ),
    'END:VEVENT',
  ];
}

const calendar = (method: string, events: string[], extra: string[] = []) =>
  `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Decor Portal//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...extra,
    ...events,
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')}\r\n`;

/** The invitation (or its cancellation) as a `text/calendar` body. */
export function calendarOf(event: CalendarEvent): string {
  return calendar(event.method, eventLines(event, event.method === 'CANCEL'));
}

/**
 * A consultant's subscribed calendar (docs/appointments.md, "Feeds"): their booked meetings as
 * a published calendar that Google Calendar, Outlook and Apple Calendar refresh on their own.
 */
export function feedOf({
  name,
  events,
}: {
  name: string;
  events: ReadonlyArray<Omit<CalendarEvent, 'method'>>;
}): string {
  return calendar(
    'PUBLISH',
    events.flatMap((event) => eventLines(event, false)),
    [`X-WR-CALNAME:${text(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'],
  );
}

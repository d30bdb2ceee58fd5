/**
 * Dates as the product says them (docs/dates.md): one format everywhere — "November 27, 2026"
 * for a day, "November 27, 2026, 5:00 PM EST" for a moment — in the project's language and
 * its time zone, whoever reads it and wherever the server runs.
 */

/** Where dates are read: the project's locale and IANA time zone. */
export interface DateZone {
  locale: string;
  timeZone?: string | undefined;
}

/** The time zone of a project that has not chosen one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether `value` is an IANA time zone this runtime knows ("America/Toronto", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: DateZone, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = zone.timeZone && isTimeZone(zone.timeZone) ? zone.timeZone : DEFAULT_TIME_ZONE;
  const key = `${zone.locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(zone.locale, { ...options, timeZone });
    } catch {
      found = new Intl.DateTimeFormat('en', { ...options, timeZone });
    }
    formatters.set(key, found);
  }
  return found;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

export interface DateStyle {
  /** With the day of the week, where a person plans around the day (deadlines, reviews). */
  weekday?: boolean;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The day of a moment in the project's time zone: "November 27, 2026". */
export function formatDate(value: Date | string, zone: DateZone, style: DateStyle = {}): string {
  return formatter(zone, { ...DAY, ...(style.weekday ? { weekday: 'long' } : {}) }).format(toDate(value));
}

/** A moment in the project's time zone, with the zone's name: "November 27, 2026, 5:00 PM EST". */
export function formatDateTime(value: Date | string, zone: DateZone, style: DateStyle = {}): string {
  return formatter(zone, { ...DAY, ...TIME, ...(style.weekday ? { weekday: 'long' } : {}) }).format(toDate(value));
}

/** The time of a moment to the second, with the zone's name: "5:30:07 PM PST" (a live log). */
export function formatTime(value: Date | string, zone: DateZone): string {
  return formatter(zone, { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' }).format(toDate(value));
}

/**
 * A calendar day (a date with no time of its own, such as the day a review is due) as
 * "Friday, November 27, 2026": the same day for every reader, whatever their zone.
 */
export function formatCalendarDay(day: CalendarDay, locale: string, style: DateStyle = { weekday: true }): string {
  return formatter({ locale, timeZone: 'UTC' }, { ...DAY, ...(style.weekday ? { weekday: 'long' } : {}) }).format(
    new Date(Date.UTC(day.year, day.month - 1, day.day)),
  );
}

/** A day of the calendar, as people name it (month 1–12). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day a moment falls on in a time zone. */
export function calendarDayOf(value: Date, timeZone: string = DEFAULT_TIME_ZONE): CalendarDay {
  const parts = formatter({ locale: 'en-US', timeZone }, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(from.year, from.month - 1, from.day));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

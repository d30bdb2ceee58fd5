/**
 * Dates as the product says them (docs/dates.md): one format everywhere — "November 27, 2026"
 * for a day, "November 27, 2026, 5:00 PM EST" for a moment — in the project's language and
 * its time zone, whoever reads it and wherever the server runs.
 */

import { refused, type Refusal } from './numbers.ts';
import {
  abbreviationAt,
  instantOfWallClock,
  offsetAt,
  offsetLabel,
  zoneRulesOf,
  type WallClock,
} from './zone-rules.ts';

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
  if (zoneRulesOf(value)) return true;
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
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { ...CLOCK, timeZoneName: 'short' };

export interface DateStyle {
  /** With the day of the week, where a person plans around the day (deadlines, reviews). */
  weekday?: boolean;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const zoneName = (zone: DateZone) => (zone.timeZone && isTimeZone(zone.timeZone) ? zone.timeZone : DEFAULT_TIME_ZONE);

/** The zone's offset (minutes east of UTC) as this runtime's own Intl data has it: the fallback, and a check. */
function intlOffsetAt(timeZone: string, instant: number): number {
  const parts = formatter({ locale: 'en-US', timeZone }, { timeZoneName: 'shortOffset' }).formatToParts(
    new Date(instant),
  );
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The zone's offset at a moment: from the one zone database when this runtime holds the zone, else from Intl. */
export function zoneOffsetAt(timeZone: string, instant: number): number {
  const rules = zoneRulesOf(timeZone);
  return rules ? offsetAt(rules, instant) : intlOffsetAt(timeZone, instant);
}

/**
 * A moment as its zone's wall clock shows it (a Date to format in UTC), with the zone's short
 * name: computed from the one zone database, or null when this runtime has not been given the
 * zone (Intl's own data is used then). The name comes from that database alone, so that one
 * moment reads the same on every screen, mail and PDF (docs/dates.md): in English its
 * abbreviation (MST), in other languages, which have none of their own there, the offset (UTC−7).
 */
function onWallClock(value: Date, zone: DateZone): { shown: Date; label: string } | null {
  const rules = zoneRulesOf(zoneName(zone));
  if (!rules) return null;
  const instant = value.getTime();
  const offset = offsetAt(rules, instant);
  return { shown: new Date(instant + offset * 60_000), label: zoneLabelOf(rules, instant, offset, zone.locale) };
}

/** A zone's name at a moment for a reader of `locale` (onWallClock). */
function zoneLabelOf(
  rules: NonNullable<ReturnType<typeof zoneRulesOf>>,
  instant: number,
  offset: number,
  locale: string,
): string {
  const abbreviation = /^en\b/i.test(locale) ? abbreviationAt(rules, instant) : '';
  return /^[A-Z]{2,6}$/.test(abbreviation) ? abbreviation : offsetLabel(offset);
}

/** French writes the first of a month as an ordinal: « 1er décembre », not « 1 décembre ». */
function withFrenchFirst(text: string, locale: string): string {
  return /^fr\b/i.test(locale)
    ? text.replace(
        /(^|[^\d])1(\s|\u00a0)(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)/g,
        '$11er$2$3',
      )
    : text;
}

const utc = (zone: DateZone): DateZone => ({ locale: zone.locale, timeZone: 'UTC' });

/** The day of a moment in the project's time zone: "November 27, 2026". */
export function formatDate(value: Date | string, zone: DateZone, style: DateStyle = {}): string {
  const options = { ...DAY, ...(style.weekday ? { weekday: 'long' as const } : {}) };
  const wall = onWallClock(toDate(value), zone);
  return withFrenchFirst(
    wall ? formatter(utc(zone), options).format(wall.shown) : formatter(zone, options).format(toDate(value)),
    zone.locale,
  );
}

/** A moment in the project's time zone, with the zone's name: "November 27, 2026, 5:00 PM EST". */
export function formatDateTime(value: Date | string, zone: DateZone, style: DateStyle = {}): string {
  const day = { ...DAY, ...(style.weekday ? { weekday: 'long' as const } : {}) };
  const wall = onWallClock(toDate(value), zone);
  return withFrenchFirst(
    wall
      ? `${formatter(utc(zone), { ...day, ...CLOCK }).format(wall.shown)} ${wall.label}`
      : formatter(zone, { ...day, ...TIME }).format(toDate(value)),
    zone.locale,
  );
}

/** The time of a moment to the minute, with the zone's name: "9:30 AM PST" (a slot on a day already named). */
export function formatClock(value: Date | string, zone: DateZone): string {
  const wall = onWallClock(toDate(value), zone);
  return wall
    ? `${formatter(utc(zone), CLOCK).format(wall.shown)} ${wall.label}`
    : formatter(zone, TIME).format(toDate(value));
}

/** The time of a moment to the second, with the zone's name: "5:30:07 PM PST" (a live log). */
export function formatTime(value: Date | string, zone: DateZone): string {
  const clock: Intl.DateTimeFormatOptions = { ...CLOCK, second: '2-digit' };
  const wall = onWallClock(toDate(value), zone);
  return wall
    ? `${formatter(utc(zone), clock).format(wall.shown)} ${wall.label}`
    : formatter(zone, { ...clock, timeZoneName: 'short' }).format(toDate(value));
}

/**
 * A calendar day (a date with no time of its own, such as the day a review is due) as
 * "Friday, November 27, 2026": the same day for every reader, whatever their zone.
 */
export function formatCalendarDay(day: CalendarDay, locale: string, style: DateStyle = { weekday: true }): string {
  return withFrenchFirst(
    formatter({ locale, timeZone: 'UTC' }, { ...DAY, ...(style.weekday ? { weekday: 'long' } : {}) }).format(
      new Date(Date.UTC(day.year, day.month - 1, day.day)),
    ),
    locale,
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
  const rules = zoneRulesOf(timeZone);
  if (rules) {
    const shown = new Date(value.getTime() + offsetAt(rules, value.getTime()) * 60_000);
    return { year: shown.getUTCFullYear(), month: shown.getUTCMonth() + 1, day: shown.getUTCDate() };
  }
  const parts = formatter(
    { locale: 'en-US', timeZone },
    { year: 'numeric', month: 'numeric', day: 'numeric' },
  ).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The day (YYYY-MM-DD) a moment falls on in a time zone: how the schedule and the ledger name days. */
export function isoDayOf(value: Date | string, timeZone: string): string {
  const { year, month, day } = calendarDayOf(typeof value === 'string' ? new Date(value) : value, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A day written `YYYY-MM-DD` (a due day, the day money moved) as a calendar day. */
export function isoCalendarDay(text: string): CalendarDay {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
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

/** The end of a day in a zone, when a date alone means "by that day": 11:59 p.m. there. */
export const END_OF_DAY = { hour: 23, minute: 59 } as const;
/** The end of a working day, where a system sets a deadline: 5:00 p.m. on a weekday. */
export const END_OF_WORKING_DAY = { hour: 17, minute: 0 } as const;

export type ZonedReading = { ok: true; iso: string } | Refusal;

/**
 * What a person typed as a date and time (`2026-12-20T17:00`, as a `datetime-local` field gives
 * it) or a date alone (`2027-03-31`: the end of that day), read in the project's zone — never
 * the browser's or the server's. A time the clocks skipped or showed twice that day is refused
 * in words.
 */
export function readZonedDateTime(text: string, timeZone: string): ZonedReading {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return refused('date.give', 'Give a date as 2027-03-31, or a date and time as 2027-03-31 17:00.');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return refused('date.no-such-day', `There is no ${text.trim().slice(0, 10)} in the calendar.`, {
      day: text.trim().slice(0, 10),
    });
  }
  const time = match[4] === undefined ? END_OF_DAY : { hour: Number(match[4]), minute: Number(match[5]) };
  if (time.hour > 23 || time.minute > 59) return refused('date.time-range', 'Give a time from 00:00 to 23:59.');
  return instantInZone({ year, month, day, ...time }, timeZone);
}

/** The moment a wall-clock time in a zone is, or why there is none. */
export function instantInZone(wall: WallClock, timeZone: string): ZonedReading {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const reading = instantOfWallClock(wall, (instant) => zoneOffsetAt(zone, instant));
  const clock = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  if (reading.kind === 'skipped')
    return refused('date.skipped', `The clocks skip ${clock} that day (they move forward): choose another time.`, {
      clock,
    });
  if (reading.kind === 'ambiguous')
    return refused(
      'date.twice',
      `The clocks show ${clock} twice that day (they move back): choose a time outside that hour.`,
      { clock },
    );
  return { ok: true, iso: new Date(reading.instant).toISOString() };
}

/** The wall-clock time of a moment in a zone, as a `datetime-local` field shows it: `2026-12-20T17:00`. */
export function zonedInputValue(value: Date | string, timeZone: string): string {
  const instant = toDate(value).getTime();
  const shown = new Date(instant + zoneOffsetAt(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE, instant) * 60_000);
  return shown.toISOString().slice(0, 16);
}

/**
 * A deadline a system sets `days` days from `from`: the end of a working day in the project's
 * zone (5:00 p.m.; a Saturday or Sunday moves on to the Monday), never a minute past midnight or
 * a holiday evening by arithmetic.
 */
export function workingDeadline(from: Date, days: number, timeZone: string): Date {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const today = calendarDayOf(from, zone);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  const reading = instantInZone({ ...day, ...END_OF_WORKING_DAY }, zone);
  return reading.ok ? new Date(reading.iso) : new Date(Date.UTC(day.year, day.month - 1, day.day, 17));
}

/**
 * A zone as people say it, named as every date in it is (onWallClock): "Toronto (EST)",
 * "Vancouver (MST)" in English, "Vancouver (UTC−7)" in French, "UTC". A zone this runtime was
 * not given rules for is named by Intl: "Central European Time (Paris)".
 */
export function describeTimeZone(timeZone: string, locale = 'en-CA'): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
  const rules = zoneRulesOf(timeZone);
  if (rules) {
    const now = Date.now();
    return `${city} (${zoneLabelOf(rules, now, offsetAt(rules, now), locale)})`;
  }
  let generic = '';
  try {
    generic =
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    // An unknown zone or locale: the city alone.
  }
  return generic && !/^GMT|^UTC/.test(generic) ? `${generic} (${city})` : city;
}

/** The zone most of a region's people live in, for the regions projects are most often in. */
const REGION_ZONES: Record<string, string> = {
  CA: 'America/Toronto',
  US: 'America/New_York',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  PT: 'Europe/Lisbon',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  JP: 'Asia/Tokyo',
  SG: 'Asia/Singapore',
  AE: 'Asia/Dubai',
  IN: 'Asia/Kolkata',
};

/**
 * A project's likely zone when nothing better is known (the browser says UTC, as a server or a
 * fresh machine does): the main zone of its locale's region, else UTC. Only a suggestion: the
 * zone is shown, named and chosen beside it (docs/dates.md).
 */
export function likelyTimeZone(browserZone: string | undefined, locale: string): string {
  if (browserZone && isTimeZone(browserZone) && !/^(UTC|Etc\/|GMT)/.test(browserZone)) return browserZone;
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return (region && REGION_ZONES[region]) ?? 'UTC';
}

import { useMemo } from 'react';
import { DEFAULT_TIME_ZONE, formatCalendarDay, formatDate, formatDateTime, formatTime, type CalendarDay, type DateStyle, type DateZone } from '@decor/core';
import { useProject } from './project.ts';

export interface Dates {
  /** "November 27, 2026", in the project's time zone; a dash for no date. */
  date: (value: string | Date | null | undefined, style?: DateStyle) => string;
  /** "November 27, 2026, 5:30 PM PST", in the project's time zone; a dash for no date. */
  dateTime: (value: string | Date | null | undefined, style?: DateStyle) => string;
  /** A calendar day, "Friday, November 27, 2026". */
  day: (day: CalendarDay) => string;
  /** A time to the second, "5:30:07 PM PST". */
  time: (value: string | Date) => string;
  zone: DateZone;
}

/** Dates made for a zone: the one format of the product (docs/dates.md). */
export function datesFor(zone: DateZone): Dates {
  return {
    date: (value, style) => (value ? formatDate(value, zone, style) : '—'),
    dateTime: (value, style) => (value ? formatDateTime(value, zone, style) : '—'),
    day: (day) => formatCalendarDay(day, zone.locale),
    time: (value) => formatTime(value, zone),
    zone,
  };
}

/** Dates in this project's language and time zone, whoever reads them and wherever they are. */
export function useDates(): Dates {
  const { data: project } = useProject();
  const locale = project?.options.locale ?? 'en-CA';
  const timeZone = project?.options.timeZone;
  return useMemo(() => datesFor({ locale, timeZone }), [locale, timeZone]);
}

let zones: string[] | undefined;

/** Every IANA time zone this browser knows, UTC first (the time zone pickers); listed once, when first asked. */
export function timeZones(): string[] {
  zones ??= [
    DEFAULT_TIME_ZONE,
    ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE) : []),
  ];
  return zones;
}

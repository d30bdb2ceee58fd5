import { createContext, useContext, useMemo } from 'react';
import {
  DEFAULT_TIME_ZONE,
  formattingLocale,
  PLATFORM_LOCALE,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  type CalendarDay,
  type DateStyle,
  type DateZone,
} from '@decor/core';
import { useProject } from './project.ts';
import { useLanguage } from './language.ts';

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

/** Dates made for a zone: the one format of the product (docs/dates.md). `rulesAt` marks which rules they were made with. */
export function datesFor(zone: DateZone & { rulesAt?: number }): Dates {
  return {
    date: (value, style) => (value ? formatDate(value, zone, style) : '—'),
    dateTime: (value, style) => (value ? formatDateTime(value, zone, style) : '—'),
    day: (day) => formatCalendarDay(day, zone.locale),
    time: (value) => formatTime(value, zone),
    zone,
  };
}

/**
 * The reader's own language and zone, where the page is theirs rather than a project's: the
 * platform's back office (`/admin`) prints dates for the administrator reading it, not for the
 * project they happen to be on (lib/personal-dates.tsx provides it).
 */
export const PersonalZoneContext = createContext<(DateZone & { rulesAt: number }) | null>(null);

/** Dates in this project's language and time zone (or, on the platform's pages, the reader's), whoever reads them and wherever they are. */
export function useDates(): Dates {
  const personal = useContext(PersonalZoneContext);
  const { data: project } = useProject();
  // The reader's language writes the dates (a French reader of an en-CA project reads « 27 novembre 2026 »).
  const reader = useLanguage();
  // The platform's pages write dates as a project of the platform's own locale would, in the reader's language.
  const locale = personal ? formattingLocale(reader.language, PLATFORM_LOCALE) : reader.locale;
  const timeZone = personal ? personal.timeZone : project?.options.timeZone;
  // `rulesAt` changes when the reader's zone rules arrive: the dates are made again from them.
  const rulesAt = personal?.rulesAt ?? 0;
  return useMemo(() => datesFor({ locale, timeZone, rulesAt }), [locale, timeZone, rulesAt]);
}

/** Where the page reads and types dates: its time zone (UTC when none is chosen) and language. */
export function useZone(): { timeZone: string; locale: string } {
  const { zone } = useDates();
  return { timeZone: zone.timeZone ?? DEFAULT_TIME_ZONE, locale: zone.locale };
}

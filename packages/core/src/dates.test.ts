import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import database from 'moment-timezone/data/packed/latest.json';
import { addBusinessDays, calendarDayOf, formatCalendarDay, formatDate, formatDateTime, isTimeZone } from './dates.ts';
import { provideZoneDatabase } from './zone-rules.ts';

// As the server is at its start (and a browser for the zones it shows): given the zone database,
// whose abbreviations English names a zone by. Stated here, not left to whichever file ran before.
beforeAll(() => provideZoneDatabase(database));

describe('dates in the project’s zone', () => {
  const moment = '2026-11-27T22:30:00Z';

  it('says a day and a moment in one format, in the project’s time zone and language', () => {
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'America/Toronto' })).toBe('November 27, 2026');
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'America/Toronto' })).toBe(
      'November 27, 2026 at 5:30 PM EST',
    );
    // The same moment is already the next day in Tokyo.
    expect(formatDate(moment, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('November 28, 2026');
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'Asia/Tokyo' }, { weekday: true })).toBe(
      'Saturday, November 28, 2026 at 7:30 AM JST',
    );
    expect(formatDate(moment, { locale: 'fr-CA', timeZone: 'America/Montreal' })).toBe('27 novembre 2026');
  });

  it('falls back to UTC for a project without a zone or with one the runtime does not know', () => {
    expect(formatDateTime(moment, { locale: 'en-US' })).toBe('November 27, 2026 at 10:30 PM UTC');
    expect(formatDateTime(moment, { locale: 'en-US', timeZone: 'Mars/Olympus' })).toBe(
      'November 27, 2026 at 10:30 PM UTC',
    );
  });

  it('knows a time zone from a string that is not one', () => {
    for (const zone of ['UTC', 'America/Toronto', 'Europe/Paris', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Toronto', 'Mars/Olympus', '../etc', 'America/Toronto; drop', ' UTC'])
      expect(isTimeZone(zone)).toBe(false);
  });

  it('names a calendar day the same for every reader', () => {
    expect(formatCalendarDay({ year: 2026, month: 11, day: 27 }, 'en-US')).toBe('Friday, November 27, 2026');
    expect(formatCalendarDay({ year: 2026, month: 11, day: 27 }, 'en-US', { weekday: false })).toBe(
      'November 27, 2026',
    );
  });

  it('finds the day of a moment in a zone', () => {
    expect(calendarDayOf(new Date(moment), 'America/Toronto')).toEqual({ year: 2026, month: 11, day: 27 });
    expect(calendarDayOf(new Date(moment), 'Pacific/Kiritimati')).toEqual({ year: 2026, month: 11, day: 28 });
  });

  it('adds business days onto a weekday, never a weekend, and as many weekdays as asked', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 60 }),
        (date, days) => {
          const from = calendarDayOf(date, 'UTC');
          const to = addBusinessDays(from, days);
          const start = Date.UTC(from.year, from.month - 1, from.day);
          const end = Date.UTC(to.year, to.month - 1, to.day);
          expect([0, 6]).not.toContain(new Date(end).getUTCDay());
          let weekdays = 0;
          for (let t = start + 86_400_000; t <= end; t += 86_400_000)
            if (![0, 6].includes(new Date(t).getUTCDay())) weekdays++;
          expect(weekdays).toBe(days);
        },
      ),
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import database from 'moment-timezone/data/packed/latest.json';
import {
  describeTimeZone,
  formatCalendarDay,
  formatDate,
  likelyTimeZone,
  formatDateTime,
  readZonedDateTime,
  workingDeadline,
  zonedInputValue,
} from './dates.ts';
import {
  instantOfWallClock,
  offsetAt,
  provideZone,
  provideZoneDatabase,
  unpackZone,
  wallClockOf,
  zoneRulesOf,
} from './zone-rules.ts';

beforeAll(() => {
  provideZoneDatabase(database);
});

const rules = (zone: string) => {
  const found = zoneRulesOf(zone);
  if (!found) throw new Error(`no rules for ${zone}`);
  return found;
};

describe('the packed zone database', () => {
  it('reads a packed line: offsets east of UTC, each period ending where the next begins', () => {
    // A made-up zone: UTC+1 ("AAA") until one hour after 1970 began, then UTC−2 ("BBB").
    const zone = unpackZone('Test/Zone|AAA BBB|-10 20|01|10');
    expect(zone.offsets).toEqual([60, -120]);
    expect(zone.untils).toEqual([3_600_000, Infinity]);
    expect(offsetAt(zone, 0)).toBe(60);
    expect(offsetAt(zone, 3_600_000)).toBe(-120);
  });

  it('knows zones by their links too, and the offsets people live by', () => {
    expect(offsetAt(rules('America/Toronto'), Date.UTC(2027, 0, 15))).toBe(-300);
    expect(offsetAt(rules('America/Toronto'), Date.UTC(2027, 6, 15))).toBe(-240);
    expect(offsetAt(rules('Asia/Kolkata'), Date.UTC(2027, 0, 15))).toBe(330);
    expect(offsetAt(rules('Canada/Pacific'), Date.UTC(2026, 0, 15))).toBe(
      offsetAt(rules('America/Vancouver'), Date.UTC(2026, 0, 15)),
    );
  });

  it('has British Columbia on UTC−7 the year round from November 2026, as the IANA database since 2026a does', () => {
    expect(offsetAt(rules('America/Vancouver'), Date.UTC(2026, 0, 15))).toBe(-480);
    expect(offsetAt(rules('America/Vancouver'), Date.UTC(2027, 0, 15))).toBe(-420);
    expect(offsetAt(rules('America/Vancouver'), Date.UTC(2027, 6, 15))).toBe(-420);
  });
});

describe('wall-clock times and moments', () => {
  it('turns every moment into its wall-clock time and back (property, zones of every continent)', () => {
    const zones = [
      'America/Toronto',
      'America/Vancouver',
      'America/St_Johns',
      'Europe/Paris',
      'Australia/Lord_Howe',
      'Asia/Tokyo',
      'Pacific/Chatham',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2035, 0, 1) / 60_000 }),
        (zone, minute) => {
          const instant = minute * 60_000;
          const reading = instantOfWallClock(wallClockOf(instant, rules(zone)), (at) => offsetAt(rules(zone), at));
          if (reading.kind === 'instant') expect(reading.instant).toBe(instant);
          else expect(reading).toMatchObject({ kind: 'ambiguous', instants: expect.arrayContaining([instant]) });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses a time the clocks skip and one they show twice, in words', () => {
    expect(readZonedDateTime('2027-03-14T02:30', 'America/Toronto')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('skip 02:30'),
    });
    expect(readZonedDateTime('2027-11-07T01:30', 'America/Toronto')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('show 01:30 twice'),
    });
  });

  it('reads what a person types in the project’s zone: a time as typed, a date alone as the end of that day', () => {
    expect(readZonedDateTime('2026-12-20T17:00', 'America/Toronto')).toEqual({
      ok: true,
      iso: '2026-12-20T22:00:00.000Z',
    });
    expect(readZonedDateTime('2026-12-20T07:30', 'Asia/Tokyo')).toEqual({ ok: true, iso: '2026-12-19T22:30:00.000Z' });
    expect(readZonedDateTime('2027-03-31', 'America/Toronto')).toEqual({ ok: true, iso: '2027-04-01T03:59:00.000Z' });
    expect(readZonedDateTime('2027-02-30', 'America/Toronto')).toMatchObject({
      ok: false,
      problem: 'There is no 2027-02-30 in the calendar.',
    });
    expect(readZonedDateTime('20/12/2026', 'America/Toronto').ok).toBe(false);
  });

  it('shows a moment in a date-time field as the project’s clock reads it, whatever the machine’s zone', () => {
    expect(zonedInputValue('2026-12-20T22:00:00.000Z', 'America/Toronto')).toBe('2026-12-20T17:00');
    expect(zonedInputValue('2026-12-20T22:00:00.000Z', 'Asia/Tokyo')).toBe('2026-12-21T07:00');
  });

  it('sets a system’s deadline at the end of a working day in the project’s zone, never on a weekend', () => {
    // Wednesday 25 November 2026, 10:54 p.m. in Toronto; 30 days on is Friday 25 December.
    const from = new Date('2026-11-26T03:54:00.000Z');
    expect(workingDeadline(from, 30, 'America/Toronto').toISOString()).toBe('2026-12-25T22:00:00.000Z');
    // 31 days on is a Saturday: the Monday after.
    expect(workingDeadline(from, 31, 'America/Toronto').toISOString()).toBe('2026-12-28T22:00:00.000Z');
  });
});

describe('a moment printed from the one database', () => {
  it('reads the same wall-clock time whatever zone data the runtime’s Intl carries', () => {
    // 17:48 UTC on 19 December 2026: 10:48 a.m. in Vancouver under its year-round UTC−7.
    expect(formatDateTime('2026-12-19T17:48:00.000Z', { locale: 'en-CA', timeZone: 'America/Vancouver' })).toBe(
      'December 19, 2026 at 10:48 a.m. MST',
    );
    expect(formatDateTime('2026-12-19T17:48:00.000Z', { locale: 'en-CA', timeZone: 'America/Toronto' })).toBe(
      'December 19, 2026 at 12:48 p.m. EST',
    );
  });
});

describe('describeTimeZone', () => {
  it('names a zone as every date in it is named: its city and, in English, its abbreviation; in French, its offset', () => {
    expect(describeTimeZone('Asia/Tokyo')).toBe('Tokyo (JST)');
    expect(describeTimeZone('Asia/Tokyo', 'fr-CA')).toBe('Tokyo (UTC+9)');
    // British Columbia keeps UTC−7 the year round from November 2026: MST, whatever an older runtime calls it.
    expect(describeTimeZone('America/Vancouver')).toBe('Vancouver (MST)');
    expect(describeTimeZone('America/Vancouver', 'fr-CA')).toBe('Vancouver (UTC−7)');
    expect(describeTimeZone('UTC')).toBe('UTC');
  });

  it('names one moment the same on every page, mail and PDF of a language (the zone database, never the runtime’s own names)', () => {
    const december = '2026-12-07T02:05:00Z';
    expect(formatDateTime(december, { locale: 'en-CA', timeZone: 'America/Vancouver' })).toMatch(/ 7:05 p\.m\. MST$/);
    expect(formatDateTime(december, { locale: 'fr-CA', timeZone: 'America/Vancouver' })).toMatch(/19 h 05 UTC−7$/);
    expect(formatDateTime('2026-07-07T02:05:00Z', { locale: 'fr-CA', timeZone: 'America/Toronto' })).toMatch(/ UTC−4$/);
  });

  it('writes the first of a month in French as an ordinal', () => {
    expect(formatDate('2026-12-01T18:00:00Z', { locale: 'fr-CA', timeZone: 'America/Toronto' })).toBe(
      '1er décembre 2026',
    );
    expect(formatCalendarDay({ year: 2027, month: 3, day: 1 }, 'fr-CA')).toBe('lundi 1er mars 2027');
    expect(formatDate('2026-12-11T18:00:00Z', { locale: 'fr-CA', timeZone: 'America/Toronto' })).toBe(
      '11 décembre 2026',
    );
    expect(formatDate('2026-12-01T18:00:00Z', { locale: 'en-CA', timeZone: 'America/Toronto' })).toBe(
      'December 1, 2026',
    );
  });

  it('names the offset instead when the runtime’s older rules disagree with the zone database', () => {
    // A zone whose rules changed after the runtime's data: here Stanley on a clock no runtime has (UTC+3).
    try {
      provideZone('Atlantic/Stanley', 'Atlantic/Stanley|+03|-30|0||');
      expect(describeTimeZone('Atlantic/Stanley')).toBe('Stanley (UTC+3)');
      provideZone('Asia/Kolkata', 'Asia/Kolkata|+0630|-6u|0||');
      expect(describeTimeZone('Asia/Kolkata')).toBe('Kolkata (UTC+6:30)');
    } finally {
      // The real rules back: the files of this suite share the runtime's zone store.
      provideZoneDatabase(database);
    }
  });
});

describe('likelyTimeZone', () => {
  it('keeps a browser’s own zone, and on a machine that says UTC takes the main zone of the locale’s region', () => {
    expect(likelyTimeZone('America/Vancouver', 'en-CA')).toBe('America/Vancouver');
    expect(likelyTimeZone('UTC', 'en-CA')).toBe('America/Toronto');
    expect(likelyTimeZone('Etc/UTC', 'fr-FR')).toBe('Europe/Paris');
    expect(likelyTimeZone(undefined, 'ja-JP')).toBe('Asia/Tokyo');
    // A language alone reaches its usual region (fr → France); a region the list lacks stays on UTC.
    expect(likelyTimeZone('UTC', 'fr')).toBe('Europe/Paris');
    expect(likelyTimeZone('UTC', 'is-IS')).toBe('UTC');
    expect(likelyTimeZone('UTC', 'not a locale')).toBe('UTC');
  });
});

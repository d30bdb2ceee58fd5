/**
 * One time-zone database for every end (docs/dates.md, "One zone database"): the server holds
 * the whole IANA database (as the npm registry ships it, packed), and gives a browser the rules
 * of the zones it prints in. Wall-clock times are computed from these rules on both ends, so the
 * same moment reads the same on every screen, mail and PDF, whatever zone data the browser or
 * the Node version underneath carries (they lag behind the IANA's releases, and differ).
 *
 * The packed form (the one the registry's `moment-timezone` data uses): `name|abbreviations|
 * offsets|indices|untils|population`, numbers in base 60 (`0-9a-zA-X`), offsets in minutes west
 * of UTC, untils as minutes since the previous change (the first since 1970).
 */

import { packedZone } from './zone-store.ts';

export { packedZone, provideZone, provideZoneDatabase, zoneDatabaseVersion, type ZoneDatabase } from './zone-store.ts';

/** A zone's rules: which offset (minutes east of UTC) and abbreviation hold until which moment. */
export interface ZoneRules {
  name: string;
  abbreviations: string[];
  /** Minutes east of UTC (Toronto in winter: -300). */
  offsets: number[];
  /** For each period, which offset and abbreviation hold. */
  indices: number[];
  /** The end of each period, in milliseconds since 1970; the last is Infinity. */
  untils: number[];
}

/** A zone database as the server provides it: its IANA version, packed zones and links (`Target|Alias`). */

function base60(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 122) return code - 87; // a-z: 10-35
  if (code >= 65 && code <= 88) return code - 29; // A-X: 36-59
  throw new Error(`not a base-60 digit: ${char}`);
}

function base60Number(text: string): number {
  let sign = 1;
  let rest = text;
  if (rest.startsWith('-')) {
    sign = -1;
    rest = rest.slice(1);
  }
  const [whole = '', fraction = ''] = rest.split('.');
  let value = 0;
  for (const char of whole) value = value * 60 + base60(char);
  let scale = 1 / 60;
  for (const char of fraction) {
    value += base60(char) * scale;
    scale /= 60;
  }
  return sign * value;
}

/** A zone's rules from its packed line; `name` names it (an alias names its target's rules). */
export function unpackZone(packed: string, name?: string): ZoneRules {
  const [packedName = '', abbreviations = '', offsets = '', indices = '', untils = ''] = packed.split('|');
  let at = 0;
  const ends = untils
    .split(' ')
    .filter(Boolean)
    .map((delta) => {
      at += base60Number(delta) * 60_000;
      return at;
    });
  return {
    name: name ?? packedName,
    abbreviations: abbreviations.split(' '),
    // The packed offsets are minutes west; people (and ISO 8601) count east.
    offsets: offsets.split(' ').map((offset) => Math.round(-base60Number(offset))),
    indices: [...indices].map(base60),
    untils: [...ends, Infinity],
  };
}

/** Zones already unpacked, with the line each was unpacked from (a zone given anew is unpacked again). */
const unpacked = new Map<string, { line: string; rules: ZoneRules }>();

/** The zone's rules, when this runtime has been given them. */
export function zoneRulesOf(name: string): ZoneRules | undefined {
  const line = packedZone(name);
  if (!line) return undefined;
  let cached = unpacked.get(name);
  if (cached?.line !== line) {
    cached = { line, rules: unpackZone(line, name) };
    unpacked.set(name, cached);
  }
  return cached.rules;
}

function periodAt(rules: ZoneRules, instant: number): number {
  // Few periods are searched: most moments asked about are recent, near the end.
  for (let i = 0; i < rules.untils.length; i++) if (instant < rules.untils[i]!) return rules.indices[i] ?? 0;
  return rules.indices.at(-1) ?? 0;
}

/** Minutes east of UTC at a moment (Toronto in January: -300). */
export function offsetAt(rules: ZoneRules, instant: number): number {
  return rules.offsets[periodAt(rules, instant)] ?? 0;
}

/** The database's abbreviation at a moment ("EST", or "+09" where the zone has no letters). */
export function abbreviationAt(rules: ZoneRules, instant: number): string {
  return rules.abbreviations[periodAt(rules, instant)] ?? 'UTC';
}

/** A wall-clock time as a person reads it off a clock in the zone (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export type WallClockReading =
  | { kind: 'instant'; instant: number }
  /** The clocks jumped over it (the spring change): no such time that day. */
  | { kind: 'skipped' }
  /** The clocks showed it twice (the autumn change): the earlier and the later moment. */
  | { kind: 'ambiguous'; instants: [number, number] };

/**
 * The moment a wall-clock time in a zone is (given the zone's offset at any moment): refused
 * when the clocks skipped it or showed it twice.
 */
export function instantOfWallClock(wall: WallClock, offsetOf: (instant: number) => number): WallClockReading {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Every offset the zone used within a day either side could be the one in force.
  const candidates = new Set([offsetOf(asUtc - 86_400_000), offsetOf(asUtc), offsetOf(asUtc + 86_400_000)]);
  const instants = [...candidates]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => offsetOf(instant) * 60_000 === asUtc - instant)
    .sort((a, b) => a - b);
  const distinct = [...new Set(instants)];
  if (distinct.length === 0) return { kind: 'skipped' };
  if (distinct.length > 1) return { kind: 'ambiguous', instants: [distinct[0]!, distinct[1]!] };
  return { kind: 'instant', instant: distinct[0]! };
}

/** The wall-clock time of a moment in the zone. */
export function wallClockOf(instant: number, rules: ZoneRules): WallClock {
  const shifted = new Date(instant + offsetAt(rules, instant) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** An offset as people write it: "UTC−7", "UTC+5:30", "UTC". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

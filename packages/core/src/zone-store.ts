/*
 * The zone database's packed lines as this runtime was given them (docs/dates.md): the server
 * holds them all, a browser the project's zone and the reader's. Kept apart from the reader of
 * the rules (zone-rules.ts) because every page stores its project's zone, while only pages that
 * print a date unpack one.
 */

/** The database as moment-timezone packs it: one line per zone, and aliases. */
export interface ZoneDatabase {
  version: string;
  zones: string[];
  links: string[];
}

const packedByName = new Map<string, string>();
let databaseVersion: string | null = null;

/** Gives this runtime the whole database (the server, at start): zones are unpacked when first asked. */
export function provideZoneDatabase(database: ZoneDatabase): void {
  databaseVersion = database.version;
  for (const line of database.zones) packedByName.set(line.slice(0, line.indexOf('|')), line);
  for (const link of database.links) {
    const [target = '', alias = ''] = link.split('|');
    const line = packedByName.get(target);
    if (line) packedByName.set(alias, line);
  }
}

/** Gives this runtime one zone's rules (a browser, from the server's answer). */
export function provideZone(name: string, packed: string, version?: string): void {
  packedByName.set(name, packed);
  if (version) databaseVersion = version;
}

/** The zone's packed line, when this runtime has it (the server gives it to browsers). */
export function packedZone(name: string): string | undefined {
  return packedByName.get(name);
}

/** The IANA version of the database this runtime holds, if any. */
export function zoneDatabaseVersion(): string | null {
  return databaseVersion;
}

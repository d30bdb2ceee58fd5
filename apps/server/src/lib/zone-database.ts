/**
 * The IANA time-zone database the portal prints every moment with (docs/dates.md, "One zone
 * database"), as the npm registry ships it packed (the `moment-timezone` package's data; only
 * its data is used). Given to core once, when the server starts; browsers get the zones they
 * print in from the server, so every screen, mail and PDF reads the same wall-clock time.
 */
import database from 'moment-timezone/data/packed/latest.json' with { type: 'json' };
import { provideZoneDatabase } from '@decor/core';

provideZoneDatabase(database);

/** The database's IANA release ("2026f"). */
export const ZONE_DATABASE_VERSION: string = database.version;

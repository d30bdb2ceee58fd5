/**
 * What the server suites' databases start from (docs/testing.md, "How the suite runs"): the
 * migrated template made once per run by the global setups, so that no test file migrates its
 * own. On PostgreSQL a seeded template is made beside it and cloned; on PGlite a file that
 * starts seeded seeds its own copy (about 0.1 s, as long as loading a seeded copy took).
 */
import type { Db } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/seed/seed.ts';

export const TEST_PORTAL_HOST = 'portal.test';
export const TEST_DEMO_PASSWORD = 'demo-password-for-tests-1';

/** The seeded template's PostgreSQL database, beside the migrated one (TEMPLATE_DATABASE). */
export const SEEDED_TEMPLATE_DATABASE = 'decor_template_seeded';

/** The demo projects and accounts, as `createTestApp({ seed: true })` expects them. */
export const seedForTests = (db: Db) => seedDemo({ db, password: TEST_DEMO_PASSWORD, portalHost: TEST_PORTAL_HOST });

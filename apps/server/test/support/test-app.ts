/**
 * Builds the real server for one test file on the database the suite runs on:
 * TEST_DB=pglite gives a fresh in-memory PGlite, TEST_DB=postgres a fresh database
 * cloned from the migrated template on the throwaway cluster.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { PGlite } from '@electric-sql/pglite';
import { onPglite, openDatabase, openPglite, type Database } from '../../src/db/client.ts';
import { SEEDED_TEMPLATE_DATABASE, seedForTests, TEST_PORTAL_HOST } from './seeded.ts';
import type { FileStorage } from '../../src/modules/files/storage.ts';
import type { StorageKind } from '../../src/modules/files/storages.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { contractOf, type Answer, type OpenApiDocument } from './contract.ts';
import { databaseUrl, TEMPLATE_DATABASE } from '../../../../scripts/lib/postgres-cluster.ts';

export { TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './seeded.ts';
export const TEST_AUTH_SECRET = 'a-test-secret-that-is-long-enough-for-signing-tokens';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database cloned from the migrated template on the throwaway cluster (or from the seeded one), and how to drop it. */
export async function createPostgresTestDatabase({ seeded = false } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_PG_SERVER_URL is not set: run the suite through vitest (global setup).');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${seeded ? SEEDED_TEMPLATE_DATABASE : TEMPLATE_DATABASE}`);
  await admin.end();
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The worker's in-memory PGlite databases that no file is using, each as the template left it:
 * migrated, every table empty (docs/testing.md, "How the suite runs"). Starting a PGlite takes
 * about a second and a half of processor time; emptying one a few milliseconds.
 */
const idlePglites: PGlite[] = [];
let pgliteTemplate: Blob | null = null;
/** Every table of the schema, as the template has them: what a file leaves is emptied. */
let schemaTables: string | null = null;

async function emptyPglite(): Promise<PGlite> {
  const reused = idlePglites.pop();
  if (reused) return reused;
  // The migrated data directory the suite's global setup made (vitest.pglite-setup.ts).
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (!template) throw new Error('TEST_PGLITE_TEMPLATE is not set: run the suite through vitest (global setup).');
  pgliteTemplate ??= new Blob([fs.readFileSync(template)]);
  const client = await openPglite('memory://', { loadDataDir: pgliteTemplate });
  schemaTables ??= (
    await client.query<{ tables: string | null }>(
      `SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') AS tables FROM pg_tables WHERE schemaname = 'public'`,
    )
  ).rows[0]!.tables;
  return client;
}

/**
 * Empties a file's PGlite for the next file: every row of every table gone, identities
 * restarted, the session's settings, locks and listeners dropped. One that cannot be emptied
 * (a transaction left open, a broken connection) is closed instead, and the next file starts a new one.
 */
async function handBack(client: PGlite): Promise<void> {
  try {
    await client.exec(
      `SELECT pg_advisory_unlock_all(); ${schemaTables ? `TRUNCATE ${schemaTables} RESTART IDENTITY CASCADE;` : ''}`,
    );
    // On its own: DISCARD refuses to run in the transaction a query of several statements is.
    await client.exec('DISCARD ALL');
    idlePglites.push(client);
  } catch {
    await client.close().catch(() => {});
  }
}

/** A fresh, migrated database for this test file: empty, or with the demo projects seeded. */
export async function openTestDatabase({ seeded = false } = {}): Promise<Database> {
  if (testDbKind === 'pglite') {
    const client = await emptyPglite();
    let isClosed = false;
    const database = await onPglite(client, async () => {
      if (isClosed) return;
      isClosed = true;
      await handBack(client);
    });
    if (seeded) await seedForTests(database.db);
    return database;
  }
  const created = await createPostgresTestDatabase({ seeded });
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * What a stand-in build lists of its routes' files (the web app's `route-preloads.json`): the
 * entry's framework is among a route's imports, as in a real build, and already in the page.
 */
export const FAKE_ROUTE_PRELOADS = {
  routes: [
    { path: '/sign-in', layout: '_noauth', files: ['assets/sign-in-a1.js', 'assets/framework-f1.js'] },
    {
      path: '/configure',
      layout: '_user',
      files: ['assets/_user-u1.js', 'assets/configure-c1.js', 'assets/configure-c1.css', 'assets/i18n-t1.js'],
    },
    { path: '/inquire/{-$code}', layout: '_noauth', files: ['assets/inquire-q1.js', 'assets/i18n-t1.js'] },
    { path: '/manage/reports', layout: '_manager', files: ['assets/reports-m1.js', 'assets/i18n-t1.js'] },
  ],
  sentences: { en: ['assets/en-e1.js'], 'fr-CA': ['assets/fr-CA-r1.js'] },
  staffSentences: { en: ['assets/app-staff-s1.js'], 'fr-CA': ['assets/app-staff-s2.js'] },
  formatter: 'assets/i18n-t1.js',
  firstPage: { 'fr-CA': ['assets/first-page-p1.js'] },
  signedIn: ['assets/warm-up-w1.js', 'assets/framework-f1.js'],
};

/** A built web app stand-in: an index.html and one hashed asset, in a temp folder removed after the file's tests. */
export function fakeWebDist(): string {
  const dir = temporaryDir('decor-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Decor</title><link rel="modulepreload" crossorigin href="/assets/framework-f1.js"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(FAKE_ROUTE_PRELOADS));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log("app")'));
  return dir;
}

export interface TestAppInput {
  env?: Record<string, string>;
  seed?: boolean;
  /** Send mail through a real SMTP listener on loopback, returned as `mail`. */
  withMail?: boolean;
  /** Where uploads go, when not the data directory's disk. */
  storage?: { storage: FileStorage; kind: StorageKind };
}

/** A new folder in the system's temp folder, removed (with what is in it) after the file's tests. */
export function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterThis(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs `cleanup` after the test that asks, when a test asks, or else after the file's tests:
 * vitest never runs an `afterAll` registered from inside a running test.
 */
function afterThis(cleanup: () => void | Promise<void>): void {
  try {
    onTestFinished(cleanup);
  } catch {
    // Not inside a test (vitest says so by throwing): after the file's tests, or its describe's.
    afterAll(cleanup);
  }
}

/** The whole server on a fresh database, closed after the file's tests (or after the test that made it). */
export async function createTestApp({ env = {}, seed = true, withMail = false, storage }: TestAppInput = {}) {
  const mail = withMail ? await startMailCatcher() : null;
  const config: Config = loadConfig({
    ...(mail ? { SMTP_URL: mail.url } : {}),
    PORTAL_HOST: TEST_PORTAL_HOST,
    PORTAL_URL: `http://${TEST_PORTAL_HOST}`,
    LOG_LEVEL: 'silent',
    ...env,
    DATA_DIR: env.DATA_DIR ?? temporaryDir('decor-data-'),
    WEB_DIST_DIR: env.WEB_DIST_DIR ?? fakeWebDist(),
  });
  // Seeded by the global setup, as seedDemo leaves a database (support/seeded.ts).
  const database = await openTestDatabase({ seeded: seed });
  const app = await buildApp({ config, database, authSecret: TEST_AUTH_SECRET, ...(storage ? { storage } : {}) });
  const answers = recordAnswers(app, config.portalHost, JSON.stringify(env));
  afterThis(async () => {
    try {
      // Every answer this file's tests were given, checked against the API's document.
      const { violationOf } = await answers.contract();
      const violations = [...new Set(answers.list.map(violationOf).filter((v): v is string => v !== null))];
      if (violations.length)
        throw new Error(`answers that break the API's document (docs/api.md):\n${violations.slice(0, 60).join('\n')}`);
    } finally {
      await app.close();
      await database.close();
      await mail?.close();
    }
  });
  return { app, config, database, db: database.db, mail };
}

/** A path with its `.` and `..` segments resolved (`/api/carts/.` is asked as `/api/carts/`). */
function requestedPath(url: string): string {
  const resolved = new URL(url, 'http://answers.test');
  return `${resolved.pathname}${resolved.search}`;
}

/**
 * The API's contract of each app the suite builds, by its routes and the settings it was built
 * with: the same routes from the same code make the same document, which takes a good part of a
 * second to generate, so a worker asks for it once.
 */
const contracts = new Map<string, Promise<ReturnType<typeof contractOf>>>();

/** Keeps every answer `app.inject` gives (the original `inject` stays reachable to ask without recording). */
function recordAnswers(app: Awaited<ReturnType<typeof buildApp>>, portalHost: string, settings: string) {
  const list: Answer[] = [];
  const inject = app.inject.bind(app);
  // The document is asked for once the file's routes are all there, and before the app closes
  // (a test may close it itself).
  let contract: Promise<ReturnType<typeof contractOf>> | null = null;
  const contractOfApp = () => {
    if (contract) return contract;
    const key = `${settings}\n${app.printRoutes({ commonPrefix: false })}`;
    contract = contracts.get(key) ?? null;
    if (!contract) {
      contract = inject({ method: 'GET', url: '/api/openapi.json', headers: { host: portalHost } }).then((r) =>
        contractOf(r.json() as OpenApiDocument),
      );
      contracts.set(key, contract);
      contract.catch(() => contracts.delete(key));
    }
    return contract;
  };
  const close = app.close.bind(app);
  (app as unknown as { close: () => Promise<void> }).close = async () => {
    await contractOfApp().catch(() => undefined);
    await close();
  };
  type InjectOptions = string | { method?: string; url?: string; path?: string; [key: string]: unknown };
  const recording = async (options: InjectOptions) => {
    const response = await inject(options as never);
    const given =
      typeof options === 'string'
        ? { method: 'GET', url: options }
        : (options as unknown as { method?: string; url?: string; path?: string });
    list.push({
      method: given.method ?? 'GET',
      // The path as the request carried it: dot segments resolved, as every HTTP client (and inject) does.
      url: requestedPath(String(given.url ?? given.path ?? '/')),
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.rawPayload,
    });
    return response;
  };
  (app as unknown as { inject: typeof recording }).inject = recording;
  return { list, inject, contract: contractOfApp };
}

/** Headers of a request made on a project's subdomain. */
export function onProject(projectKey: string): Record<string, string> {
  return { host: `${projectKey}.${TEST_PORTAL_HOST}` };
}

/**
 * Runs once per `vitest run`: gives the server and browser suites a PostgreSQL server
 * (DATABASE_URL when set, else a throwaway cluster) and a migrated template database, and one
 * seeded with the demo projects, that each test file clones.
 */
import pg from 'pg';
import { databaseUrl, startCluster, TEMPLATE_DATABASE } from './scripts/lib/postgres-cluster.ts';
import { openDatabase } from './apps/server/src/db/client.ts';
import { SEEDED_TEMPLATE_DATABASE, seedForTests } from './apps/server/test/support/seeded.ts';

export default async function setup() {
  // Several suites list this setup; the first one to run starts the server.
  if (process.env.TEST_PG_SERVER_URL) return;
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const serverUrl = process.env.DATABASE_URL ?? cluster!.url;

  /** Runs one statement on the server's maintenance database. */
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await onServer(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await onServer(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = await openDatabase({ databaseUrl: databaseUrl(serverUrl, TEMPLATE_DATABASE), poolSize: 1 });
  await template.close();
  // The same with the demo projects seeded, for the server suite's files that start seeded.
  await onServer(`DROP DATABASE IF EXISTS ${SEEDED_TEMPLATE_DATABASE}`);
  await onServer(`CREATE DATABASE ${SEEDED_TEMPLATE_DATABASE} TEMPLATE ${TEMPLATE_DATABASE}`);
  const seeded = await openDatabase({ databaseUrl: databaseUrl(serverUrl, SEEDED_TEMPLATE_DATABASE), poolSize: 1 });
  await seedForTests(seeded.db).finally(() => seeded.close());

  // Test workers start after this and inherit the environment.
  process.env.TEST_PG_SERVER_URL = serverUrl;
  return () => cluster?.stop();
}

/**
 * Runs once per `vitest run`: gives the server and browser suites a PostgreSQL server
 * (DATABASE_URL when set, else a throwaway cluster) and a migrated template database
 * that each test file clones.
 */
import pg from 'pg';
import { databaseUrl, startCluster, TEMPLATE_DATABASE } from './scripts/lib/postgres-cluster.ts';
import { openDatabase } from './apps/server/src/db/client.ts';



export default async function setup() {
  // Several suites list this setup; the first one to run starts the server.
  if (process.env.TEST_PG_SERVER_URL) return;
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const serverUrl = process.env.DATABASE_URL ?? cluster!.url;

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({ databaseUrl: databaseUrl(serverUrl, TEMPLATE_DATABASE), poolSize: 1 });
  await template.close();

  // Test workers start after this and inherit the environment.
  process.env.TEST_PG_SERVER_URL = serverUrl;
  return () => cluster?.stop();
}

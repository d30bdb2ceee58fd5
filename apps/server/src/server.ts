import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, demoAccountsNotice, resolveDemoPassword } from './db/seed/demo-password.ts';
import { seedDemo } from './db/seed/seed.ts';
import { addDemoPhotos } from './db/seed/demo-photos.ts';
import { storageFor } from './modules/files/storages.ts';
import { AUTH_SECRET_FILE, resolveStoredSecret } from './lib/stored-secret.ts';
import { DirectoryInUseError } from './lib/dir-lock.ts';
import { limitHeapGrowth } from './lib/heap.ts';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Migrations, secrets and demo data: done once, before any process serves. */
const openConfigured = (config: Config) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });

async function prepare(config: Config) {
  // The uploads' storage, checked once (a bucket that cannot be reached is said before serving);
  // a process that serves after preparing uses this one.
  const files = storageFor(config);
  const { storage } = files;
  await storage.check?.();
  const database = await openConfigured(config);
  const authSecret = await resolveStoredSecret({
    dataDir: config.dataDir,
    fileName: AUTH_SECRET_FILE,
    fromEnv: config.authSecret,
    bytes: 48,
  });
  let demoNotice: string | null = null;
  if (config.seedDemo) {
    const { value: password, generated } = await resolveDemoPassword(config.dataDir, config.demoPassword);
    const { createdAccounts, createdProjects } = await seedDemo({
      db: database.db,
      password,
      portalHost: config.portalHost,
    });
    // A new demo project gets its product photos, drawn once (tests seed without them).
    for (const projectKey of createdProjects) await addDemoPhotos({ db: database.db, storage, projectKey });
    demoNotice = demoAccountsNotice({ password, generated, createdAccounts, dataDir: config.dataDir });
  }
  return { database, authSecret, demoNotice, files };
}

async function serve(config: Config, prepared?: Awaited<ReturnType<typeof prepare>>) {
  const startedAt = performance.now();
  const { database, authSecret, demoNotice, files } = prepared ?? {
    database: await openConfigured(config),
    authSecret: await resolveStoredSecret({
      dataDir: config.dataDir,
      fileName: AUTH_SECRET_FILE,
      fromEnv: config.authSecret,
      bytes: 48,
    }),
    demoNotice: null,
    files: undefined,
  };
  const app = await buildApp({
    config,
    database,
    authSecret,
    logger: { level: config.logLevel },
    runMailJobs: true,
    storage: files,
  });

  // Stopping (docs/operations.md, "Stopping"): /readyz says no at once, so the load balancer
  // stops sending; after SHUTDOWN_DELAY_MS new connections are refused, the requests, uploads
  // and mails in flight finish, then the database closes. Past SHUTDOWN_TIMEOUT_MS it exits anyway.
  let closing = false;
  const close = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.readiness.state = 'stopping';
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        'requests still running at the shutdown time-out; exiting',
      );
      process.exit(1);
    }, config.shutdownDelayMs + config.shutdownTimeoutMs);
    force.unref();
    if (config.shutdownDelayMs) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  // An error nobody caught is logged as one JSON line, then the process stops the same careful way.
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    void close('uncaughtException', 1);
  });
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });

  await app.listen({ port: config.port, host: config.host });
  if (demoNotice) printDemoAccounts(config, demoNotice);
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt), pid: process.pid },
    `Decor Portal is ready: http://demo.${config.portalHost}:${config.port}`,
  );
}

function printDemoAccounts(config: Config, notice: string) {
  const lines = [
    '',
    notice,
    ...DEMO_ACCOUNTS.map(({ email, role }) => `  ${email.padEnd(22)} ${role}`),
    `Open http://demo.${config.portalHost}:${config.port}`,
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * One process by default. With WEB_CONCURRENCY > 1 (PostgreSQL only: the embedded database
 * belongs to one process), the primary prepares the database once and forks that many
 * workers sharing the port; a worker that dies is replaced.
 */
async function main() {
  const config = loadConfigOrExit();
  limitHeapGrowth(config);
  if (cluster.isWorker) return serve(config);
  if (config.workers <= 1) return serve(config, await prepare(config));

  if (!config.databaseUrl) {
    console.error('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process.');
    process.exit(1);
  }
  const prepared = await prepare(config);
  await prepared.database.close();
  if (prepared.demoNotice) printDemoAccounts(config, prepared.demoNotice);
  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (!stopping && code !== 0) cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), config.shutdownDelayMs + config.shutdownTimeoutMs + 1_000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // A data directory in use is an operator's mistake, not a crash: say so in one sentence.
  console.error(error instanceof DirectoryInUseError ? error.message : error);
  process.exit(1);
});

import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { resolveDemoPassword } from './db/seed/demo-password.ts';
import { seedDemo } from './db/seed/seed.ts';
import path from 'node:path';
import { resolveStoredSecret } from './lib/stored-secret.ts';

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

async function main() {
  const startedAt = performance.now();
  const config = loadConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });

  const authSecret = await resolveStoredSecret({
    dataDir: config.dataDir,
    fileName: 'auth-secret',
    fromEnv: config.authSecret,
    bytes: 48,
  });
  const app = await buildApp({
    config,
    database,
    authSecret,
    logger: { level: config.logLevel },
  });

  if (config.seedDemo) {
    const password = await resolveDemoPassword(config.dataDir, config.demoPassword);
    const result = await seedDemo({ db: database.db, password, portalHost: config.portalHost });
    if (result.createdProjects.length) app.log.info({ projects: result.createdProjects }, 'demo data created');
    printDemoAccounts(config, password);
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const portPart = port === 80 ? '' : `:${port}`;
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Decor Portal is ready: http://demo.${config.portalHost}${portPart}`,
  );
}

function printDemoAccounts(config: Config, password: string) {
  const lines = [
    '',
    'Demo accounts (password for all: ' + password + ')',
    '  admin@demo.test        platform administrator',
    '  manager@demo.test      manager of "demo" (Maple Residences)',
    '  buyer@demo.test        buyer of unit 402 in "demo"',
    '  manager@harbour.test   manager of "harbour" (Harbour Lofts)',
    `Open http://demo.${config.portalHost}:${config.port}`,
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

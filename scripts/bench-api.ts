/**
 * `npm run bench -- api` (docs/performance.md, "Measuring a change"): the Decor API on one
 * PostgreSQL, the old code and the new side by side in one run. Each side has its own database
 * on the same server with the same rows; every figure is taken on the old server, then on the
 * new, and printed on one line with its target.
 *
 *   BENCH_BASE=<commit>       the old code (default: the last commit before the stored documents)
 *   BENCH_SOAK_SECONDS=600    how long the new code's memory is watched under random pages
 *   BENCH_SOAK_OLD_SECONDS=120  the same for the old code
 *   BENCH_SECONDS=10          each load's length
 *   BENCH_SHARED_BUFFERS=4GB  PostgreSQL's shared_buffers
 *   BENCH_ROUNDS=3            how many times each load with a target runs, old and new in turns (the median is shown)
 *   BENCH_WARM_SECONDS=20     how long each side reads random pages at least before the first measured load
 *   BENCH_SETTLE_SECONDS=120  and at most, while its rate still moves by more than 5 % from one 10-s load to the next
 *   BENCH_ONLY=patch          only the loads whose line names this (any case), e.g. "patch", "memory", "1,000,000"
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildBaseline } from './lib/baseline.ts';
import { compiledServerArgs } from './lib/compiled-server.ts';
import { databaseUrl, startCluster } from './lib/postgres-cluster.ts';

/** The code before issue 34's work on pages no cache can serve. */
const DEFAULT_BASE = '2ea0783';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/**
 * The loads with a target run this many times, old and new in turns, and the run with the median
 * rate is shown: one 10-second load on a two-core machine can differ from the next by 40 %.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The old code's memory is watched for less: the target is the new code's. */
const SOAK_OLD_SECONDS = Number(process.env.BENCH_SOAK_OLD_SECONDS ?? Math.min(SOAK_SECONDS, 120));
const PASSWORD = 'Bench-password-2026';
/** The lull before a burst, and the burst measured (docs/decisions/049-database-connections-outlive-a-lull.md). */
const LULL_SECONDS = 15;
const LULL_LOAD_SECONDS = 3;
/** How long each side reads random pages before anything is measured. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 20);
const SETTLE_SECONDS = Math.max(WARM_SECONDS, Number(process.env.BENCH_SETTLE_SECONDS ?? 120));
/** Two warm-up loads in a row closer than this have settled. */
const SETTLED = 0.05;
/** Whether a load is asked for by BENCH_ONLY (all are, without it). */
const wanted = (name: string) =>
  !process.env.BENCH_ONLY || name.toLowerCase().includes(process.env.BENCH_ONLY.toLowerCase());

interface Started {
  port: number;
  pid: number;
  ms: number;
  stop(): Promise<void>;
}

export interface ApiHelpers {
  line(name: string, value: string): void;
  start(command: string, args: string[], env: Record<string, string>, cwd?: string): Promise<Started>;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 50, duration: SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

const shown = ({ rps, p99, failures }: Load) =>
  `${Math.round(rps).toLocaleString('en').padStart(6)} req/s, p99 ${String(p99).padStart(3)} ms${failures ? ` (${failures} failed)` : ''}`;

/** Signs in through the API and returns the session cookie. */
function signInCookie(port: number, project: string, email: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ email, password: PASSWORD });
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/sign-in/email',
        method: 'POST',
        headers: {
          projectid: project,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (response) => {
        response.resume();
        const cookie = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        if (response.statusCode !== 200 || !cookie)
          reject(new Error(`sign-in as ${email} answered ${response.statusCode}`));
        else resolve(cookie);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Inserts `count` options into a project with time-ordered ids, in one statement. */
async function bulkOptions(client: pg.Client, projectId: string, categoryId: string, count: number) {
  await client.query(
    `INSERT INTO items (project_id, collection, id, data)
     SELECT $1, 'options',
       (lpad(to_hex(1800000000000 + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
       jsonb_build_object('name', 'Option ' || g, 'category', $2::text, 'rooms', '[]'::jsonb, 'sku', 'SKU-' || g,
         'vendor', 'Vendor ' || (g % 40), 'description', 'A finish for the benchmark, number ' || g, 'price', (g * 137) % 900000,
         'level', 1 + g % 4, 'standard', g % 10 = 0, 'images', '[]'::jsonb, 'swatch', null, 'plans', '[]'::jsonb,
         'requires', '[]'::jsonb, 'excludes', '[]'::jsonb, 'active', true)
     FROM generate_series(1, $3::int) g`,
    [projectId, categoryId, count],
  );
}

/**
 * Reads the items and their indexes into PostgreSQL's shared buffers (`pg_prewarm`, shipped with
 * PostgreSQL), as a server that has run for a while holds what it serves: without it, the loads
 * over 1,000,000 items measured copies from the kernel's cache into PostgreSQL's (decision 049).
 * Where the extension is missing, the loads start cold, and the bench says so.
 */
async function prewarm(client: pg.Client): Promise<void> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  } catch {
    console.warn('pg_prewarm is not installed: the items are read cold by the first loads.');
    return;
  }
  await client.query(
    `SELECT pg_prewarm(c.oid) FROM pg_class c WHERE c.oid = 'items'::regclass OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'items'::regclass)`,
  );
}

interface Rows {
  /** Option ids of the demo project (100,000) and of the big one (1,000,000), in random order. */
  starts: string[];
  bigStarts: string[];
  carts: string[];
}

/** The same rows in a side's database: 100,000 options in the demo project, 1,000 carts, a project of 1,000,000 options. */
export async function loadRows(client: pg.Client): Promise<Rows> {
  const {
    rows: [demo],
  } = await client.query(`SELECT id FROM projects WHERE key = 'demo'`);
  const {
    rows: [category],
  } = await client.query(
    `SELECT id FROM items WHERE project_id = $1 AND collection = 'categories' ORDER BY id LIMIT 1`,
    [demo.id],
  );
  await bulkOptions(client, demo.id, category.id, 100_000);
  const {
    rows: [unit],
  } = await client.query(`SELECT id FROM items WHERE project_id = $1 AND collection = 'units' ORDER BY id LIMIT 1`, [
    demo.id,
  ]);
  // Five priced choices the rules accept together: one per category, needing and excluding nothing, on every plan.
  const { rows: someOptions } = await client.query(
    `SELECT id FROM (
       SELECT DISTINCT ON (data->>'category') id FROM items
       WHERE project_id = $1 AND collection = 'options' AND (data->>'price')::int > 0
         AND data->'requires' = '[]'::jsonb AND data->'excludes' = '[]'::jsonb AND data->'plans' = '[]'::jsonb
       ORDER BY data->>'category', id) chosen
     ORDER BY id LIMIT 5`,
    [demo.id],
  );
  await client.query(
    `INSERT INTO items (project_id, collection, id, data)
     SELECT $1, 'carts', (lpad(to_hex(1900000000000 + g), 12, '0') || '-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
       jsonb_build_object('unit', $2::text, 'owner', 'bench', 'selections', $3::jsonb, 'package', null, 'status', 'draft',
         'total', 0, 'deadline', null, 'notes', '', 'signature', null)
     FROM generate_series(1, 1000) g`,
    [
      demo.id,
      unit.id,
      JSON.stringify(someOptions.map((o: { id: string }, i: number) => ({ option: o.id, quantity: i + 1 }))),
    ],
  );
  const {
    rows: [big],
  } = await client.query(
    `INSERT INTO projects (id, key, name, currency, theme) VALUES (gen_random_uuid(), 'bench1m', 'bench1m', 'CAD', '{"logoBg":"#000000","primary":"#111111","secondary":"#222222"}') RETURNING id`,
  );
  await bulkOptions(client, big.id, category.id, 1_000_000);
  await client.query('VACUUM ANALYZE items');
  // What the load leaves PostgreSQL to write is written now, not during the measured loads.
  await client.query('CHECKPOINT');
  await prewarm(client);
  const ids = async (projectId: string) =>
    (
      await client.query(
        `SELECT id FROM items WHERE project_id = $1 AND collection = 'options' ORDER BY random() LIMIT 100000`,
        [projectId],
      )
    ).rows.map((row: { id: string }) => row.id);
  const carts = (
    await client.query(
      `SELECT id FROM items WHERE project_id = $1 AND collection = 'carts' AND data->>'owner' = 'bench' ORDER BY id`,
      [demo.id],
    )
  ).rows;
  return {
    starts: await ids(demo.id),
    bigStarts: await ids(big.id),
    carts: carts.map((row: { id: string }) => row.id),
  };
}

interface Side {
  name: 'old' | 'new';
  url: string;
  rows: Rows;
  server: Started;
  restartMs: number;
  firstStartMs: number;
  cookies: { manager: string; buyer: string };
}

/** The run with the median rate (the lower of the middle two). */
function median(runs: Load[]): Load {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Each load on the old server, then on the new, printed on one line with its target; a load
 * with a target runs ROUNDS times in turns and shows its median run, with the range of rates.
 */
function sideBySide(helpers: ApiHelpers, sides: Side[]) {
  return async (
    name: string,
    target: string,
    options: (side: Side) => autocannon.Options | Promise<autocannon.Options>,
  ): Promise<Load[]> => {
    if (!wanted(name)) return [];
    const runs: Load[][] = sides.map(() => []);
    for (let round = 0; round < (target ? ROUNDS : 1); round++) {
      for (const [i, side] of sides.entries()) runs[i]!.push(await load(await options(side)));
    }
    const results = runs.map(median);
    const range = (side: Load[]) =>
      side.length > 1 ? ` [${side.map((run) => Math.round(run.rps).toLocaleString('en')).join(', ')}]` : '';
    helpers.line(
      name,
      `${results.map((result, i) => `${sides[i]!.name} ${shown(result)}${range(runs[i]!)}`).join('  |  ')}${target ? `  |  target ${target}` : ''}`,
    );
    return results;
  };
}

/**
 * Warms a side up on random pages until it has settled (decision 052): the JIT, the pools,
 * PostgreSQL's buffers and each of its backends' view of them (a new backend maps the shared
 * buffers' pages as it first touches them: decision 049). Loads of 10 s until two in a row are
 * within 5 % of each other, for BENCH_WARM_SECONDS at least and BENCH_SETTLE_SECONDS at most.
 * Answers with the rates it saw, for the reader to judge.
 */
async function settle(side: Side): Promise<string> {
  const rates: number[] = [];
  const settled = () => rates.length >= 2 && Math.abs(rates.at(-1)! - rates.at(-2)!) <= SETTLED * rates.at(-2)!;
  for (let seconds = 10; seconds <= SETTLE_SECONDS; seconds += 10) {
    rates.push(
      (
        await load({
          ...everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, {
            projectid: 'demo',
          }),
          duration: 10,
        })
      ).rps,
    );
    if (seconds >= WARM_SECONDS && settled()) break;
  }
  return `${rates.map((rate) => Math.round(rate).toLocaleString('en')).join(' → ')}${settled() ? '' : ' (not settled)'}`;
}

/** Where each list of ids was left: a load goes on from where the last one of its side stopped. */
const nextOf = new WeakMap<string[], number>();

/**
 * A GET of another page each request: `path(id)` with the next of the side's random ids. The
 * ids go on from load to load (100,000 of them), so that a page is asked again only after
 * 100,000 others, when the server no longer remembers it was asked (modules/decor/items.cache.ts):
 * none of these loads is served from what is kept.
 */
function everyTimeAnother(
  side: Side,
  ids: string[],
  path: (id: string) => string,
  headers: Record<string, string>,
): autocannon.Options {
  let at = nextOf.get(ids) ?? 0;
  return {
    url: `http://127.0.0.1:${side.server.port}`,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const id = ids[at++ % ids.length]!;
          nextOf.set(ids, at);
          return { ...request, path: path(id) };
        },
      },
    ],
  };
}

/**
 * The version each cart is at, read from its database before each PATCH run (a run that ends
 * leaves its last requests' answers unread), then kept from each answer.
 */
async function cartVersions(side: Side): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: side.url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id, version FROM items WHERE id = ANY($1::uuid[])`, [side.rows.carts]);
    return new Map(rows.map((row: { id: string; version: number }) => [row.id, row.version]));
  } finally {
    await client.end();
  }
}

async function patchCarts(side: Side): Promise<autocannon.Options> {
  const base = `http://127.0.0.1:${side.server.port}`;
  const known = await cartVersions(side);
  let next = 0;
  return {
    url: base,
    headers: { projectid: 'demo', cookie: side.cookies.manager, origin: base, 'content-type': 'application/json' },
    requests: [
      {
        method: 'PATCH',
        // Many carts visited in turn: no two requests are ever in flight on one cart.
        setupRequest: (request) => {
          const cart = side.rows.carts[next++ % side.rows.carts.length]!;
          return {
            ...request,
            path: `/api/schema/carts/${cart}`,
            body: JSON.stringify({ notes: `n${next}`, _version: known.get(cart) ?? 1 }),
          };
        },
        onResponse: (status, body) => {
          // A 409 names the current version: the next PATCH of that cart uses it.
          const item =
            status === 200
              ? (JSON.parse(body) as { _id: string; _version: number })
              : status === 409
                ? (JSON.parse(body) as { error: { details: { current: { _id: string; _version: number } } } }).error
                    .details.current
                : null;
          if (item) known.set(item._id, item._version);
        },
      },
    ],
  };
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const workersOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** Random pages for `seconds` while each worker's RSS is read every 10 s: after the first minute (warm), at the end, and the most. */
async function soak(side: Side, seconds: number): Promise<string> {
  const workers = workersOf(side.server.pid);
  const samples = new Map<number, number[]>(workers.map((pid) => [pid, []]));
  const timer = setInterval(() => {
    for (const pid of workers) samples.get(pid)!.push(rssMb(pid));
  }, 10_000);
  const run = await load({
    ...everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, { projectid: 'demo' }),
    duration: seconds,
  });
  clearInterval(timer);
  const warmAt = Math.min(5, Math.max(0, Math.floor(seconds / 10) - 2));
  const each = workers.map((pid) => {
    const mb = samples.get(pid)!;
    return `${Math.round(mb[warmAt] ?? 0)} → ${Math.round(mb.at(-1) ?? 0)} MB (max ${Math.round(Math.max(...mb))})`;
  });
  return `${side.name} ${each.join(', ')} at ${Math.round(run.rps).toLocaleString('en')} req/s, p99 ${run.p99} ms, for ${seconds} s`;
}

/** Round trips to PostgreSQL per request, from pg_stat_statements, and which statements. */
async function roundTrips(
  client: pg.Client,
  database: string,
  requests: number,
  run: () => Promise<unknown>,
): Promise<string> {
  const available = (await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements'`))
    .rowCount;
  if (!available) return 'pg_stat_statements is not available on this PostgreSQL';
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  await run();
  const { rows } = await client.query(
    `SELECT calls, regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS query FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = $1 ORDER BY calls DESC`,
    [database],
  );
  const total = rows.reduce((sum: number, row: { calls: string }) => sum + Number(row.calls), 0);
  const top = rows
    .filter((row: { calls: string }) => Number(row.calls) >= requests / 10)
    .map(
      (row: { calls: string; query: string }) => `${(Number(row.calls) / requests).toFixed(1)}× ${row.query.trim()}`,
    );
  return `${(total / requests).toFixed(1)} per request: ${top.join('; ')}`;
}

async function startSide(
  helpers: ApiHelpers,
  name: Side['name'],
  url: string,
  baseline: { dir: string; serverArgs: string[] },
  dataDir: string,
) {
  const args = name === 'old' ? baseline.serverArgs : compiledServerArgs();
  const cwd = name === 'old' ? baseline.dir : undefined;
  return helpers.start(
    process.execPath,
    args,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '2',
    },
    cwd,
  );
}

export async function benchApiSideBySide(helpers: ApiHelpers) {
  const { line } = helpers;
  const baseline = buildBaseline(process.env.BENCH_BASE ?? DEFAULT_BASE);
  // PostgreSQL's cache holds both sides' items (about 1.3 GB each), as a server sized for a catalogue
  // of a million items would: with the tests' 256 MB, each side's load evicted the other's pages and
  // a load's rate depended on which ran before it.
  const cluster = await startCluster({
    statementStats: true,
    sharedBuffers: process.env.BENCH_SHARED_BUFFERS ?? '4GB',
    reportHugePages: true,
  });
  const dataDirs: string[] = [];
  const sides: Side[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    line(
      'api: old code',
      `${baseline.commit}; new: this checkout; one PostgreSQL, 50 connections, ${SECONDS} s each, loads with a target ${ROUNDS}× in turns (median)`,
    );
    // Each connection maps PostgreSQL's cache into its own page tables: in 4 KB pages that is paid
    // again and again over 1,000,000 items (decision 056), so the figures say which it was.
    const huge = cluster.hugePages;
    line(
      "  PostgreSQL's shared memory",
      !huge
        ? 'huge pages unknown (no /proc/meminfo)'
        : huge.used
          ? `in huge pages${huge.needed ? ` (${huge.needed.toLocaleString('en')} of 2 MB)` : ''}`
          : `in 4 KB pages: reserve ${huge.needed ? `${huge.needed.toLocaleString('en')} huge pages first (sysctl vm.nr_hugepages=${huge.needed}` : 'huge pages first (as many as `postgres -C shared_memory_size_in_huge_pages` says'}; docs/deployment.md, "PostgreSQL's memory")`,
    );
    for (const name of ['old', 'new'] as const) {
      await admin.query(`CREATE DATABASE decor_${name}`);
      const url = databaseUrl(cluster.url, `decor_${name}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-bench-'));
      dataDirs.push(dataDir);
      // The first start migrates and seeds; the rows are loaded while no server runs, then it starts again.
      const first = await startSide(helpers, name, url, baseline, dataDir);
      await first.stop();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const started = performance.now();
      const rows = await loadRows(client);
      line(
        `  rows loaded (${name})`,
        `${((performance.now() - started) / 1000).toFixed(1)} s for 1,100,000 options and 1,000 carts`,
      );
      await client.end();
      const server = await startSide(helpers, name, url, baseline, dataDir);
      const cookies = {
        manager: await signInCookie(server.port, 'demo', 'manager@demo.test'),
        buyer: await signInCookie(server.port, 'demo', 'buyer@demo.test'),
      };
      sides.push({ name, url, rows, server, firstStartMs: first.ms, restartMs: server.ms, cookies });
    }
    // The pages the loads and checkpoints left for the kernel to write go to disk before anything is measured.
    execFileSync('sync');
    for (const side of sides) line(`  warm-up (${side.name}), req/s of each 10 s`, await settle(side));
    const compare = sideBySide(helpers, sides);
    const demo = { projectid: 'demo' };
    const at = (side: Side) => `http://127.0.0.1:${side.server.port}`;
    const deep = (side: Side) => side.rows.starts[0]!;

    line('Pages no cache can serve (a different page each request)', '');
    await compare('  keyset pages, visitor', '≥ 2,000 req/s, p99 < 50 ms', (side) =>
      everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, demo),
    );
    await compare('  filtered keyset pages (level=3), visitor', '≥ 2,000 req/s, p99 < 50 ms', (side) =>
      everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?level=3&afterId=${id}`, demo),
    );
    await compare('  keyset pages at 1,000,000 items, visitor', '≥ 2,000 req/s, p99 < 50 ms', (side) =>
      everyTimeAnother(side, side.rows.bigStarts, (id) => `/api/schema/options/?afterId=${id}`, {
        projectid: 'bench1m',
      }),
    );
    await compare('  keyset pages, signed-in buyer', '≥ 1,800 req/s, p99 < 60 ms', (side) =>
      everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, {
        ...demo,
        cookie: side.cookies.buyer,
      }),
    );
    await compare('  keyset pages, signed-in manager', '≥ 1,800 req/s, p99 < 60 ms', (side) =>
      everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, {
        ...demo,
        cookie: side.cookies.manager,
      }),
    );
    // A burst after a lull: what a server pays to open its connections again, if it closed them.
    await compare(
      `  keyset pages, visitor, the first ${LULL_LOAD_SECONDS} s after ${LULL_SECONDS} s idle`,
      '',
      async (side) => {
        await new Promise((resolve) => setTimeout(resolve, LULL_SECONDS * 1000));
        return {
          ...everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/?afterId=${id}`, demo),
          duration: LULL_LOAD_SECONDS,
        };
      },
    );
    await compare('  get one option, never the same twice', '', (side) =>
      everyTimeAnother(side, side.rows.starts, (id) => `/api/schema/options/${id}`, demo),
    );

    // Before the writes: what they leave PostgreSQL to do (vacuum, checkpoints) would weigh on these.
    line('Nothing slower', '');
    await compare('  list page, 50 of 100,000 (kept)', '', (side) => ({
      url: `${at(side)}/api/schema/options/`,
      headers: demo,
    }));
    await compare('  filtered page, level=3 (kept)', '', (side) => ({
      url: `${at(side)}/api/schema/options/?level=3`,
      headers: demo,
    }));
    await compare('  get one option (kept)', '', (side) => ({
      url: `${at(side)}/api/schema/options/${deep(side)}`,
      headers: demo,
    }));
    line(
      '  server start, fresh database (migrate, seed)',
      sides.map((side) => `${side.name} ${(side.firstStartMs / 1000).toFixed(1)} s`).join('  |  '),
    );
    line(
      '  server restart, 1,100,000 items',
      sides.map((side) => `${side.name} ${(side.restartMs / 1000).toFixed(1)} s`).join('  |  '),
    );

    line('Writes', '');
    // Warm up the write path as the reads were: the JIT, the pools.
    const patch = '  PATCH a cart (price recomputed, audit, feed)';
    if (wanted(patch)) for (const side of sides) await load({ ...(await patchCarts(side)), duration: 5 });
    await compare(patch, '≥ 1,800 req/s, p99 < 60 ms', patchCarts);
    for (const side of sides.filter(() => wanted(patch))) {
      const trips = await roundTrips(admin, `decor_${side.name}`, 2_000, async () =>
        load({ ...(await patchCarts(side)), connections: 10, amount: 2_000 }),
      );
      line(`  round trips per PATCH (${side.name})`, trips);
    }

    line(`Memory: each worker's RSS under random pages`, 'target flat after warm-up, ≤ 300 MB');
    for (const side of sides.filter(() => wanted('memory')))
      line('  warm → end', await soak(side, side.name === 'old' ? SOAK_OLD_SECONDS : SOAK_SECONDS));
    await admin.end();
  } finally {
    for (const side of sides) await side.server.stop();
    cluster.stop();
    baseline.remove();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

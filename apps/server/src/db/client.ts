import fs from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createHash } from 'node:crypto';
import * as schema from './schema/index.ts';
import { lockDirectory } from '../lib/dir-lock.ts';
import { migrationsFolder } from '../lib/paths.ts';
import { DEFAULT_POOL_SIZE } from '../config/env.ts';
import { coalesced } from './coalesce.ts';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';

/*
 * A repository reaches SQL through one of two doors (docs/architecture.md, "Two doors to SQL"):
 * - drizzle's query builder on `db`, or `sqlRows(db, sql`…`)` for a statement drizzle does not
 *   say well: any statement, any time. Start here.
 * - `hotSqlRows(db, sql`…`)`: a statement on a request's hot path whose text repeats, prepared
 *   once per connection. Its values that must not size its plan go through `atRun` and
 *   `listAtRun`; a read many requests ask at the same moment (a session, an item by id) can be
 *   answered once for all of them with `coalescedQuery`. Only these three helpers go with it.
 */

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Runs `work` in one transaction, given as a `Db` like the database itself: whatever `work`
 * calls takes the transaction without knowing it (drizzle's transaction type differs from the
 * database's only in what no code of ours uses).
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Every committed change, as it commits (on every server of the database). */
  changes: ChangeFeed;
  /** This process's connections: open, idle, and queries waiting for one (metrics, readiness). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Each hot query's statement name, by its text: hashed once, not on every call. */
const statementNames = new Map<string, string>();

/** Each pool's number: reads coalesce only with reads of the same database. */
const poolIds = new WeakMap<pg.Pool, number>();
let poolCount = 0;
const statementOf = (db: Db, query: SQL) =>
  (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/**
 * Runs a hot query as a named prepared statement on PostgreSQL (parsed once per connection,
 * and planned once if no value sizes its plan: `atRun`), or plainly on PGlite. Only for
 * queries whose text repeats.
 */
export async function hotSqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return sqlRows<T>(db, query);
  const { sql: text, params } = statementOf(db, query);
  let name = statementNames.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size < 5_000) statementNames.set(text, name);
  }
  return (await pool.query({ name, text, values: params as unknown[] })).rows as T[];
}

/** The types a value read at run time may be cast to (`atRun`, `listAtRun`). */
type RunType = 'uuid' | 'text' | 'int' | 'numeric' | 'jsonb';

/**
 * A hot statement's value that its plan must not depend on (docs/architecture.md, "Plans
 * kept"): a sub-select, worked out once when the statement runs. PostgreSQL plans a prepared
 * statement's first five runs for their own values and then keeps its generic plan only if
 * that is estimated to cost no more; a value that sizes the estimates (which project, so how
 * many items) would have every later run planned again.
 */
export function atRun(type: RunType, value: string | number): SQL {
  return sql`(SELECT ${value}::${sql.raw(type)})`;
}

/** A moment column as the API writes every moment: ISO 8601 in UTC to the millisecond (`2026-12-02T15:04:05.123Z`). */
export function isoMoment(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A list (its values joined by commas, so none may hold one) as an array read at run time: how many it holds sizes no plan (`atRun`). */
export function listAtRun(type: RunType, values: readonly (string | number)[]): SQL {
  // The cast outside the sub-select keeps `= ANY(...)` from reading it as a subquery of rows.
  return sql`(SELECT string_to_array(${values.join(',')}, ','))::${sql.raw(type)}[]`;
}

/**
 * A query asked by many requests at once, run once for all of them (db/coalesce.ts): `query`
 * is the part every request shares, `arg` this request's own value (an id, a token, a row to
 * write), and `run` answers every request, one per argument in their order. In a transaction,
 * or on the embedded database (one connection, no network), `run` answers this request alone.
 *
 * `query` may instead be a name for it that says everything it depends on besides `arg` (the
 * project, the collection): a hot query that a name tells apart is then not turned into text
 * on every request only to find its group.
 */
export function coalescedQuery<A, R>(
  db: Db,
  query: SQL | string,
  arg: A,
  run: (args: A[]) => Promise<R[]>,
): Promise<R> {
  const pool = poolOf(db);
  if (!pool) return run([arg]).then((results) => results[0]!);
  let poolId = poolIds.get(pool);
  if (poolId === undefined) poolIds.set(pool, (poolId = ++poolCount));
  if (typeof query === 'string') return coalesced(`${poolId}\u0001${query}`, arg, run);
  const { sql: text, params } = statementOf(db, query);
  return coalesced(`${poolId}\u0000${text}\u0000${JSON.stringify(params)}`, arg, run);
}

/** One trivial query: answers once the database does (readiness, probes). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute('select 1');
}

/** Any fixed number: serialises migrations when several servers start at once. */
const MIGRATION_LOCK_ID = 7_301_944;

export interface OpenDatabaseInput {
  /** A postgres:// URL; without one the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL itself when databaseUrl is a pooler: migrations and LISTEN use it. */
  directUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" keeps them in memory (tests). */
  pgliteDir?: string;
  /**
   * A PGlite data directory to start a new in-memory database from (`dumpPgliteTemplate`):
   * the test suites' migrated template, so that each test file skips PGlite's own set-up.
   */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

/**
 * An embedded database with the extensions our migrations use: btree_gist, whose exclusion
 * constraint keeps a consultant's appointments from overlapping (docs/appointments.md), as on
 * PostgreSQL. Every PGlite the portal opens is opened here.
 */
export function openPglite(dir: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(dir, { ...options, extensions: { btree_gist } });
}

/** A new in-memory PGlite database, migrated, as a data directory to start others from (`pgliteTemplate`). */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const client = await openPglite('memory://');
  try {
    await migratePglite(drizzlePglite({ client, schema, casing: 'snake_case' }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** How long a pooled connection may sit idle before it is closed. */
const POOL_IDLE_MS = 10 * 60_000;

/** Opens the database and brings its schema up to date. */
export async function openDatabase({
  databaseUrl,
  directUrl,
  pgliteDir,
  pgliteTemplate,
  poolSize = DEFAULT_POOL_SIZE,
}: OpenDatabaseInput): Promise<Database> {
  if (databaseUrl) {
    // An idle connection is kept for minutes, not pg's 10 seconds: a connection opened again
    // after a lull costs its sign-in and a cold backend (catalogue caches, prepared plans, the
    // pages of shared buffers mapped anew), paid by the first requests of the next burst
    // (docs/decisions/049-database-connections-outlive-a-lull.md). Idle connections never keep
    // a process alive that has nothing else to do.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: poolSize,
      idleTimeoutMillis: POOL_IDLE_MS,
      allowExitOnIdle: true,
    });
    // An idle connection closed by the server (a restart, a failover) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('database connection lost:', error.message);
    });
    // Migrations and LISTEN need a session of their own: behind a transaction pooler
    // (PgBouncer) they take the direct address (docs/deployment.md).
    const direct = new pg.Client({ connectionString: directUrl ?? databaseUrl });
    await direct.connect();
    try {
      await direct.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: direct, schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await direct.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      await direct.end();
    }
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const changes = await postgresChangeFeed(directUrl ?? databaseUrl, (message) => console.error(message));
    return {
      db,
      kind: 'postgres',
      changes,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }

  const dir = pgliteDir ?? 'memory://';
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    await fs.mkdir(dir, { recursive: true });
    // One process per embedded database: a second one would silently lose writes.
    // The real path: two spellings of one directory (relative, absolute, a symlink) share one lock.
    release = lockDirectory(`${await fs.realpath(dir)}.lock`);
  }
  try {
    if (pgliteTemplate && !dir.startsWith('memory://'))
      throw new Error('A PGlite template starts in-memory databases only.');
    const client = await openPglite(dir, pgliteTemplate ? { loadDataDir: pgliteTemplate } : {});
    return await onPglite(client, async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The database on an open PGlite: its schema brought up to date and its change feed started.
 * Closing it ends the feed, then calls `onClose` (which closes PGlite unless told otherwise:
 * the test suites hand an emptied in-memory PGlite to their next file, docs/testing.md).
 */
export async function onPglite(client: PGlite, onClose: () => Promise<void> = () => client.close()): Promise<Database> {
  const pgliteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder });
  const changes = await pgliteChangeFeed(client);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    changes,
    // One embedded connection, in this process.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {
      try {
        await changes.close();
      } finally {
        await onClose();
      }
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

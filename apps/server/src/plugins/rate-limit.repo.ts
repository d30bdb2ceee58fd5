import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/client.ts';

/** Counts one request against `key` in its fixed window, kept in PostgreSQL so every server shares it. */
export async function countRequest(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retry_after: number } | undefined> {
  const [row] = await sqlRows<{ count: number; retry_after: number }>(
    db,
    sql`
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE r.window_start END
    RETURNING count, CEIL(EXTRACT(EPOCH FROM (r.window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after`,
  );
  return row;
}

/** How many requests `key` has used in its current window (0 when none), without counting one. */
export async function requestsUsed(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retry_after: number }> {
  const [row] = await sqlRows<{ count: number; retry_after: number }>(
    db,
    sql`SELECT count, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after
        FROM rate_limits WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return row ? { count: Number(row.count), retry_after: Number(row.retry_after) } : { count: 0, retry_after: 0 };
}

/** Gives one request back to each key (a pairing code that turned out right uses none of its limits). */
export async function giveBackRequests(db: Db, keys: string[]): Promise<void> {
  await sqlRows(
    db,
    sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ANY(string_to_array(${keys.join('\n')}, E'\\n'))`,
  );
}

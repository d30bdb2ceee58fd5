import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/** Counts one request against `key` in its fixed window, kept in PostgreSQL so every server shares it. */
export async function countRequest(db: Db, key: string, windowSeconds: number): Promise<{ count: number; retry_after: number } | undefined> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
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

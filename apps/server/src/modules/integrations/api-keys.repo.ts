import { sql } from 'drizzle-orm';
import { hotSqlRows, isoMoment as iso, listAtRun, sqlRows, type Db } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';

export interface ApiKeyRow {
  id: string;
  name: string;
  hint: string;
  scopes: string[];
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export async function insertApiKey(
  db: Db,
  key: {
    projectId: string;
    name: string;
    hint: string;
    tokenHash: string;
    scopes: readonly string[];
    createdBy: string | null;
    expiresAt: string | null;
  },
): Promise<string> {
  const id = uuidv7();
  await sqlRows(
    db,
    sql`INSERT INTO api_keys (id, project_id, name, hint, token_hash, scopes, created_by, expires_at)
        VALUES (${id}, ${key.projectId}, ${key.name}, ${key.hint}, ${key.tokenHash}, ${listAtRun('text', key.scopes)},
                ${key.createdBy}, ${key.expiresAt}::timestamptz)`,
  );
  return id;
}

/** A project's keys (or one), newest first, with who created each. */
export async function apiKeysOf(db: Db, projectId: string, id?: string): Promise<ApiKeyRow[]> {
  return sqlRows<ApiKeyRow>(
    db,
    sql`SELECT k.id, k.name, k.hint, k.scopes, k.created_by, u.name AS created_by_name, ${iso(sql`k.created_at`)} AS created_at,
               ${iso(sql`k.last_used_at`)} AS last_used_at, ${iso(sql`k.expires_at`)} AS expires_at, ${iso(sql`k.revoked_at`)} AS revoked_at
        FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
        WHERE k.project_id = ${projectId} ${id ? sql`AND k.id = ${id}` : sql``}
        ORDER BY k.id DESC`,
  );
}

export async function countActiveKeys(db: Db, projectId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM api_keys WHERE project_id = ${projectId} AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now())`,
  );
  return row?.n ?? 0;
}

/** Revokes a key of the project now (a revoked key stays listed, as revoked); false when there is none. */
export async function revokeApiKey(db: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE project_id = ${projectId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export interface KeyForRequest {
  id: string;
  name: string;
  scopes: string[];
  project_key: string;
  created_by: string | null;
  /** Whether its last use is older than a minute (then it is written down again). */
  stale_use: boolean;
}

/**
 * The live key with this digest, with its project's key: read on every request, never kept, so a
 * revocation holds on every server at once.
 */
export async function liveKeyByHash(db: Db, tokenHash: string): Promise<KeyForRequest | null> {
  const [row] = await hotSqlRows<KeyForRequest>(
    db,
    sql`SELECT k.id, k.name, k.scopes, p.key AS project_key, k.created_by,
               (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS stale_use
        FROM api_keys k JOIN projects p ON p.id = k.project_id
        WHERE k.token_hash = ${tokenHash} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
          AND p.archived_at IS NULL`,
  );
  return row ?? null;
}

export async function touchApiKey(db: Db, id: string): Promise<void> {
  await hotSqlRows(db, sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${id}`);
}

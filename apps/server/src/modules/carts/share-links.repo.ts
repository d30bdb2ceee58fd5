import { rowsOf } from '../decor/index.ts';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import { hotSqlRows, sqlRows, type Db } from '../../db/client.ts';

/**
 * The share links given (docs/screens.md `/preview`), kept by the hash of their token, never the
 * link: the only SQL of share links. Every lookup names the project, but the one by token (a link
 * opened anywhere), whose project the caller then checks.
 */

export interface ShareLinkRow {
  id: string;
  prices: boolean;
  created_at: string | Date;
  expires_at: string | Date;
  revoked_at: string | Date | null;
  by_name: string | null;
}

/** Keeps a link given; the same link asked twice in one second is the same link, kept once. */
export async function insertShareLink(
  db: Db,
  link: {
    projectId: string;
    cartId: string;
    tokenHash: string;
    prices: boolean;
    expiresAt: Date;
    createdBy: string | null;
  },
) {
  await sqlRows(
    db,
    sql`INSERT INTO share_links (id, project_id, cart_id, token_hash, prices, expires_at, created_by)
        VALUES (${uuidv7()}, ${link.projectId}, ${link.cartId}, ${link.tokenHash}, ${link.prices}, ${link.expiresAt.toISOString()}, ${link.createdBy})
        ON CONFLICT (token_hash) DO NOTHING`,
  );
}

/** A cart's links, newest first, with who gave each. */
export async function shareLinksOf(
  db: Db,
  { projectId, cartId }: { projectId: string; cartId: string },
): Promise<ShareLinkRow[]> {
  return sqlRows<ShareLinkRow>(
    db,
    sql`SELECT s.id::text AS id, s.prices, s.created_at, s.expires_at, s.revoked_at, u.name AS by_name
          FROM share_links s LEFT JOIN users u ON u.id = s.created_by
         WHERE s.project_id = ${projectId} AND s.cart_id = ${cartId}
         ORDER BY s.created_at DESC LIMIT 100`,
  );
}

/** Withdraws a link of this cart at `now` (once); false when there is no such link. */
export async function revokeShareLink(
  db: Db,
  { projectId, cartId, shareId, now }: { projectId: string; cartId: string; shareId: string; now: Date },
): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE share_links SET revoked_at = COALESCE(revoked_at, ${now.toISOString()}::timestamptz)
         WHERE id = ${shareId} AND project_id = ${projectId} AND cart_id = ${cartId} RETURNING id::text AS id`,
  );
  return rows.length > 0;
}

/** The link given under this token's hash, in whichever project it was given. */
export async function shareLinkByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ revoked_at: unknown; project_id: string } | undefined> {
  const [row] = await hotSqlRows<{ revoked_at: unknown; project_id: string }>(
    db,
    sql`SELECT revoked_at, project_id::text AS project_id FROM share_links WHERE token_hash = ${tokenHash}`,
  );
  return row;
}

/** Whether the project has a cart of this id. */
export async function hasCart(db: Db, { projectId, cartId }: { projectId: string; cartId: string }): Promise<boolean> {
  const [row] = await hotSqlRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM ${rowsOf('carts')} r WHERE project_id = ${projectId} AND id = ${cartId}`,
  );
  return row !== undefined;
}

import { rowsOf } from '../decor/index.ts';
import { sql, type SQL } from 'drizzle-orm';
import { COMMENT_MAIL_GAP_HOURS, type CommentData, type NoteData } from '@decor/core';
import { hotSqlRows, withTransaction, type Db } from '../../db/client.ts';

export interface CommentRow {
  id: string;
  data: CommentData;
}

/** A selection's comments the reader may read (`where`, their access plan in SQL), oldest first. */
export async function commentsOfCart(
  db: Db,
  { projectId, cartId, where }: { projectId: string; cartId: string; where: SQL },
) {
  return hotSqlRows<CommentRow>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM ${rowsOf('comments')} i WHERE i.project_id = ${projectId} AND i.data->>'cart' = ${cartId} AND ${where}
        ORDER BY i.created_at, i.id
        LIMIT 1000`,
  );
}

/** One comment the reader may read, or none. */
export async function readableComment(db: Db, { projectId, id, where }: { projectId: string; id: string; where: SQL }) {
  const [row] = await hotSqlRows<CommentRow>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM ${rowsOf('comments')} i WHERE i.project_id = ${projectId} AND i.id = ${id} AND ${where}`,
  );
  return row;
}

/** The unit's buyers, with their names (disabled accounts left out). */
export async function buyersOfUnit(db: Db, { projectId, unitId }: { projectId: string; unitId: string }) {
  return hotSqlRows<{ id: string; name: string; email: string }>(
    db,
    sql`SELECT us.id, us.name, us.email FROM users us
        WHERE NOT us.disabled AND us.id IN (
          SELECT jsonb_array_elements_text(u.data->'buyers') FROM ${rowsOf('units')} u WHERE u.project_id = ${projectId} AND u.id::text = ${unitId})
        ORDER BY us.name, us.id`,
  );
}

/** The names of people by id (authors and mentions). */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await hotSqlRows<{ id: string; name: string; email: string }>(
    db,
    sql`SELECT id, name, email FROM users WHERE id = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
  return new Map(rows.map((row) => [row.id, row.name || row.email.split('@')[0]!]));
}

/** Files of the project, by id, that `userId` uploaded: what a comment may attach. */
export async function ownFiles(
  db: Db,
  { projectId, userId, ids }: { projectId: string; userId: string; ids: string[] },
) {
  if (!ids.length) return [];
  return hotSqlRows<{ id: string; name: string; type: string; size: number }>(
    db,
    sql`SELECT id::text AS id, name, type, size::float8 AS size FROM files
        WHERE project_id = ${projectId} AND created_by = ${userId} AND id::text = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
}

/** The files of the project by id (a conversation's attachments, shown with their names). */
export async function filesByIds(db: Db, { projectId, ids }: { projectId: string; ids: string[] }) {
  if (!ids.length) return [];
  return hotSqlRows<{ id: string; name: string; type: string; size: number }>(
    db,
    sql`SELECT id::text AS id, name, type, size::float8 AS size FROM files WHERE project_id = ${projectId} AND id::text = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
}

/** Whether a file is attached to a comment the reader may read (`where`: their plan for comments). */
export async function isAttachmentReadable(
  db: Db,
  { projectId, fileId, where }: { projectId: string; fileId: string; where: SQL },
) {
  const [row] = await hotSqlRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM ${rowsOf('comments')} i WHERE i.project_id = ${projectId} AND i.data->'attachments' ? ${fileId} AND ${where}
        LIMIT 1`,
  );
  return Boolean(row);
}

/** Marks a conversation read by a person up to `at` (never back). */
export async function markRead(
  db: Db,
  { projectId, cartId, userId, at }: { projectId: string; cartId: string; userId: string; at: Date },
) {
  await hotSqlRows(
    db,
    sql`INSERT INTO comment_reads (user_id, cart_id, project_id, read_at) VALUES (${userId}, ${cartId}, ${projectId}, ${at.toISOString()})
        ON CONFLICT (user_id, cart_id) DO UPDATE SET read_at = greatest(comment_reads.read_at, excluded.read_at)`,
  );
}

/** How far each person has read a conversation. */
export async function readsOfCart(db: Db, { cartId }: { cartId: string }) {
  return hotSqlRows<{ user_id: string; read_at: string }>(
    db,
    sql`SELECT user_id, to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS read_at FROM comment_reads WHERE cart_id = ${cartId}`,
  );
}

/**
 * The conversations with comments by others the reader has not read, newest first: through
 * their access plan (`where`), so a buyer counts only their units' and staff every one.
 */
export async function unreadByCart(
  db: Db,
  { projectId, userId, where }: { projectId: string; userId: string; where: SQL },
) {
  return hotSqlRows<{ cart: string; unit: string; unit_name: string | null; unread: number; last: string }>(
    db,
    sql`SELECT i.data->>'cart' AS cart, i.data->>'unit' AS unit, u.data->>'name' AS unit_name, count(*)::int AS unread,
               max(i.data->>'at') AS last
        FROM ${rowsOf()} i
        LEFT JOIN comment_reads r ON r.user_id = ${userId} AND r.cart_id::text = i.data->>'cart'
        LEFT JOIN ${rowsOf('units')} u ON u.project_id = i.project_id AND u.id::text = i.data->>'unit'
        WHERE i.project_id = ${projectId} AND i.collection = 'comments' AND ${where}
          AND i.data->>'author' <> ${userId} AND (r.read_at IS NULL OR i.created_at > r.read_at)
        GROUP BY 1, 2, 3
        ORDER BY max(i.created_at) DESC
        LIMIT 200`,
  );
}

/** A unit's staff notes, newest first (the caller is staff: the plan says so in SQL). */
export async function notesOfUnit(
  db: Db,
  { projectId, unitId, where }: { projectId: string; unitId: string; where: SQL },
) {
  return hotSqlRows<{ id: string; data: NoteData }>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM ${rowsOf('notes')} i WHERE i.project_id = ${projectId} AND i.data->>'unit' = ${unitId} AND ${where}
        ORDER BY i.created_at DESC, i.id DESC
        LIMIT 500`,
  );
}

/** A message someone has not read, with who to tell: one row per reader and message. */
export interface UnreadForDigest {
  user_id: string;
  email: string;
  project_id: string;
  project_key: string;
  project_name: string;
  project_options: Record<string, unknown>;
  cart: string;
  unit_name: string | null;
  author_name: string;
  body: string;
  /** Whether the reader is of the design centre (their link leads to the back office). */
  staff: boolean;
}

/**
 * The messages each person has not read, for the digest (docs/comments.md): written by someone
 * else at least `settledBefore` (time to read them on screen first), after the person last read
 * the conversation and after their last digest of that project; the readers as the access plans
 * say (the unit's buyers, the project's managers), not disabled, with digests on.
 */
export async function unreadForDigests(db: Db, { settledBefore, since }: { settledBefore: Date; since: Date }) {
  return hotSqlRows<UnreadForDigest>(
    db,
    sql`WITH recent AS (
          SELECT i.project_id, i.created_at, i.data FROM ${rowsOf('comments')} i WHERE i.created_at <= ${settledBefore.toISOString()} AND i.created_at > ${since.toISOString()}
        ), readers AS (
          SELECT r.project_id, r.created_at, r.data, b.user_id, false AS staff FROM recent r
          JOIN ${rowsOf('units')} u ON u.project_id = r.project_id AND u.id::text = r.data->>'unit'
          CROSS JOIN LATERAL jsonb_array_elements_text(u.data->'buyers') AS b(user_id)
          UNION
          SELECT r.project_id, r.created_at, r.data, m.user_id, true AS staff FROM recent r
          JOIN memberships m ON m.project_id = r.project_id AND m.role = 'manager'
        )
        SELECT us.id AS user_id, us.email, p.id AS project_id, p.key AS project_key, p.name AS project_name, p.options AS project_options,
               x.data->>'cart' AS cart, un.data->>'name' AS unit_name, x.data->>'authorName' AS author_name, x.data->>'body' AS body, x.staff
        FROM readers x
        JOIN users us ON us.id = x.user_id AND NOT us.disabled AND us.comment_mails
        JOIN projects p ON p.id = x.project_id AND p.archived_at IS NULL
        LEFT JOIN ${rowsOf('units')} un ON un.project_id = x.project_id AND un.id::text = x.data->>'unit'
        LEFT JOIN comment_reads cr ON cr.user_id = us.id AND cr.cart_id::text = x.data->>'cart'
        WHERE x.data->>'author' <> us.id
          AND (cr.read_at IS NULL OR x.created_at > cr.read_at)
          AND x.created_at > coalesce((SELECT max(d.sent_at) FROM comment_digests d WHERE d.user_id = us.id AND d.project_id = x.project_id), '-infinity')
        ORDER BY us.id, p.id, x.created_at
        LIMIT 5000`,
  );
}

/**
 * Claims a person's digest of a project at `now`: nobody is mailed twice within an hour, however
 * many servers run the job at once (one transaction-scoped lock per person and project, then the
 * last digest looked up). False when one went out less than an hour ago.
 */
export async function claimDigest(
  db: Db,
  { userId, projectId, now }: { userId: string; projectId: string; now: Date },
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    await hotSqlRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`digest:${userId}:${projectId}`}))`);
    const [claimed] = await hotSqlRows<{ user_id: string }>(
      tx,
      sql`INSERT INTO comment_digests (user_id, project_id, sent_at)
          SELECT ${userId}, ${projectId}, ${now.toISOString()}
          WHERE NOT EXISTS (SELECT 1 FROM comment_digests WHERE user_id = ${userId} AND project_id = ${projectId} AND sent_at > ${new Date(now.getTime() - COMMENT_MAIL_GAP_HOURS * 3_600_000).toISOString()})
          RETURNING user_id`,
    );
    return Boolean(claimed);
  });
}

/** Gives a claimed digest back when its mail could not be sent, so that the next run tries again. */
export async function releaseDigest(
  db: Db,
  { userId, projectId, now }: { userId: string; projectId: string; now: Date },
) {
  await hotSqlRows(
    db,
    sql`DELETE FROM comment_digests WHERE user_id = ${userId} AND project_id = ${projectId} AND sent_at = ${now.toISOString()}`,
  );
}

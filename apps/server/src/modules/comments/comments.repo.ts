import { sql, type SQL } from 'drizzle-orm';
import type { CommentData, NoteData } from '@decor/core';
import { preparedRows, type Db } from '../../db/client.ts';

export interface CommentRow {
  id: string;
  data: CommentData;
}

/** A selection's comments the reader may read (`where`, their access plan in SQL), oldest first. */
export async function commentsOfCart(db: Db, { projectId, cartId, where }: { projectId: string; cartId: string; where: SQL }) {
  return preparedRows<CommentRow>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = 'comments' AND i.data->>'cart' = ${cartId} AND ${where}
        ORDER BY i.created_at, i.id
        LIMIT 1000`,
  );
}

/** One comment the reader may read, or none. */
export async function readableComment(db: Db, { projectId, id, where }: { projectId: string; id: string; where: SQL }) {
  const [row] = await preparedRows<CommentRow>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = 'comments' AND i.id = ${id} AND ${where}`,
  );
  return row;
}

/** Who reads a selection's conversation: the unit's buyers and the project's staff, with their names. */
export async function conversationPeople(db: Db, { projectId, unitId }: { projectId: string; unitId: string }) {
  return preparedRows<{ id: string; name: string; email: string; staff: boolean }>(
    db,
    sql`SELECT us.id, us.name, us.email, false AS staff FROM users us
        WHERE NOT us.disabled AND us.id IN (
          SELECT jsonb_array_elements_text(u.data->'buyers') FROM items u
          WHERE u.project_id = ${projectId} AND u.collection = 'units' AND u.id::text = ${unitId})
        UNION
        SELECT us.id, us.name, us.email, true AS staff FROM memberships m JOIN users us ON us.id = m.user_id
        WHERE m.project_id = ${projectId} AND m.role = 'manager' AND NOT us.disabled
        ORDER BY staff, name, id`,
  );
}

/** The names of people by id (authors and mentions). */
export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await preparedRows<{ id: string; name: string; email: string }>(
    db,
    sql`SELECT id, name, email FROM users WHERE id = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
  return new Map(rows.map((row) => [row.id, row.name || row.email.split('@')[0]!]));
}

/** Files of the project, by id, that `userId` uploaded: what a comment may attach. */
export async function ownFiles(db: Db, { projectId, userId, ids }: { projectId: string; userId: string; ids: string[] }) {
  if (!ids.length) return [];
  return preparedRows<{ id: string; name: string; type: string; size: number }>(
    db,
    sql`SELECT id::text AS id, name, type, size::float8 AS size FROM files
        WHERE project_id = ${projectId} AND created_by = ${userId} AND id::text = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
}

/** The files of the project by id (a conversation's attachments, shown with their names). */
export async function filesByIds(db: Db, { projectId, ids }: { projectId: string; ids: string[] }) {
  if (!ids.length) return [];
  return preparedRows<{ id: string; name: string; type: string; size: number }>(
    db,
    sql`SELECT id::text AS id, name, type, size::float8 AS size FROM files WHERE project_id = ${projectId} AND id::text = ANY(string_to_array(${ids.join(',')}, ','))`,
  );
}

/** Whether a file is attached to a comment the reader may read (`where`: their plan for comments). */
export async function isAttachmentReadable(db: Db, { projectId, fileId, where }: { projectId: string; fileId: string; where: SQL }) {
  const [row] = await preparedRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = 'comments' AND i.data->'attachments' ? ${fileId} AND ${where}
        LIMIT 1`,
  );
  return Boolean(row);
}

/** Marks a conversation read by a person up to `at` (never back). */
export async function markRead(db: Db, { projectId, cartId, userId, at }: { projectId: string; cartId: string; userId: string; at: Date }) {
  await preparedRows(
    db,
    sql`INSERT INTO comment_reads (user_id, cart_id, project_id, read_at) VALUES (${userId}, ${cartId}, ${projectId}, ${at.toISOString()})
        ON CONFLICT (user_id, cart_id) DO UPDATE SET read_at = greatest(comment_reads.read_at, excluded.read_at)`,
  );
}

/** How far each person has read a conversation. */
export async function readsOfCart(db: Db, { cartId }: { cartId: string }) {
  return preparedRows<{ user_id: string; read_at: string }>(
    db,
    sql`SELECT user_id, to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS read_at FROM comment_reads WHERE cart_id = ${cartId}`,
  );
}

/**
 * The conversations with comments by others the reader has not read, newest first: through
 * their access plan (`where`), so a buyer counts only their units' and staff every one.
 */
export async function unreadByCart(db: Db, { projectId, userId, where }: { projectId: string; userId: string; where: SQL }) {
  return preparedRows<{ cart: string; unit: string; unit_name: string | null; unread: number; last: string }>(
    db,
    sql`SELECT i.data->>'cart' AS cart, i.data->>'unit' AS unit, u.data->>'name' AS unit_name, count(*)::int AS unread,
               max(i.data->>'at') AS last
        FROM items i
        LEFT JOIN comment_reads r ON r.user_id = ${userId} AND r.cart_id::text = i.data->>'cart'
        LEFT JOIN items u ON u.project_id = i.project_id AND u.collection = 'units' AND u.id::text = i.data->>'unit'
        WHERE i.project_id = ${projectId} AND i.collection = 'comments' AND ${where}
          AND i.data->>'author' <> ${userId} AND (r.read_at IS NULL OR i.created_at > r.read_at)
        GROUP BY 1, 2, 3
        ORDER BY max(i.created_at) DESC
        LIMIT 200`,
  );
}

/** A unit's staff notes, newest first (the caller is staff: the plan says so in SQL). */
export async function notesOfUnit(db: Db, { projectId, unitId, where }: { projectId: string; unitId: string; where: SQL }) {
  return preparedRows<{ id: string; data: NoteData }>(
    db,
    sql`SELECT i.id::text AS id, i.data FROM items i
        WHERE i.project_id = ${projectId} AND i.collection = 'notes' AND i.data->>'unit' = ${unitId} AND ${where}
        ORDER BY i.created_at DESC, i.id DESC
        LIMIT 500`,
  );
}

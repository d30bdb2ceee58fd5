import { sql } from 'drizzle-orm';
import type { ProjectRole } from '@decor/core';
import { coalescedQuery, hotSqlRows, type Db } from '../db/client.ts';

/** The person behind a live session, with their role in the request's project (docs/identity.md). */
export interface SessionUserRow {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  email_verified: boolean;
  terms_accepted_at: Date | string | null;
  disabled: boolean;
  language: string | null;
  comment_mails: boolean;
  session_token: string;
  session_updated_at: Date | string;
  project_role?: ProjectRole | null;
}

const SESSION_USER_COLUMNS = sql.raw(
  'u.id, u.email, u.name, u.is_admin, u.email_verified, u.terms_accepted_at, u.disabled, u.language, u.comment_mails, s.token AS session_token, s.updated_at AS session_updated_at',
);

/** The caller's role in the request's project, joined to the session lookup: one round trip for both. */
const roleIn = (projectKey: string | null) =>
  sql`(SELECT m.role FROM memberships m JOIN projects p ON p.id = m.project_id WHERE m.user_id = u.id AND p.key = ${projectKey ?? ''}) AS project_role`;

/** The session behind an access token (its id and person), while it lives. */
export async function sessionUserById(
  db: Db,
  { sessionId, userId, projectKey }: { sessionId: string; userId: string; projectKey: string | null },
): Promise<SessionUserRow | undefined> {
  const [row] = await hotSqlRows<SessionUserRow>(
    db,
    sql`SELECT ${SESSION_USER_COLUMNS}, ${roleIn(projectKey)} FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.expires_at > now()`,
  );
  return row;
}

/** What a session token can hold (better-auth's ids): anything else names no session. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The session behind a cookie's token, while it lives; read together with the other requests' tokens (db/coalesce.ts). */
export async function sessionUserByToken(
  db: Db,
  { token, projectKey }: { token: string; projectKey: string | null },
): Promise<SessionUserRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  // Named, not built as SQL for each request: the role read depends on the project and nothing else.
  return coalescedQuery(db, `session by token\u0000${projectKey ?? ''}`, token, async (tokens) => {
    const rows = await hotSqlRows<SessionUserRow>(
      db,
      sql`SELECT ${SESSION_USER_COLUMNS}, ${roleIn(projectKey)} FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token = ANY(string_to_array(${tokens.join(',')}, ',')) AND s.expires_at > now()`,
    );
    const byToken = new Map(rows.map((row) => [row.session_token, row]));
    return tokens.map((wanted) => byToken.get(wanted));
  });
}

/** Live sessions among these tokens, with whether each one's person is an admin (disabled people's are left out). */
export async function liveSessionsOf(db: Db, tokens: string[]): Promise<Map<string, boolean>> {
  const rows = await hotSqlRows<{ token: string; is_admin: boolean }>(
    db,
    sql`SELECT s.token, u.is_admin FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token = ANY(string_to_array(${tokens.join(',')}, ',')) AND s.expires_at > now() AND NOT u.disabled`,
  );
  return new Map(rows.map((row) => [row.token, row.is_admin]));
}

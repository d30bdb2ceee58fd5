import { and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { escapeLike } from '../../lib/like.ts';
import { adminAudit, deployProjects, deploys, featureFlags, mailFailures, memberships, projects, sessions, users } from '../../db/schema/index.ts';

/** What an administrator changed, with the record before and after (docs/admin.md, "Audit"). */
export interface AdminChange {
  actorId: string;
  action: string;
  targetKind: 'project' | 'user' | 'membership' | 'deploy' | 'feature' | 'collection';
  targetId: string;
  projectId?: string | null;
  before: unknown;
  after: unknown;
}

export async function recordAdminChange(db: Db, change: AdminChange): Promise<void> {
  await db.insert(adminAudit).values({
    id: uuidv7(),
    actorId: change.actorId,
    action: change.action,
    targetKind: change.targetKind,
    targetId: change.targetId,
    projectId: change.projectId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export async function listAdminChanges(db: Db, { limit, targetKind, targetId }: { limit: number; targetKind?: string | undefined; targetId?: string | undefined }) {
  const where = targetKind && targetId ? and(eq(adminAudit.targetKind, targetKind), eq(adminAudit.targetId, targetId)) : targetKind ? eq(adminAudit.targetKind, targetKind) : undefined;
  return db
    .select({ entry: adminAudit, actorEmail: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actorId))
    .where(where)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit);
}

export interface ProjectCountsRow {
  project_id: string;
  members: number;
  managers: number;
  units: number;
  draft: number;
  submitted: number;
  approved: number;
}

/** Per project: members, managers, units and carts by status, in one pass over each table. */
export async function projectCounts(db: Db): Promise<Map<string, ProjectCountsRow>> {
  const rows = await queryRows<ProjectCountsRow>(
    db,
    sql`SELECT p.id AS project_id,
          (SELECT count(*)::int FROM memberships m WHERE m.project_id = p.id) AS members,
          (SELECT count(*)::int FROM memberships m WHERE m.project_id = p.id AND m.role = 'manager') AS managers,
          (SELECT count(*)::int FROM items i WHERE i.project_id = p.id AND i.collection = 'units') AS units,
          (SELECT count(*)::int FROM items i WHERE i.project_id = p.id AND i.collection = 'carts' AND i.data->>'status' = 'draft') AS draft,
          (SELECT count(*)::int FROM items i WHERE i.project_id = p.id AND i.collection = 'carts' AND i.data->>'status' = 'submitted') AS submitted,
          (SELECT count(*)::int FROM items i WHERE i.project_id = p.id AND i.collection = 'carts' AND i.data->>'status' = 'approved') AS approved
        FROM projects p`,
  );
  return new Map(rows.map((row) => [row.project_id, row]));
}

export async function projectHosts(db: Db) {
  return db
    .select({ projectId: deployProjects.projectId, deploy: deploys.name, type: deploys.type, host: deployProjects.fullKey })
    .from(deployProjects)
    .innerJoin(deploys, eq(deploys.id, deployProjects.deployId));
}

export async function listAllProjects(db: Db, { q, id }: { q?: string | undefined; id?: string | undefined } = {}) {
  const needle = q?.trim();
  return db
    .select()
    .from(projects)
    .where(and(needle ? or(ilike(projects.name, `%${escapeLike(needle)}%`), ilike(projects.key, `%${escapeLike(needle)}%`)) : undefined, id ? eq(projects.id, id) : undefined))
    .orderBy(projects.name);
}


export async function userTotals(db: Db) {
  const [row] = await queryRows<{ users: number; admins: number; disabled: number }>(
    db,
    sql`SELECT count(*)::int AS users, count(*) FILTER (WHERE is_admin)::int AS admins, count(*) FILTER (WHERE disabled)::int AS disabled FROM users`,
  );
  return row ?? { users: 0, admins: 0, disabled: 0 };
}

export async function recentSignIns(db: Db, limit: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, at: users.lastSignInAt })
    .from(users)
    .where(isNotNull(users.lastSignInAt))
    .orderBy(desc(users.lastSignInAt))
    .limit(limit);
}

/** People matching an e-mail or name, a page at a time in e-mail order. */
export async function searchUsers(db: Db, { q, after, limit }: { q?: string | undefined; after?: string | null; limit: number }) {
  const needle = q?.trim();
  const match = needle ? or(ilike(users.email, `%${escapeLike(needle)}%`), ilike(users.name, `%${escapeLike(needle)}%`)) : undefined;
  const page = after ? sql`${users.email} > ${after}` : undefined;
  return db
    .select()
    .from(users)
    .where(and(match, page))
    .orderBy(users.email)
    .limit(limit);
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function membershipsOf(db: Db, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ userId: memberships.userId, projectId: projects.id, projectKey: projects.key, projectName: projects.name, role: memberships.role })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(inArray(memberships.userId, userIds))
    .orderBy(projects.name);
}

export async function liveSessionCounts(db: Db, userIds: string[]) {
  if (!userIds.length) return new Map<string, number>();
  const rows = await db
    .select({ userId: sessions.userId, count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), sql`${sessions.expiresAt} > now()`))
    .groupBy(sessions.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}

export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

export async function listFlags(db: Db) {
  return db.select().from(featureFlags).orderBy(featureFlags.key);
}

export interface PurchaseRow {
  id: string;
  project_key: string;
  project_name: string;
  unit_name: string | null;
  buyer_email: string | null;
  approved_at: string;
  revision: number;
  currency: string;
  total: string;
}

/**
 * The purchase in force of every approved cart of every project (the last approval's), newest
 * first, filtered by project key, currency and the day of approval (UTC days, inclusive).
 */
export async function purchasesAcrossProjects(db: Db, filter: { project?: string | undefined; currency?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  return queryRows<PurchaseRow>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (c.project_id, c.id) pu.id::text AS id, p.key AS project_key, p.name AS project_name,
                 u.data->>'name' AS unit_name, b.email AS buyer_email, pu.data->>'approvedAt' AS approved_at,
                 coalesce((pu.data->>'revision')::int, 1) AS revision, coalesce(pu.data->>'currency', p.currency) AS currency, pu.data->>'total' AS total
          FROM items c
          JOIN projects p ON p.id = c.project_id
          JOIN items pu ON pu.project_id = c.project_id AND pu.collection = 'purchases' AND pu.data->>'cart' = c.id::text
          LEFT JOIN items u ON u.project_id = c.project_id AND u.collection = 'units' AND u.id::text = c.data->>'unit'
          LEFT JOIN users b ON b.id = c.data->>'owner'
          WHERE c.collection = 'carts' AND c.data->>'status' = 'approved'
            ${filter.project ? sql`AND p.key = ${filter.project}` : sql``}
          ORDER BY c.project_id, c.id, (pu.data->>'revision')::int DESC, pu.id DESC
        ) AS inforce
        WHERE true
          ${filter.currency ? sql`AND currency = ${filter.currency}` : sql``}
          ${filter.from ? sql`AND approved_at >= ${filter.from}` : sql``}
          ${filter.to ? sql`AND approved_at < (${filter.to}::date + 1)::text` : sql``}
        ORDER BY approved_at DESC, id DESC`,
  );
}

export async function recentMailFailures(db: Db, limit: number) {
  return db.select().from(mailFailures).orderBy(desc(mailFailures.at)).limit(limit);
}

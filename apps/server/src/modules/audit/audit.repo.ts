import { and, desc, eq } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import type { Db } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema/index.ts';

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

export async function listAdminChanges(
  db: Db,
  { limit, targetKind, targetId }: { limit: number; targetKind?: string | undefined; targetId?: string | undefined },
) {
  const where =
    targetKind && targetId
      ? and(eq(adminAudit.targetKind, targetKind), eq(adminAudit.targetId, targetId))
      : targetKind
        ? eq(adminAudit.targetKind, targetKind)
        : undefined;
  return db
    .select({ entry: adminAudit, actorEmail: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actorId))
    .where(where)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items, projects } from '../../db/schema/index.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** Projects by key, cached for a few seconds: every API call starts by looking one up. */
const projectsByKey = new TtlCache<ProjectRow | undefined>(5_000);

export async function findProjectByKey(db: Db, key: string): Promise<ProjectRow | undefined> {
  return projectsByKey.get(key, async () => {
    const [row] = await db.select().from(projects).where(eq(projects.key, key)).limit(1);
    return row;
  });
}

export async function listRoomItems(db: Db, projectId: string) {
  return db
    .select({ id: items.id, data: items.data })
    .from(items)
    .where(and(eq(items.projectId, projectId), eq(items.collection, 'rooms')));
}

export async function findProjectById(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

export async function updateProject(db: Db, id: string, changes: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  projectsByKey.delete(row!.key);
  return row!;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';

/** The platform's feature flags, served in GET /api/env `features` (docs/admin.md, "Features"). */
export async function listFeatureFlags(db: Db) {
  return db.select().from(featureFlags).orderBy(featureFlags.key);
}

export async function findFlag(db: Db, key: string) {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.key, key));
  return row;
}

export async function saveFlag(
  db: Db,
  { key, enabled, description }: { key: string; enabled: boolean; description: string },
): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ key, enabled, description, updatedAt: new Date() })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled, description, updatedAt: new Date() } });
}

export async function deleteFlagRow(db: Db, key: string) {
  const [removed] = await db.delete(featureFlags).where(eq(featureFlags.key, key)).returning();
  return removed;
}

import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';

export async function listFeatureFlags(db: Db) {
  return db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
}

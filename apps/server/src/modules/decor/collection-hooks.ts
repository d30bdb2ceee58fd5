import type { Db } from '../../db/client.ts';
import { repriceDraftCarts } from '../carts/carts.pricing.ts';

export interface ChangeEvent {
  db: Db;
  projectId: string;
  id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorId: string;
}

type AfterChange = (event: ChangeEvent) => Promise<void>;

/**
 * What must follow a committed change of an item, in the same transaction, by collection
 * (the engine names no collection; these live beside the collections they serve).
 * A catalogue price change reprices the open carts that use it (docs/selection-rules.md, "Prices").
 */
const AFTER_CHANGE: Record<string, AfterChange> = {
  options: async ({ db, projectId, id, before, after, actorId }) => {
    const from = Number(before?.price ?? 0);
    const to = Number(after?.price ?? 0);
    if (!before || !after || from === to) return;
    await repriceDraftCarts(db, { projectId, changes: [{ option: id, name: String(after.name ?? ''), from, to }], actorId });
  },
  packages: async ({ db, projectId, id, before, after, actorId }) => {
    if (!before || !after) return;
    if (before.priceAdjustment === after.priceAdjustment && before.name === after.name) return;
    await repriceDraftCarts(db, { projectId, packageIds: [id], actorId });
  },
};

export async function runAfterChange(collection: string, event: ChangeEvent): Promise<void> {
  await AFTER_CHANGE[collection]?.(event);
}

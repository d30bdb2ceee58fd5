import { sql, type SQL } from 'drizzle-orm';
import { can, fail, type Standing } from '@decor/core';
import type { ResolvedCollection } from './collections.registry.ts';

export type { Standing };

/**
 * How a caller reads a collection, as SQL to merge into every query (docs/architecture.md, "Access"):
 * which items (`where`) and which fields of each (`document`). Deny by default.
 */
export interface ReadPlan {
  where: SQL;
  /** The fields of each item the caller sees, as SQL; null: the whole item (its stored document). */
  document: SQL | null;
  /** Top-level fields the caller may filter on (null: any field of the schema). */
  filterable: string[] | null;
  /**
   * Whether everyone with this plan sees the same thing, and which: the whole items, or their
   * public face. Null when the answer depends on who asks (an owner's items). What is shared
   * may be kept between requests (items.cache.ts).
   */
  shared: 'whole' | 'public' | null;
}

function publicOnly(fields: string[]): SQL {
  return sql`(SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(i.data) WHERE key = ANY(string_to_array(${fields.join(',')}, ',')))`;
}

/** The SQL condition "this item belongs to the caller", from the ownership the collection declares. */
function ownedBy(collection: ResolvedCollection, userId: string, projectId: string): SQL {
  const { buyersField, userField, through } = collection.ownership ?? {};
  const conditions: SQL[] = [];
  if (buyersField) conditions.push(sql`i.data -> ${buyersField} ? ${userId}`);
  if (userField) conditions.push(sql`i.data ->> ${userField} = ${userId}`);
  if (through) {
    conditions.push(sql`i.data ->> ${through.field} IN (
      SELECT o.id::text FROM items o
      WHERE o.project_id = ${projectId} AND o.collection = ${through.collection} AND o.data -> ${through.buyersField} ? ${userId})`);
  }
  return conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : sql`false`;
}

export function readPlan(collection: ResolvedCollection, standing: Standing, projectId: string): ReadPlan {
  if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
  const allowed = can(standing, 'read', collection);
  if (!allowed) throw fail('unauthenticated', 'engine.sign-in-to-see');
  const everything = { where: sql`true`, document: null, filterable: null, shared: 'whole' } as const;
  if (allowed === 'any' && can(standing, 'manage') === 'any') return everything;
  const fields = collection.publicFields;
  if (standing.kind === 'visitor') {
    return fields
      ? { where: sql`true`, document: publicOnly(fields), filterable: fields, shared: 'public' }
      : everything;
  }
  if (allowed === 'any') {
    if (!fields) return everything;
    // Everyone sees the public face of every item; its owners see all of it.
    const mine = ownedBy(collection, standing.userId, projectId);
    return {
      where: sql`true`,
      document: sql`CASE WHEN ${mine} THEN i.data ELSE ${publicOnly(fields)} END`,
      filterable: fields,
      shared: null,
    };
  }
  return { where: ownedBy(collection, standing.userId, projectId), document: null, filterable: null, shared: null };
}

export type WritePlan = { kind: 'any' } | { kind: 'own-fields'; fields: string[]; where: SQL };

/** How a caller may change items of a collection; creating and deleting are managers' only. */
export function writePlan(
  collection: ResolvedCollection,
  standing: Standing,
  projectId: string,
  action: 'create' | 'update' | 'delete',
): WritePlan {
  if (standing.kind === 'visitor') throw fail('unauthenticated', 'engine.sign-in-to-change');
  if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
  if (collection.write === 'nobody') throw fail('forbidden', 'engine.read-only', { label: collection.ui.label });
  const allowed = can(standing, action, collection);
  if (allowed === 'any') return { kind: 'any' };
  if (allowed === 'own' && collection.ownerWritableFields) {
    return {
      kind: 'own-fields',
      fields: collection.ownerWritableFields,
      where: ownedBy(collection, standing.userId, projectId),
    };
  }
  throw fail('forbidden', 'engine.managers-only', { collection: collection.ui.label.toLowerCase() });
}

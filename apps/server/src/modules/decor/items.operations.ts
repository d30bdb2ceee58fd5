import { COLLECTION_MAX_PAGE_SIZE, COLLECTION_PAGE_SIZE, fail } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { writerIdentity } from '../../plugins/actor.ts';
import { readPlan, writePlan } from './access.repo.ts';
import type { Scope } from '../projects/index.ts';
import { listCollections, resolveCollection, type ResolvedCollection } from './collections.registry.ts';
import type { HookRegistry } from './collection-hooks.ts';
import { getItemJson, type ItemFilter, listItemsJson } from './items.repo.ts';
import { cachedRead } from './items.cache.ts';
import { createItem, deleteItem, updateItem, withWrites } from './items.write.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYSTEM_FIELDS = ['_id', '_version', 'createdAt', 'updatedAt'];

export interface DecorContext {
  db: Db;
  hooks: HookRegistry;
  /** The request's project and the caller's standing in it. */
  scope: Promise<Scope>;
}

async function collectionOf(db: Db, projectId: string, name: string): Promise<ResolvedCollection> {
  const collection = await resolveCollection(db, projectId, name);
  if (!collection) throw fail('not_found', 'engine.no-collection', { collection: name });
  return collection;
}

function requireId(id: string) {
  if (!UUID.test(id)) throw fail('bad_request', 'engine.not-an-id', undefined, { field: '_id' });
}

function describeCollection(collection: ResolvedCollection) {
  return {
    name: collection.name,
    label: collection.ui.label,
    schema: collection.jsonSchema,
    ui: collection.ui,
    refs: collection.refs,
    access: { read: collection.read, write: collection.write },
    isCustom: collection.isCustom,
  };
}

/** GET /api/schema/: every collection of the project with its JSON Schema and UI hints. */
export async function describeCollections(context: DecorContext) {
  const { project, standing } = await context.scope;
  if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
  return (await listCollections(context.db, project.id)).map(describeCollection);
}

export async function describeOneCollection(context: DecorContext, name: string) {
  const { project, standing } = await context.scope;
  if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
  return describeCollection(await collectionOf(context.db, project.id, name));
}

const FILTER_KEY = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(gte|lte)\])?$/;

/** `field=value` (equality, or "contains" on a list) and `field[gte]=`/`field[lte]=` on numbers. */
function parseFilters(
  collection: ResolvedCollection,
  filterable: string[] | null,
  query: Record<string, unknown>,
): ItemFilter[] {
  const filters: ItemFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (key === 'limit' || key === 'afterId') continue;
    const match = FILTER_KEY.exec(key);
    const field = match?.[1];
    const type = field && Object.hasOwn(collection.fieldTypes, field) ? collection.fieldTypes[field] : undefined;
    if (!match || !field || !type)
      throw fail('bad_request', 'engine.not-a-field', { key, collection: collection.name }, { field: key });
    if (filterable && !filterable.includes(field))
      throw fail('bad_request', 'engine.not-filterable', { collection: collection.name, field }, { field: key });
    if (typeof raw !== 'string') throw fail('bad_request', 'engine.filter-once', { key }, { field: key });
    const isNumeric = type === 'number' || type === 'integer';
    if (match[2]) {
      const bound = Number(raw);
      if (!isNumeric || raw.trim() === '' || !Number.isFinite(bound))
        throw fail('bad_request', 'engine.filter-bound', { key }, { field: key });
      filters.push({ field, op: match[2] === 'gte' ? 'gte' : 'lte', bound });
      continue;
    }
    let value: unknown = raw;
    if (isNumeric) {
      value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value))
        throw fail('bad_request', 'engine.filter-number', { key }, { field: key });
    } else if (type === 'boolean') {
      if (raw !== 'true' && raw !== 'false')
        throw fail('bad_request', 'engine.filter-boolean', { key }, { field: key });
      value = raw === 'true';
    } else if (type === 'array') {
      value = [raw];
    } else if (type === 'object') {
      throw fail('bad_request', 'engine.filter-object', { key }, { field: key });
    }
    filters.push({ field, op: 'holds', value });
  }
  return filters;
}

function pageLimit(raw: unknown): number {
  if (raw === undefined) return COLLECTION_PAGE_SIZE;
  const limit = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(limit) || limit < 1 || limit > COLLECTION_MAX_PAGE_SIZE) {
    throw fail('bad_request', 'engine.page-limit', { max: COLLECTION_MAX_PAGE_SIZE }, { field: 'limit' });
  }
  return limit;
}

/** GET /api/schema/{collection}/: one keyset page in id (creation) order, as JSON text. */
export async function listItems(context: DecorContext, name: string, query: Record<string, unknown>): Promise<string> {
  const { project, standing } = await context.scope;
  const collection = await collectionOf(context.db, project.id, name);
  const plan = readPlan(collection, standing, project.id);
  const afterId = query.afterId;
  if (afterId !== undefined && (typeof afterId !== 'string' || !UUID.test(afterId))) {
    throw fail('bad_request', 'engine.after-id', undefined, { field: 'afterId' });
  }
  const filters = parseFilters(collection, plan.filterable, query);
  const limit = pageLimit(query.limit);
  const load = async () =>
    listItemsJson(context.db, {
      projectId: project.id,
      collection: collection.name,
      where: plan.where,
      document: plan.document,
      filters,
      afterId: (afterId as string | undefined) ?? null,
      limit,
      shape: plan.shared ?? undefined,
    });
  if (!plan.shared) return load();
  const key = `${plan.shared} list ${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
  return (await cachedRead(project.id, collection.name, key, load))!;
}

export async function getItem(context: DecorContext, name: string, id: string): Promise<string> {
  requireId(id);
  const { project, standing } = await context.scope;
  const collection = await collectionOf(context.db, project.id, name);
  const plan = readPlan(collection, standing, project.id);
  const load = () =>
    getItemJson(context.db, {
      projectId: project.id,
      collection: collection.name,
      id,
      where: plan.where,
      document: plan.document,
      shape: plan.shared ?? undefined,
    });
  const body = plan.shared
    ? await cachedRead(project.id, collection.name, `${plan.shared} item ${id.toLowerCase()}`, load)
    : await load();
  if (!body)
    throw fail('not_found', 'engine.no-item', {
      collection: collection.name,
      singular: collection.ui.singular.toLowerCase(),
    });
  return body;
}

/** What a client sent, without the fields only the server sets (ids, versions, dates, the collection's own). */
function clientFields(collection: ResolvedCollection, body: Record<string, unknown>): Record<string, unknown> {
  const ignored = [...SYSTEM_FIELDS, ...(collection.serverFields ?? [])];
  return Object.fromEntries(Object.entries(body).filter(([key]) => !ignored.includes(key)));
}

/** How a person writes through the API: as the project's staff, or as an item's owner (a buyer's own fields). */
function writerOf(context: DecorContext, { project, actor }: Scope, origin: 'staff' | 'owner') {
  return { project, ...writerIdentity(actor!), origin, hooks: context.hooks };
}

/** POST /api/schema/{collection}/ */
export async function postItem(context: DecorContext, name: string, body: Record<string, unknown>): Promise<string> {
  const scope = await context.scope;
  const { project, standing } = scope;
  const collection = await collectionOf(context.db, project.id, name);
  writePlan(collection, standing, project.id, 'create');
  const fields = clientFields(collection, body);
  return withWrites(
    context.db,
    writerOf(context, scope, 'staff'),
    async (writer) => (await createItem(writer, collection.name, fields)).body,
  );
}

/**
 * The version a PATCH was based on: If-Match (`5`, `"5"` or `W/"5"`) or `_version` as a JSON
 * number. Only a positive whole number counts: `"5"`, `["5"]`, `"0x5"` or `true` are refused.
 */
export function versionFrom(ifMatch: string | undefined, body: Record<string, unknown>): number {
  const refuse = () => fail('bad_request', 'engine.send-version', undefined, { field: '_version' });
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"?([1-9]\d{0,15})"?$/.exec(ifMatch.trim());
    if (!match) throw refuse();
    return Number(match[1]);
  }
  const version = body._version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) throw refuse();
  return version;
}

/** PATCH /api/schema/{collection}/{id}: a partial change to the version the caller read. */
export async function patchItem(
  context: DecorContext,
  name: string,
  id: string,
  body: Record<string, unknown>,
  ifMatch?: string,
): Promise<string> {
  requireId(id);
  const scope = await context.scope;
  const { project, standing } = scope;
  const collection = await collectionOf(context.db, project.id, name);
  const plan = writePlan(collection, standing, project.id, 'update');
  const expectedVersion = versionFrom(ifMatch, body);
  const patch = clientFields(collection, body);
  if (plan.kind === 'own-fields') {
    const refused = Object.keys(patch).filter((field) => !plan.fields.includes(field));
    if (refused.length)
      throw fail('forbidden', 'engine.fields-refused', { fields: refused.join(', ') }, { fields: refused });
  }
  const asOwner = plan.kind === 'own-fields';
  return updateItem(
    { db: context.db, base: writerOf(context, scope, asOwner ? 'owner' : 'staff') },
    collection.name,
    id,
    (current) => ({ ...current.data, ...patch }),
    {
      where: asOwner ? plan.where : undefined,
      expectedVersion,
    },
  );
}

/** DELETE /api/schema/{collection}/{id}: refused while other items refer to it. */
export async function removeItem(context: DecorContext, name: string, id: string) {
  requireId(id);
  const scope = await context.scope;
  const { project, standing } = scope;
  const collection = await collectionOf(context.db, project.id, name);
  writePlan(collection, standing, project.id, 'delete');
  return withWrites(context.db, writerOf(context, scope, 'staff'), (writer) => deleteItem(writer, collection.name, id));
}

import { sql, type SQL } from 'drizzle-orm';
import {
  cartTotal,
  COLLECTION_MAX_PAGE_SIZE,
  COLLECTION_PAGE_SIZE,
  DomainError,
  notFound,
  badRequest,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { roleInProject } from '../projects/memberships.repo.ts';
import { requireProject } from '../projects/projects.operations.ts';
import type { ProjectRow } from '../projects/projects.repo.ts';
import { readPlan, standingOf, writePlan, type Standing } from './access.ts';
import { listCollections, resolveCollection, schemaIssues, type ResolvedCollection } from './collections.registry.ts';
import {
  deleteItem,
  existingRefs,
  getItemJson,
  insertItem,
  listItemsJson,
  lockItem,
  pricesFor,
  referrers,
  updateItemAudited,
  writeAudit,
  type ItemRow,
} from './items.repo.ts';
import { refsByCollection } from './refs.ts';
import { enforceCartRules } from '../carts/carts.rules.ts';
import { runAfterChange } from './collection-hooks.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYSTEM_FIELDS = ['_id', '_version', 'createdAt', 'updatedAt'];

export interface DecorContext {
  db: Db;
  actor: Actor | null;
  projectKey: string | null;
}

interface Scope {
  project: ProjectRow;
  standing: Standing;
}

async function scopeOf({ db, actor, projectKey }: DecorContext): Promise<Scope> {
  const project = await requireProject(db, projectKey);
  const role = actor ? await roleInProject(db, project.id, actor.userId) : null;
  return { project, standing: standingOf(actor, role) };
}

async function collectionOf(db: Db, projectId: string, name: string): Promise<ResolvedCollection> {
  const collection = await resolveCollection(db, projectId, name);
  if (!collection) throw notFound(`There is no collection "${name}" in this project.`);
  return collection;
}

function requireId(id: string) {
  if (!UUID.test(id)) throw badRequest('That is not an item id.', { field: '_id' });
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
  const { project, standing } = await scopeOf(context);
  if (standing.kind === 'outsider') throw new DomainError('forbidden', 'You are not a member of this project.');
  return (await listCollections(context.db, project.id)).map(describeCollection);
}

export async function describeOneCollection(context: DecorContext, name: string) {
  const { project, standing } = await scopeOf(context);
  if (standing.kind === 'outsider') throw new DomainError('forbidden', 'You are not a member of this project.');
  return describeCollection(await collectionOf(context.db, project.id, name));
}

const FILTER_KEY = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(gte|lte)\])?$/;

/** `field=value` (equality, or "contains" on a list) and `field[gte]=`/`field[lte]=` on numbers. */
function filterSql(collection: ResolvedCollection, filterable: string[] | null, query: Record<string, unknown>): SQL[] {
  const filters: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (key === 'limit' || key === 'afterId') continue;
    const match = FILTER_KEY.exec(key);
    const field = match?.[1];
    const type = field && Object.hasOwn(collection.fieldTypes, field) ? collection.fieldTypes[field] : undefined;
    if (!match || !field || !type) throw badRequest(`"${key}" is not a field of ${collection.name}.`, { field: key });
    if (filterable && !filterable.includes(field)) throw badRequest(`You cannot filter ${collection.name} by ${field}.`, { field: key });
    if (typeof raw !== 'string') throw badRequest(`Give "${key}" once, as text.`, { field: key });
    const isNumeric = type === 'number' || type === 'integer';
    if (match[2]) {
      const bound = Number(raw);
      if (!isNumeric || raw.trim() === '' || !Number.isFinite(bound)) throw badRequest(`"${key}" needs a number on a number field.`, { field: key });
      filters.push(match[2] === 'gte' ? sql`(i.data->>${field})::numeric >= ${bound}` : sql`(i.data->>${field})::numeric <= ${bound}`);
      continue;
    }
    let value: unknown = raw;
    if (isNumeric) {
      value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw badRequest(`"${key}" needs a number.`, { field: key });
    } else if (type === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw badRequest(`"${key}" needs true or false.`, { field: key });
      value = raw === 'true';
    } else if (type === 'array') {
      value = [raw];
    } else if (type === 'object') {
      throw badRequest(`"${key}" cannot be filtered on.`, { field: key });
    }
    filters.push(sql`i.data @> ${JSON.stringify({ [field]: value })}::jsonb`);
  }
  return filters;
}

function pageLimit(raw: unknown): number {
  if (raw === undefined) return COLLECTION_PAGE_SIZE;
  const limit = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(limit) || limit < 1 || limit > COLLECTION_MAX_PAGE_SIZE) {
    throw badRequest(`limit must be a whole number from 1 to ${COLLECTION_MAX_PAGE_SIZE}.`, { field: 'limit' });
  }
  return limit;
}

/** GET /api/schema/{collection}/: one keyset page in id (creation) order, as JSON text. */
export async function listItems(context: DecorContext, name: string, query: Record<string, unknown>): Promise<string> {
  const { project, standing } = await scopeOf(context);
  const collection = await collectionOf(context.db, project.id, name);
  const plan = readPlan(collection, standing, project.id);
  const afterId = query.afterId;
  if (afterId !== undefined && (typeof afterId !== 'string' || !UUID.test(afterId))) {
    throw badRequest('afterId must be the _id of the last item of the previous page.', { field: 'afterId' });
  }
  return listItemsJson(context.db, {
    projectId: project.id,
    collection: collection.name,
    where: plan.where,
    document: plan.document,
    filters: filterSql(collection, plan.filterable, query),
    afterId: (afterId as string | undefined) ?? null,
    limit: pageLimit(query.limit),
  });
}

export async function getItem(context: DecorContext, name: string, id: string): Promise<string> {
  requireId(id);
  const { project, standing } = await scopeOf(context);
  const collection = await collectionOf(context.db, project.id, name);
  const plan = readPlan(collection, standing, project.id);
  const body = await getItemJson(context.db, { projectId: project.id, collection: collection.name, id, where: plan.where, document: plan.document });
  if (!body) throw notFound(`There is no such ${collection.ui.singular.toLowerCase()}.`);
  return body;
}

function withoutSystemFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !SYSTEM_FIELDS.includes(key)));
}

function validated(collection: ResolvedCollection, data: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(data);
  if (!collection.validate(copy)) {
    const issues = schemaIssues(collection.validate.errors);
    throw new DomainError('bad_request', `Invalid ${collection.ui.singular.toLowerCase()}: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`, { issues });
  }
  return copy;
}

/** Every reference must point at an item of the same project; only new ones need checking. */
async function checkReferences(db: Db, projectId: string, collection: ResolvedCollection, data: Record<string, unknown>, previous?: Record<string, unknown>) {
  const known = previous ? refsByCollection(collection.refs, previous) : new Map<string, Set<string>>();
  const wanted = [...refsByCollection(collection.refs, data)].flatMap(([target, ids]) =>
    [...ids].filter((id) => !known.get(target)?.has(id)).map((id) => ({ collection: target, id })),
  );
  if (!wanted.length) return;
  const found = await existingRefs(db, projectId, wanted);
  const missing = wanted.filter((ref) => !found.has(`${ref.collection}:${ref.id}`)).map((ref) => ({ collection: ref.collection, _id: ref.id }));
  if (missing.length) {
    throw new DomainError('rule_broken', `This refers to ${missing.length === 1 ? 'an item that does' : 'items that do'} not exist in this project.`, { missing });
  }
}

/**
 * A cart's choices must keep the rules (422 otherwise), and its total is always the
 * server's: option prices × quantities plus the package's adjustment.
 */
async function withServerTotal(db: Db, projectId: string, collection: ResolvedCollection, data: Record<string, unknown>) {
  if (collection.name !== 'carts') return data;
  await enforceCartRules(db, projectId, data);
  const selections = (data.selections ?? []) as Array<{ option: string; quantity: number }>;
  const { prices, adjustment } = await pricesFor(db, projectId, selections.map((s) => s.option), (data.package as string | null) ?? null);
  return { ...data, total: cartTotal({ selections, priceOf: (id) => prices.get(id), packageAdjustment: adjustment }) };
}

async function documentOf(db: Db, projectId: string, collection: string, id: string): Promise<string> {
  return (await getItemJson(db, { projectId, collection, id, where: sql`true`, document: sql`i.data` }))!;
}

/** POST /api/schema/{collection}/ */
export async function createItem(context: DecorContext, name: string, body: Record<string, unknown>): Promise<string> {
  const { project, standing } = await scopeOf(context);
  const collection = await collectionOf(context.db, project.id, name);
  writePlan(collection, standing, project.id, 'create');
  const actorId = context.actor!.userId;
  const fields = withoutSystemFields(body);
  if (collection.name === 'carts') delete fields.total;
  let data = validated(collection, fields);
  await checkReferences(context.db, project.id, collection, data);
  data = await withServerTotal(context.db, project.id, collection, data);
  return context.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const id = await insertItem(db, { projectId: project.id, collection: collection.name, data, actorId });
    await writeAudit(db, { projectId: project.id, collection: collection.name, itemId: id, action: 'create', actorId, before: null, after: data });
    return documentOf(db, project.id, collection.name, id);
  });
}

/**
 * The version a PATCH was based on: If-Match (`5`, `"5"` or `W/"5"`) or `_version` as a JSON
 * number. Only a positive whole number counts: `"5"`, `["5"]`, `"0x5"` or `true` are refused.
 */
export function versionFrom(ifMatch: string | undefined, body: Record<string, unknown>): number {
  const refuse = () => badRequest('Send the version you read (If-Match header or _version), so that no change is lost.', { field: '_version' });
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
export async function patchItem(context: DecorContext, name: string, id: string, body: Record<string, unknown>, ifMatch?: string): Promise<string> {
  requireId(id);
  const { project, standing } = await scopeOf(context);
  const collection = await collectionOf(context.db, project.id, name);
  const plan = writePlan(collection, standing, project.id, 'update');
  const expectedVersion = versionFrom(ifMatch, body);
  const patch = withoutSystemFields(body);
  // A cart's total is computed here; whatever total a client sends is ignored.
  if (collection.name === 'carts') delete patch.total;
  if (plan.kind === 'own-fields') {
    const refused = Object.keys(patch).filter((field) => !plan.fields.includes(field));
    if (refused.length) throw new DomainError('forbidden', `You may not change ${refused.join(', ')}.`, { fields: refused });
  }
  const actorId = context.actor!.userId;

  return context.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const current: ItemRow | null = await lockItem(db, {
      projectId: project.id,
      collection: collection.name,
      id,
      where: plan.kind === 'own-fields' ? plan.where : sql`true`,
    });
    if (!current) throw notFound(`There is no such ${collection.ui.singular.toLowerCase()}.`);
    if (current.version !== expectedVersion) {
      const latest = JSON.parse(await documentOf(db, project.id, collection.name, id)) as unknown;
      throw new DomainError('conflict', 'Someone changed this since you opened it. Here is the current version.', { current: latest });
    }
    if (plan.kind === 'own-fields') assertBuyerMayEdit(current.data);
    let data = validated(collection, { ...current.data, ...patch });
    await checkReferences(db, project.id, collection, data, current.data);
    data = await withServerTotal(db, project.id, collection, data);
    const body = await updateItemAudited(db, { projectId: project.id, collection: collection.name, id, data, before: current.data, actorId });
    await runAfterChange(collection.name, { db, projectId: project.id, id, before: current.data, after: data, actorId });
    return body;
  });
}

/** A cart document about to be written by the server itself: valid, referring to real items, keeping the rules, with its total recomputed. */
export async function checkedCart(db: Db, projectId: string, data: Record<string, unknown>, previous: Record<string, unknown>) {
  const carts = await collectionOf(db, projectId, 'carts');
  const valid = validated(carts, data);
  await checkReferences(db, projectId, carts, valid, previous);
  return withServerTotal(db, projectId, carts, valid);
}

/** A buyer edits only a draft cart before its deadline (DESIGN.md §6). */
export function assertBuyerMayEdit(cart: Record<string, unknown>, now = new Date()) {
  if (cart.status !== 'draft') throw new DomainError('locked', 'This selection has been submitted and can no longer be changed.');
  const deadline = typeof cart.deadline === 'string' ? Date.parse(cart.deadline) : NaN;
  if (Number.isFinite(deadline) && deadline < now.getTime()) {
    throw new DomainError('locked', 'The deadline for this selection has passed. Contact the design centre to make changes.');
  }
}

/** DELETE /api/schema/{collection}/{id}: refused while other items refer to it. */
export async function deleteOneItem(context: DecorContext, name: string, id: string) {
  requireId(id);
  const { project, standing } = await scopeOf(context);
  const collection = await collectionOf(context.db, project.id, name);
  writePlan(collection, standing, project.id, 'delete');
  const actorId = context.actor!.userId;
  return context.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const current = await lockItem(db, { projectId: project.id, collection: collection.name, id });
    if (!current) throw notFound(`There is no such ${collection.ui.singular.toLowerCase()}.`);
    const usedBy = await referrers(db, { projectId: project.id, collection: collection.name, id });
    if (usedBy.length) {
      throw new DomainError('conflict', `This ${collection.ui.singular.toLowerCase()} is still used by ${usedBy.length} item(s); change those first.`, { referrers: usedBy });
    }
    await deleteItem(db, { projectId: project.id, collection: collection.name, id });
    await writeAudit(db, { projectId: project.id, collection: collection.name, itemId: id, action: 'delete', actorId, before: current.data, after: null });
    return { _id: id, deleted: true as const };
  });
}


import type { SQL } from 'drizzle-orm';
import { type CoreKey, fail, issueList, message } from '@decor/core';
import { type Db, withTransaction } from '../../db/client.ts';
import type { ProjectRow } from '../projects/index.ts';
import type {
  CollectionHooks,
  Document,
  HookArgs,
  HookRegistry,
  WriteOperation,
  WriteOrigin,
} from './collection-hooks.ts';
import { resolveCollection, schemaIssues, type ResolvedCollection } from './collections.registry.ts';
import {
  deleteItemAudited,
  existingRefs,
  getItemJson,
  insertItemAudited,
  lockItem,
  readItemRow,
  referrers,
  updateItemAudited,
  type ItemRow,
} from './items.repo.ts';
import { refsByCollection } from './refs.ts';
import { forgetReads } from './items.cache.ts';

/**
 * The one write path of collection data (docs/architecture.md, "One write path"). Every
 * module that creates, changes or deletes an item — the collection API, a cart's transition,
 * a repricing, an access code, an import — does it here, so that each write is validated
 * against the collection's schema, refers only to items of its project, runs the
 * collection's hooks, bumps the version, writes one audit entry and is announced on the
 * change feed, all in one transaction.
 */

export interface WriteBase {
  project: ProjectRow;
  actorId: string | null;
  /** The API key a write is made with (then `actorId` is null): its audit entries name it (docs/integrations.md). */
  apiKeyId?: string | null;
  origin: WriteOrigin;
  hooks: HookRegistry;
  now?: Date;
  /** Where a failed after-commit task (a mail) is reported; it never fails the write. The hooks' log says it when this is not given. */
  onTaskError?: (error: unknown) => void;
}

/** A write session: one open transaction and who is writing. */
export interface Writer extends Required<Omit<WriteBase, 'onTaskError' | 'apiKeyId'>> {
  apiKeyId?: string | null;
  db: Db;
  afterCommit(task: (db: Db) => Promise<unknown>): void;
  /**
   * Items (`collection:id`) this session has seen exist: a batch of ten thousand units that
   * all name one plan looks the plan up once. A deletion in the session forgets its item.
   */
  knownItems?: Set<string>;
  /**
   * A batch that checks its references once, at its end (as a deferred constraint would):
   * the references not yet seen are kept here instead of asked one by one, so the items of
   * a bundle may refer to each other in any order (docs/architecture.md, "One write path").
   */
  deferredRefs?: Map<string, { collection: string; id: string }>;
}

type Task = (db: Db) => Promise<unknown>;

/** A writer on `db` (a transaction or the database), collecting into `tasks` what must run after the commit. */
function writerOn(db: Db, base: WriteBase, tasks: Task[]): Writer {
  return {
    project: base.project,
    actorId: base.actorId,
    apiKeyId: base.apiKeyId ?? null,
    origin: base.origin,
    hooks: base.hooks,
    now: base.now ?? new Date(),
    db,
    afterCommit: (task) => tasks.push(task),
    knownItems: new Set(),
  };
}

/** Runs what was queued for after the commit; a failure is reported, never thrown. */
function runAfterCommit(db: Db, base: WriteBase, tasks: Task[]) {
  const report =
    base.onTaskError ??
    ((error: unknown) => base.hooks.log.error({ err: error }, 'a task after a committed write failed'));
  for (const task of tasks) void task(db).catch(report);
}

/**
 * A writer inside a transaction the caller opened, for writes that must commit with rows of
 * its own (a new project's row and its first items): `committed` runs what the hooks queued,
 * once the caller's transaction has committed. Otherwise, `withWrites`.
 */
export function writerIn(tx: Db, base: WriteBase): { writer: Writer; committed(db: Db): void } {
  const tasks: Task[] = [];
  return { writer: writerOn(tx, base, tasks), committed: (db) => runAfterCommit(db, base, tasks) };
}

/** Runs `work` in one transaction; tasks the hooks queued for after the commit run once it has. */
export async function withWrites<T>(db: Db, base: WriteBase, work: (writer: Writer) => Promise<T>): Promise<T> {
  const tasks: Task[] = [];
  const result = await withTransaction(db, async (tx) => work(writerOn(tx, base, tasks)));
  runAfterCommit(db, base, tasks);
  return result;
}

/** The refusal for an item that is not there (or not the caller's to change). */
function missing(collection: ResolvedCollection, options: Pick<UpdateOptions, 'missingMessage'>) {
  return options.missingMessage
    ? fail('not_found', options.missingMessage)
    : fail('not_found', 'engine.no-item', {
        collection: collection.name,
        singular: collection.ui.singular.toLowerCase(),
      });
}

/** The refusal for a change based on an older version, with the item as it now is. */
async function stale(
  db: Db,
  projectId: string,
  collection: ResolvedCollection,
  id: string,
  options: Pick<UpdateOptions, 'conflictMessage'>,
) {
  const current = JSON.parse(await documentOf(db, projectId, collection.name, id)) as unknown;
  return fail('conflict', options.conflictMessage ?? 'engine.stale', undefined, { current });
}

/** The collection written to; what this server keeps of it is dropped the moment the write commits (others hear it on the change feed). */
async function collectionOf(writer: Writer, name: string): Promise<ResolvedCollection> {
  const collection = await resolveCollection(writer.db, writer.project.id, name);
  if (!collection) throw fail('not_found', 'engine.no-collection', { collection: name });
  const projectId = writer.project.id;
  writer.afterCommit(async () => forgetReads(projectId, collection.name));
  return collection;
}

function hookArgs(
  writer: Writer,
  collection: ResolvedCollection,
  operation: WriteOperation,
  previous: Document | null,
): HookArgs {
  return {
    db: writer.db,
    project: writer.project,
    collection,
    operation,
    origin: writer.origin,
    actorId: writer.actorId,
    now: writer.now,
    previous,
    afterCommit: writer.afterCommit,
  };
}

function validated(collection: ResolvedCollection, data: Document): Document {
  const copy = structuredClone(data);
  if (!collection.validate(copy)) {
    const issues = schemaIssues(collection.validate.errors);
    throw fail(
      'bad_request',
      'engine.invalid',
      {
        collection: collection.name,
        singular: collection.ui.singular.toLowerCase(),
        issues: issueList(message, issues),
      },
      { issues },
    );
  }
  return copy;
}

/** Every reference must point at an item of the same project; only new ones need checking. */
async function checkReferences(
  writer: Writer,
  collection: ResolvedCollection,
  data: Document,
  previous: Document | null,
) {
  const known = previous ? refsByCollection(collection.refs, previous) : new Map<string, Set<string>>();
  const wanted = [...refsByCollection(collection.refs, data)].flatMap(([target, ids]) =>
    [...ids]
      .filter((id) => !known.get(target)?.has(id) && !writer.knownItems?.has(`${target}:${id}`))
      .map((id) => ({ collection: target, id })),
  );
  if (!wanted.length) return;
  if (writer.deferredRefs) {
    for (const ref of wanted) writer.deferredRefs.set(`${ref.collection}:${ref.id}`, ref);
    return;
  }
  const found = await existingRefs(writer.db, writer.project.id, wanted);
  for (const key of found) writer.knownItems?.add(key);
  const missing = wanted
    .filter((ref) => !found.has(`${ref.collection}:${ref.id}`))
    .map((ref) => ({ collection: ref.collection, _id: ref.id }));
  if (missing.length) {
    throw fail(
      'rule_broken',
      missing.length === 1 ? 'engine.missing-reference' : 'engine.missing-references',
      undefined,
      { missing },
    );
  }
}

/** Hooks before the write, validation and references: the document that will be stored. */
async function prepare(
  writer: Writer,
  collection: ResolvedCollection,
  operation: WriteOperation,
  data: Document,
  previous: Document | null,
): Promise<Document> {
  const args = hookArgs(writer, collection, operation, previous);
  const proposed = await writer.hooks.transform('beforeValidate', { ...args, data });
  const valid = validated(collection, proposed);
  await checkReferences(writer, collection, valid, previous);
  return writer.hooks.transform('beforeChange', { ...args, data: valid });
}

/** The collection's afterCommit hooks, run once the write has committed, with the database outside the transaction. */
function queueAfterCommit(writer: Writer, args: HookArgs & { id: string; data: Document | null }) {
  if (!writer.hooks.has(args.collection.name, 'afterCommit')) return;
  writer.afterCommit((db) => writer.hooks.run('afterCommit', { ...args, db }));
}

/** The stored document as the API shows it (every field), as JSON text. */
export async function documentOf(db: Db, projectId: string, collection: string, id: string): Promise<string> {
  return (await getItemJson(db, { projectId, collection, id }))!;
}

/**
 * Creates one item; answers with its id and the API document. An import gives the id it
 * chose (a UUIDv7 made beforehand) so that other rows of its file can refer to the item.
 */
export async function createItem(
  writer: Writer,
  name: string,
  fields: Document,
  id?: string,
): Promise<{ id: string; body: string }> {
  const collection = await collectionOf(writer, name);
  const data = await prepare(writer, collection, 'create', fields, null);
  const created = await insertItemAudited(writer.db, {
    projectId: writer.project.id,
    collection: collection.name,
    data,
    actorId: writer.actorId,
    apiKeyId: writer.apiKeyId ?? null,
    id,
  });
  writer.knownItems?.add(`${collection.name}:${created.id}`);
  const args = { ...hookArgs(writer, collection, 'create', null), id: created.id, data };
  await writer.hooks.run('afterChange', args);
  queueAfterCommit(writer, args);
  return created;
}

export interface UpdateOptions {
  /** Limits the item to what the caller may change (its owner's, say); otherwise it is "not found". */
  where?: SQL;
  /** The version the change was based on: another one is a conflict answered with the current item. */
  expectedVersion?: number;
  /** The sentence (its catalogue key) for a stale version, and for an item that is not there. */
  conflictMessage?: CoreKey;
  missingMessage?: CoreKey;
}

/** Where a change is made: inside a transaction a writer holds, or on its own (`{ db, base }`). */
export type WriteTarget = Writer | { db: Db; base: WriteBase };
type Change = (current: ItemRow) => Document | null | Promise<Document | null>;

/**
 * Changes one item and answers with the API document: `change` is asked for the new document
 * (null leaves it as it is), which is written through the hooks.
 *
 * In a writer's transaction the item is locked first. On its own, when nothing else must commit
 * with it, it is one statement: the item is read without a lock and written only if it is
 * still at the version read (row, audit entry and announcement together); a change made
 * meanwhile is a conflict, exactly as a stale version is. A collection with `afterChange` hooks
 * (their writes must commit with the change) takes the locked path in a transaction of its own.
 * Fewer round trips: no BEGIN, lock or COMMIT (docs/architecture.md, "One write path").
 */
export async function updateItem(
  target: WriteTarget,
  name: string,
  id: string,
  change: Change,
  options: UpdateOptions = {},
): Promise<string> {
  if ('afterCommit' in target) return updateLocked(target, name, id, change, options);
  const { db, base } = target;
  if (base.hooks.has(name, 'afterChange'))
    return withWrites(db, base, (writer) => updateLocked(writer, name, id, change, options));
  const tasks: Task[] = [];
  const writer = writerOn(db, base, tasks);
  const collection = await collectionOf(writer, name);
  const projectId = writer.project.id;
  const current = await readItemRow(db, { projectId, collection: collection.name, id, where: options.where });
  if (!current) throw missing(collection, options);
  if (options.expectedVersion !== undefined && current.version !== options.expectedVersion)
    throw await stale(db, projectId, collection, id, options);
  const proposed = await change(current);
  if (proposed === null) return documentOf(db, projectId, collection.name, id);
  const data = await prepare(writer, collection, 'update', proposed, current.data);
  const body = await updateItemAudited(db, {
    projectId,
    collection: collection.name,
    id,
    data,
    before: current.data,
    actorId: writer.actorId,
    apiKeyId: writer.apiKeyId ?? null,
    ifVersion: current.version,
  });
  if (!body) throw await stale(db, projectId, collection, id, options);
  queueAfterCommit(writer, { ...hookArgs(writer, collection, 'update', current.data), id, data });
  runAfterCommit(db, base, tasks);
  return body;
}

async function updateLocked(
  writer: Writer,
  name: string,
  id: string,
  change: Change,
  options: UpdateOptions,
): Promise<string> {
  const collection = await collectionOf(writer, name);
  const projectId = writer.project.id;
  const current = await lockItem(writer.db, { projectId, collection: collection.name, id, where: options.where });
  if (!current) throw missing(collection, options);
  if (options.expectedVersion !== undefined && current.version !== options.expectedVersion)
    throw await stale(writer.db, projectId, collection, id, options);
  const proposed = await change(current);
  if (proposed === null) return documentOf(writer.db, projectId, collection.name, id);
  const data = await prepare(writer, collection, 'update', proposed, current.data);
  const body = (await updateItemAudited(writer.db, {
    projectId,
    collection: collection.name,
    id,
    data,
    before: current.data,
    actorId: writer.actorId,
    apiKeyId: writer.apiKeyId ?? null,
  }))!;
  const args = { ...hookArgs(writer, collection, 'update', current.data), id, data };
  await writer.hooks.run('afterChange', args);
  await writer.hooks.run('afterLockedUpdate', args);
  queueAfterCommit(writer, args);
  return body;
}

/** Deletes one item; refused while other items refer to it, or when a hook refuses. */
export async function deleteItem(
  writer: Writer,
  name: string,
  id: string,
  options: Pick<UpdateOptions, 'where' | 'missingMessage'> = {},
) {
  const collection = await collectionOf(writer, name);
  const projectId = writer.project.id;
  const singular = collection.ui.singular.toLowerCase();
  const current = await lockItem(writer.db, { projectId, collection: collection.name, id, where: options.where });
  if (!current) throw missing(collection, options);
  const args = hookArgs(writer, collection, 'delete', current.data);
  await writer.hooks.run('beforeDelete', { ...args, id });
  const usedBy = await referrers(writer.db, { projectId, collection: collection.name, id });
  if (usedBy.length) {
    throw fail(
      'conflict',
      'engine.in-use',
      { collection: collection.name, singular, count: usedBy.length },
      { referrers: usedBy },
    );
  }
  await deleteItemAudited(writer.db, {
    projectId,
    collection: collection.name,
    id,
    before: current.data,
    actorId: writer.actorId,
    apiKeyId: writer.apiKeyId ?? null,
  });
  writer.knownItems?.delete(`${collection.name}:${id}`);
  await writer.hooks.run('afterChange', { ...args, id, data: null });
  queueAfterCommit(writer, { ...args, id, data: null });
  return { _id: id, deleted: true as const };
}

export type BatchOperation =
  | { op: 'create'; collection: string; data: Document; id?: string }
  | { op: 'update'; collection: string; id: string; data: Document; expectedVersion?: number }
  | { op: 'delete'; collection: string; id: string };

/**
 * Many writes in one transaction, all or nothing (imports, bulk changes): each item is
 * validated, hooked and audited exactly as on its own. Answers with one result per operation.
 */
export async function writeBatch(db: Db, base: WriteBase, operations: BatchOperation[]) {
  return withWrites(db, base, (writer) => runBatch(writer, operations));
}

/**
 * The operations of a batch, in order, in a write session that may do more (an import records
 * itself in it). With `deferReferences`, references are checked once, after the last
 * operation, against the project as the batch leaves it: items may name items the batch
 * creates later. A reference to anything else is refused as on its own.
 */
export async function runBatch(
  writer: Writer,
  operations: BatchOperation[],
  { deferReferences = false }: { deferReferences?: boolean } = {},
): Promise<Array<{ _id: string; op: BatchOperation['op'] }>> {
  if (deferReferences) {
    const session: Writer = { ...writer, deferredRefs: new Map() };
    const results = await runBatch(session, operations);
    await checkDeferredReferences(session);
    return results;
  }
  const results: Array<{ _id: string; op: BatchOperation['op'] }> = [];
  for (const operation of operations) {
    if (operation.op === 'create') {
      const { id } = await createItem(writer, operation.collection, operation.data, operation.id);
      results.push({ _id: id, op: 'create' });
    } else if (operation.op === 'update') {
      await updateItem(
        writer,
        operation.collection,
        operation.id,
        (current) => ({ ...current.data, ...operation.data }),
        {
          expectedVersion: operation.expectedVersion,
        },
      );
      results.push({ _id: operation.id, op: 'update' });
    } else {
      await deleteItem(writer, operation.collection, operation.id);
      results.push({ _id: operation.id, op: 'delete' });
    }
  }
  return results;
}

/** The references a deferring batch kept: each must now be an item of the project. */
async function checkDeferredReferences(writer: Writer) {
  const wanted = [...writer.deferredRefs!.values()].filter(
    (ref) => !writer.knownItems?.has(`${ref.collection}:${ref.id}`),
  );
  if (!wanted.length) return;
  const found = await existingRefs(writer.db, writer.project.id, wanted);
  const missing = wanted
    .filter((ref) => !found.has(`${ref.collection}:${ref.id}`))
    .map((ref) => ({ collection: ref.collection, _id: ref.id }));
  if (missing.length)
    throw fail(
      'rule_broken',
      missing.length === 1 ? 'engine.missing-reference' : 'engine.missing-references',
      undefined,
      { missing: missing.slice(0, 50) },
    );
}

export type { CollectionHooks, Document };

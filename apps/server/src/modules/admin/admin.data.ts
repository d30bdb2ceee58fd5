import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { fail, projectOptionsSchema, themeSchema } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { collections, deployProjects, deploys, files, items, memberships, projects, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { FileStorage } from '../files/storage.ts';
import { findProjectById, recordProjectVersion } from '../projects/projects.repo.ts';
import { recordAdminChange } from './admin.repo.ts';
import { resolveCollectionRows, schemaIssues } from '../decor/collections.registry.ts';

/**
 * A project as one JSON bundle (docs/admin.md, "Data"): its settings, custom collections and
 * extra fields, every item (catalogue, units, carts, purchases…) with its id and version, its
 * members, and its files with their bytes. Histories (audit, versions, imports, share links,
 * invitations) stay with the project they happened in.
 */
export const BUNDLE_FORMAT = 'decor-project';
export const BUNDLE_VERSION = 1;

const thumbnailSchema = z.object({ size: z.number().int(), width: z.number().int(), height: z.number().int(), bytes: z.number().int(), content: z.base64() });
const bundleFileSchema = z.object({
  id: z.uuid(),
  name: z.string().max(255),
  type: z.string().max(100),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  configs: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  content: z.base64(),
  thumbnails: z.array(thumbnailSchema).max(10),
});

export const bundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    version: z.literal(BUNDLE_VERSION),
    exportedAt: z.string(),
    project: z.object({ key: z.string(), name: z.string().min(1).max(120), currency: z.string().length(3), options: projectOptionsSchema, features: z.record(z.string(), z.boolean()), theme: themeSchema }),
    collections: z.array(z.object({ name: z.string().max(64), schema: z.record(z.string(), z.unknown()), ui: z.record(z.string(), z.unknown()) })).max(200),
    items: z.array(z.object({ collection: z.string().max(64), id: z.uuid(), version: z.number().int().min(1), data: z.record(z.string(), z.unknown()), createdAt: z.string(), updatedAt: z.string() })).max(500_000),
    memberships: z.array(z.object({ userId: z.string(), email: z.string(), role: z.enum(['purchaser', 'manager']) })),
    files: z.array(bundleFileSchema).max(20_000),
  })
  .strict();
export type Bundle = z.infer<typeof bundleSchema>;

export async function exportProject({ db, storage, projectId }: { db: Db; storage: FileStorage; projectId: string }): Promise<Bundle> {
  const project = await findProjectById(db, projectId);
  if (!project) throw fail('not_found', 'project.no-such');
  const [collectionRows, itemRows, memberRows, fileRows] = await Promise.all([
    db.select().from(collections).where(eq(collections.projectId, projectId)).orderBy(collections.name),
    db.select().from(items).where(eq(items.projectId, projectId)).orderBy(items.collection, items.id),
    db.select({ userId: memberships.userId, email: users.email, role: memberships.role }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(memberships.projectId, projectId)).orderBy(users.email),
    db.select().from(files).where(eq(files.projectId, projectId)).orderBy(files.id),
  ]);
  const bundledFiles = [];
  for (const row of fileRows) {
    const thumbnails = [];
    for (const thumb of row.thumbnails) thumbnails.push({ size: thumb.size, width: thumb.width, height: thumb.height, bytes: thumb.bytes, content: (await storage.read(thumb.storageKey)).toString('base64') });
    bundledFiles.push({ id: row.id, name: row.name, type: row.type, width: row.width, height: row.height, configs: row.configs, createdAt: row.createdAt.toISOString(), content: (await storage.read(row.storageKey)).toString('base64'), thumbnails });
  }
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    project: { key: project.key, name: project.name, currency: project.currency, options: projectOptionsSchema.parse(project.options), features: project.features, theme: themeSchema.parse(project.theme) },
    collections: collectionRows.map((row) => ({ name: row.name, schema: row.schema, ui: row.ui })),
    items: itemRows.map((row) => ({ collection: row.collection, id: row.id, version: row.version, data: row.data, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
    memberships: memberRows,
    files: bundledFiles,
  };
}

/** Every file id of the bundle given a new one, and a function that rewrites them anywhere in a JSON value. */
function fileIdMap(bundle: Bundle) {
  const map = new Map(bundle.files.map((file) => [file.id, uuidv7()]));
  const pattern = map.size ? new RegExp([...map.keys()].join('|'), 'g') : null;
  const rewrite = <T>(value: T): T => (pattern ? (JSON.parse(JSON.stringify(value).replace(pattern, (id) => map.get(id)!)) as T) : value);
  return { map, rewrite };
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'application/pdf': 'pdf', 'text/csv': 'csv', 'model/gltf-binary': 'glb' };

/**
 * A bundle as a new project under `key`: the same items with the same ids and versions, the
 * files stored again under new ids (every reference to them rewritten), the members who have
 * an account here. All or nothing: stored bytes are removed again when the rows cannot be written.
 */
export async function importProject({ db, storage, actor, bundle, key, name, portalHost }: { db: Db; storage: FileStorage; actor: Actor; bundle: Bundle; key: string; name?: string | undefined; portalHost: string }) {
  const [taken] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, key)).limit(1);
  if (taken) throw fail('conflict', 'admin.key-taken', { key }, { field: 'key' });
  // Every item must be an item of a collection the bundle's project has, valid by its schema.
  const known = new Map(resolveCollectionRows(bundle.collections).map((c) => [c.name, c]));
  const problems: Array<{ field: string; message: string }> = [];
  for (const item of bundle.items) {
    const collection = known.get(item.collection);
    if (!collection) problems.push({ field: `items.${item.id}`, message: `there is no collection “${item.collection}”` });
    else if (!collection.validate(structuredClone(item.data))) problems.push(...schemaIssues(collection.validate.errors).map((issue) => ({ field: `items.${item.collection}.${item.id}.${issue.field}`, message: issue.message })));
    if (problems.length >= 20) break;
  }
  if (problems.length) throw fail('rule_broken', 'admin.bundle-invalid', { count: problems.length }, { issues: problems });
  const projectId = uuidv7();
  const { map, rewrite } = fileIdMap(bundle);
  const stored: string[] = [];
  const fileRows: Array<typeof files.$inferInsert> = [];
  try {
    for (const file of bundle.files) {
      const id = map.get(file.id)!;
      const bytes = Buffer.from(file.content, 'base64');
      const storageKey = `${projectId}/${id}.${EXTENSIONS[file.type] ?? 'bin'}`;
      await storage.put(storageKey, bytes);
      stored.push(storageKey);
      const thumbnails = [];
      for (const thumb of file.thumbnails) {
        const thumbKey = `${projectId}/${id}-w${thumb.size}.webp`;
        await storage.put(thumbKey, Buffer.from(thumb.content, 'base64'));
        stored.push(thumbKey);
        thumbnails.push({ size: thumb.size, width: thumb.width, height: thumb.height, bytes: thumb.bytes, storageKey: thumbKey });
      }
      fileRows.push({ id, projectId, name: file.name, type: file.type, size: bytes.length, width: file.width, height: file.height, sha256: createHash('sha256').update(bytes).digest('hex'), storageKey, thumbnails, configs: rewrite(file.configs), createdBy: actor.userId, createdAt: new Date(file.createdAt) });
    }
    const userIds = bundle.memberships.map((m) => m.userId);
    const accounts = userIds.length ? new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map((u) => u.id)) : new Set<string>();
    const result = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [row] = await t
        .insert(projects)
        .values({ id: projectId, key, name: name?.trim() || bundle.project.name, currency: bundle.project.currency, options: rewrite(bundle.project.options), features: bundle.project.features, theme: rewrite(bundle.project.theme) })
        .returning();
      await recordProjectVersion(t, row!, actor.userId);
      if (bundle.collections.length) await t.insert(collections).values(bundle.collections.map((c) => ({ id: uuidv7(), projectId, name: c.name, schema: c.schema, ui: c.ui })));
      if (fileRows.length) for (let i = 0; i < fileRows.length; i += 500) await t.insert(files).values(fileRows.slice(i, i + 500));
      for (let i = 0; i < bundle.items.length; i += 500) {
        await t.insert(items).values(
          bundle.items.slice(i, i + 500).map((item) => ({ projectId, collection: item.collection, id: item.id, version: item.version, data: rewrite(item.data), createdAt: new Date(item.createdAt), updatedAt: new Date(item.updatedAt) })),
        );
      }
      // On the deploy of the portal's own host, as a project made in the wizard is.
      const [home] = await t.select({ id: deploys.id }).from(deploys).where(eq(deploys.host, portalHost)).limit(1);
      if (home) await t.insert(deployProjects).values({ deployId: home.id, projectId, fullKey: `${key}.${portalHost}` }).onConflictDoNothing();
      const members = bundle.memberships.filter((m) => accounts.has(m.userId));
      if (members.length) await t.insert(memberships).values(members.map((m) => ({ projectId, userId: m.userId, role: m.role })));
      const counts = { items: bundle.items.length, files: fileRows.length, collections: bundle.collections.length, members: members.length, membersWithoutAccount: bundle.memberships.length - members.length };
      await recordAdminChange(t, { actorId: actor.userId, action: 'project.import', targetKind: 'project', targetId: projectId, projectId, before: null, after: { key, name: row!.name, from: bundle.project.key, ...counts } });
      return { _id: projectId, key, name: row!.name, ...counts };
    });
    return result;
  } catch (error) {
    await Promise.all(stored.map((storageKey) => storage.remove(storageKey).catch(() => undefined)));
    throw error;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '../../lib/ids.ts';
import { z } from 'zod';
import {
  type CoreKey,
  DomainError,
  fail,
  type FieldIssue,
  isCurrencyCode,
  message,
  type MessageParams,
  projectOptionsInputSchema,
  projectOptionsSchema,
  themeSchema,
  said,
} from '@decor/core';
import { type Db, withTransaction } from '../../db/client.ts';
import type { HookRegistry } from '../decor/index.ts';
import { runBatch, type BatchOperation, writerIn } from '../decor/index.ts';
import { filesOfProject, isTexture, storeFile } from '../files/index.ts';
import { placeOnPortalDeploy } from '../portal/index.ts';
import { accessCodeValues, INVITATION_DEFAULTS, provenInvitationMail } from '../access-codes/index.ts';
import { insertAccessCodes } from '../access-codes/index.ts';
import { readerFor, type Mailer } from '../mail/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { FileStorage } from '../files/index.ts';
import {
  findProjectById,
  insertProject,
  isProjectKeyTaken,
  membersOf,
  recordProjectVersion,
} from '../projects/index.ts';
import { recordAdminChange } from '../audit/index.ts';
import {
  collectionRowsOf,
  insertCollectionRows,
  itemsOfProject,
  resolveCollectionRows,
  schemaIssues,
  type ResolvedCollection,
} from '../decor/index.ts';

/**
 * A project as one JSON bundle (docs/admin.md, "Data"): its settings, custom collections and
 * extra fields, every item (catalogue, units, carts, purchases…) with its id and version, its
 * members, and its files with their bytes. Histories (audit, versions, imports, share links,
 * invitations) stay with the project they happened in.
 */
export const BUNDLE_FORMAT = 'decor-project';
export const BUNDLE_VERSION = 1;

const thumbnailSchema = z.object({
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  content: z.base64(),
});
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
    project: z.object({
      key: z.string(),
      name: z.string().min(1).max(120),
      currency: z.string().refine(isCurrencyCode, said('validation.currency')),
      options: projectOptionsInputSchema,
      features: z.record(z.string(), z.boolean()),
      theme: themeSchema,
    }),
    collections: z
      .array(
        z.object({
          name: z.string().max(64),
          schema: z.record(z.string(), z.unknown()),
          ui: z.record(z.string(), z.unknown()),
        }),
      )
      .max(200),
    items: z
      .array(
        z.object({
          collection: z.string().max(64),
          id: z.uuid(),
          version: z.number().int().min(1),
          data: z.record(z.string(), z.unknown()),
          createdAt: z.string(),
          updatedAt: z.string(),
        }),
      )
      .max(500_000),
    memberships: z.array(z.object({ userId: z.string(), email: z.string(), role: z.enum(['purchaser', 'manager']) })),
    files: z.array(bundleFileSchema).max(20_000),
  })
  .strict();
export type Bundle = z.infer<typeof bundleSchema>;

export async function exportProject({
  db,
  storage,
  projectId,
}: {
  db: Db;
  storage: FileStorage;
  projectId: string;
}): Promise<Bundle> {
  const project = await findProjectById(db, projectId);
  if (!project) throw fail('not_found', 'project.no-such');
  const [collectionRows, itemRows, memberRows, fileRows] = await Promise.all([
    collectionRowsOf(db, projectId),
    itemsOfProject(db, projectId),
    membersOf(db, projectId),
    filesOfProject(db, projectId),
  ]);
  const bundledFiles = [];
  for (const row of fileRows) {
    const thumbnails = [];
    // The WebP thumbnails; an image's GPU texture is made again where the bundle is brought in.
    for (const thumb of row.thumbnails.filter((t) => !isTexture(t)))
      thumbnails.push({
        size: thumb.size,
        width: thumb.width,
        height: thumb.height,
        bytes: thumb.bytes,
        content: (await storage.read(thumb.storageKey)).toString('base64'),
      });
    bundledFiles.push({
      id: row.id,
      name: row.name,
      type: row.type,
      width: row.width,
      height: row.height,
      configs: row.configs,
      createdAt: row.createdAt.toISOString(),
      content: (await storage.read(row.storageKey)).toString('base64'),
      thumbnails,
    });
  }
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    project: {
      key: project.key,
      name: project.name,
      currency: project.currency,
      options: projectOptionsSchema.parse(project.options),
      features: project.features,
      theme: themeSchema.parse(project.theme),
    },
    collections: collectionRows.map((row) => ({ name: row.name, schema: row.schema, ui: row.ui })),
    items: itemRows.map((row) => ({
      collection: row.collection,
      id: row.id,
      version: row.version,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    memberships: memberRows,
    files: bundledFiles,
  };
}

/**
 * Every id of the bundle — items and files — given a new one, and a function that rewrites them
 * anywhere in a JSON value. Ids never repeat across projects: a copy shares none with its
 * source, so nothing looked up by id in one can answer in the other (docs/security.md, "Ids").
 */
function idMap(bundle: Bundle) {
  const map = new Map<string, string>();
  for (const { id } of [...bundle.items, ...bundle.files]) map.set(id.toLowerCase(), uuidv7());
  const pattern = map.size ? /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi : null;
  const rewrite = <T>(value: T): T =>
    pattern
      ? (JSON.parse(JSON.stringify(value).replace(pattern, (id) => map.get(id.toLowerCase()) ?? id)) as T)
      : value;
  return { map, rewrite };
}

/** What becomes of the people a bundle names (decision 027): nobody, or an invitation to each one's address. */
export const bundlePeopleSchema = z.enum(['none', 'invite']);
export type BundlePeople = z.infer<typeof bundlePeopleSchema>;

/** The collections in the order their items are written: what an item refers to is written before it. */
function writeOrder(collections: ResolvedCollection[]): string[] {
  const byName = new Map(collections.map((c) => [c.name, c]));
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name) || !byName.has(name)) return;
    visiting.add(name);
    for (const ref of byName.get(name)!.refs) if (ref.collection !== name) visit(ref.collection);
    visiting.delete(name);
    order.push(name);
  };
  for (const c of collections) visit(c.name);
  return order;
}

/** Problems of a bundle found before anything is written: unknown collections, invalid or repeated items. */
function bundleProblems(bundle: Bundle, known: Map<string, ResolvedCollection>) {
  const problems: FieldIssue[] = [];
  const seen = new Set<string>();
  const problem = (field: string, key: CoreKey, params?: MessageParams): FieldIssue => ({
    field,
    message: message(key, params),
    key,
    ...(params ? { params } : {}),
  });
  for (const item of bundle.items) {
    const collection = known.get(item.collection);
    if (!collection) problems.push(problem(`items.${item.id}`, 'validation.no-collection', { name: item.collection }));
    else if (!collection.validate(structuredClone(item.data)))
      problems.push(
        ...schemaIssues(collection.validate.errors).map((issue) => ({
          ...issue,
          field: `items.${item.collection}.${item.id}.${issue.field}`,
        })),
      );
    if (seen.has(item.id.toLowerCase())) problems.push(problem(`items.${item.id}`, 'validation.id-twice'));
    seen.add(item.id.toLowerCase());
    if (problems.length >= 20) break;
  }
  for (const file of bundle.files) {
    if (seen.has(file.id.toLowerCase())) problems.push(problem(`files.${file.id}`, 'validation.id-twice'));
    seen.add(file.id.toLowerCase());
  }
  return problems;
}

/** The invitations a bundle's people get: one per address, for the role they had; a buyer's to the unit that listed them. */
function invitationsOf(bundle: Bundle, newIdOf: Map<string, string>) {
  const unitOf = new Map<string, string>();
  for (const item of bundle.items) {
    if (item.collection !== 'units' || !Array.isArray(item.data.buyers)) continue;
    for (const buyer of item.data.buyers)
      if (typeof buyer === 'string' && !unitOf.has(buyer)) unitOf.set(buyer, newIdOf.get(item.id.toLowerCase())!);
  }
  const byEmail = new Map<string, { email: string; role: 'purchaser' | 'manager'; unitId: string | null }>();
  for (const person of bundle.memberships) {
    const email = person.email.trim().toLowerCase();
    if (!z.email().safeParse(email).success) continue;
    const previous = byEmail.get(email);
    if (previous?.role === 'manager') continue;
    byEmail.set(email, {
      email,
      role: person.role,
      unitId: person.role === 'purchaser' ? (unitOf.get(person.userId) ?? null) : null,
    });
  }
  return [...byEmail.values()];
}

/**
 * A bundle as a new project under `key` (docs/admin.md, "Data"). Every item and file gets a
 * new id (every reference to them rewritten); the items are written through the engine's
 * batch path like any other write (validated, references checked within the new project,
 * hooked, audited, announced); every file's bytes pass the same check as an upload and are
 * stored again. The bundle's people become nobody (decision 027): with `people: 'invite'`
 * each address is invited, and only whoever owns it and accepts becomes a member.
 * All or nothing: stored bytes are removed again when the rows cannot be written.
 */
export async function importProject({
  db,
  storage,
  hooks,
  mailer,
  secret,
  actor,
  bundle,
  key,
  name,
  people = 'none',
  portalHost,
  origin,
  maxFileBytes,
  log,
}: {
  db: Db;
  storage: FileStorage;
  hooks: HookRegistry;
  mailer: Mailer;
  /** Signs the proof each invitation mail's link carries. */
  secret: string;
  actor: Actor;
  bundle: Bundle;
  key: string;
  name?: string | undefined;
  people?: BundlePeople;
  portalHost: string;
  origin: string;
  /** The largest file an upload may be; a bundle's files are held to the same. */
  maxFileBytes: number;
  /** Where what fails after the commit (a mail, a file left behind) is said: it fails no import. */
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  if (await isProjectKeyTaken(db, key)) throw fail('conflict', 'admin.key-taken', { key }, { field: 'key' });
  const resolved = resolveCollectionRows(bundle.collections);
  const problems = bundleProblems(bundle, new Map(resolved.map((c) => [c.name, c])));
  const oversize = bundle.files.find((file) => Buffer.byteLength(file.content, 'base64') > maxFileBytes);
  if (oversize)
    throw fail(
      'payload_too_large',
      'admin.bundle-file',
      { name: oversize.name, reason: message('file.larger-than', { kb: Math.round(maxFileBytes / 1024) }) },
      {
        field: `files.${oversize.id}`,
        reason: { key: 'file.larger-than', params: { kb: Math.round(maxFileBytes / 1024) } },
      },
    );
  if (problems.length)
    throw fail('rule_broken', 'admin.bundle-invalid', { count: problems.length }, { issues: problems });
  const projectId = uuidv7();
  const { map, rewrite } = idMap(bundle);
  const order = writeOrder(resolved);
  const operations: BatchOperation[] = [...bundle.items]
    .sort((a, b) => order.indexOf(a.collection) - order.indexOf(b.collection))
    .map((item) => ({
      op: 'create',
      collection: item.collection,
      id: map.get(item.id.toLowerCase())!,
      data: rewrite(item.data),
    }));
  const invitations = people === 'invite' ? invitationsOf(bundle, map) : [];
  const stored: string[] = [];
  try {
    const result = await withTransaction(db, async (t) => {
      const row = await insertProject(t, {
        id: projectId,
        key,
        name: name?.trim() || bundle.project.name,
        currency: bundle.project.currency,
        options: rewrite(bundle.project.options),
        features: bundle.project.features,
        theme: rewrite(bundle.project.theme),
      });
      await recordProjectVersion(t, row, actor.userId);
      await insertCollectionRows(t, projectId, bundle.collections);
      for (const file of bundle.files) {
        const upload = {
          bytes: Buffer.from(file.content, 'base64'),
          fileName: file.name,
          claimedType: '',
          configs: rewrite(file.configs),
        };
        try {
          const saved = await storeFile({
            db: t,
            storage,
            projectId,
            createdBy: actor.userId,
            upload,
            type: (file.configs as { purpose?: unknown }).purpose === 'import' ? 'text/csv' : null,
            id: map.get(file.id.toLowerCase())!,
          });
          stored.push(saved.storageKey, ...saved.thumbnails.map((thumb) => thumb.storageKey));
        } catch (error) {
          if (error instanceof DomainError)
            throw fail(
              'rule_broken',
              'admin.bundle-file',
              { name: file.name, reason: error.message },
              { field: `files.${file.id}`, ...(error.key ? { reason: { key: error.key, params: error.params } } : {}) },
            );
          throw error;
        }
      }
      // Every item through the one write path, in the new project; references are checked at the end.
      const session = writerIn(t, { project: row, actorId: actor.userId, origin: 'import', hooks });
      await runBatch(session.writer, operations, { deferReferences: true });
      // On the deploy of the portal's own host, as a project made in the wizard is.
      await placeOnPortalDeploy(t, { projectId, key, portalHost });
      const codes = await insertAccessCodes(
        t,
        invitations.map((person) =>
          accessCodeValues({
            ...INVITATION_DEFAULTS,
            projectId,
            unitId: person.unitId,
            email: person.email,
            createdBy: actor.userId,
            role: person.role,
            targetPath: person.role === 'manager' ? '/manage' : undefined,
          }),
        ),
      );
      const counts = {
        items: operations.length,
        files: bundle.files.length,
        collections: bundle.collections.length,
        invited: codes.map((code) => ({ email: code.email!, role: code.role as 'purchaser' | 'manager' })),
        peopleNotAdded: bundle.memberships.length,
      };
      await recordAdminChange(t, {
        actorId: actor.userId,
        action: 'project.import',
        targetKind: 'project',
        targetId: projectId,
        projectId,
        before: null,
        after: { key, name: row.name, from: bundle.project.key, people, ...counts, invited: counts.invited.length },
      });
      return {
        answer: { _id: projectId, key, name: row.name, ...counts },
        codes,
        projectName: row.name,
        options: row.options,
        session,
      };
    });
    result.session.committed(db);
    for (const code of result.codes) {
      const invitation = {
        secret,
        origin,
        code: code.code,
        to: code.email!,
        projectName: result.projectName,
        role: code.role,
        projectId: result.answer._id,
      };
      void readerFor(db, result.options, invitation.to)
        .then((reader) => mailer.send(provenInvitationMail({ reader, ...invitation })))
        .catch((error: unknown) =>
          log.error({ err: error, to: invitation.to }, 'an imported project’s invitation was not mailed'),
        );
    }
    return result.answer;
  } catch (error) {
    // The files stored for an import that did not commit are removed; one that cannot be is said, and the error stays the import's.
    await Promise.all(
      stored.map((storageKey) =>
        storage
          .remove(storageKey)
          .catch((removeError: unknown) =>
            log.warn({ err: removeError, storageKey }, 'a file of a failed import could not be removed'),
          ),
      ),
    );
    throw error;
  }
}

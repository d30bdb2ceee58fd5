import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * Custom collections, and extra fields on built-in ones, defined at run time per project
 * (the model builder). `schema` is a JSON Schema object; for a built-in collection only
 * its `properties` are added to the built-in shape.
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    schema: jsonb('schema').$type<Record<string, unknown>>().notNull(),
    ui: jsonb('ui').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collections_project_name_idx').on(t.projectId, t.name)],
);

/** Every write to an item: who, when, and what it changed: the whole document when created or deleted, the changed fields before and after when updated (docs/data-model.md). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    itemId: uuid('item_id').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the change was made with (docs/integrations.md): then no person is the actor. */
    apiKeyId: uuid('api_key_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_item_idx').on(t.projectId, t.collection, t.itemId, t.at)],
);

/** Uploaded files: stored by a storage driver under `storageKey`, described here. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnails: jsonb('thumbnails')
      // WebP thumbnails, and the image's GPU texture (`type` image/ktx2; docs/3d.md, "Textures").
      .$type<Array<{ size: number; width: number; height: number; storageKey: string; bytes: number; type?: string }>>()
      .notNull()
      .default([]),
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_project_idx').on(t.projectId)],
);

/**
 * How far each person has read each selection's conversation (docs/comments.md): unread are
 * the comments of others written after `read_at`.
 */
export const commentReads = pgTable(
  'comment_reads',
  {
    userId: text('user_id').notNull(),
    cartId: uuid('cart_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.cartId] })],
);

/**
 * The digests of unread messages mailed (docs/comments.md): one row per person, project and
 * mail, so that nobody is mailed twice within an hour, however many servers run the job.
 */
export const commentDigests = pgTable(
  'comment_digests',
  {
    userId: text('user_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.sentAt] })],
);

/**
 * Deadline reminders already sent (docs/selection-rules.md): one row per cart and kind, so that each
 * reminder goes out once however many server processes run the job.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    cartId: uuid('cart_id').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.kind] })],
);

/**
 * CSV imports applied to a project (docs/imports.md): who, when, which file (kept as an
 * upload for managers), how its columns were mapped (the next file of that kind starts
 * from it) and what it did.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    counts: jsonb('counts')
      .$type<{ rows: number; created: number; updated: number; unchanged: number; invited: number }>()
      .notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The share links given for a cart (docs/screens.md, `/preview`): kept by the hash of their
 * token (the link itself is never stored), so that the buyers see which links are out and can
 * withdraw one.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prices: boolean('prices').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('share_links_cart_idx').on(t.cartId, t.createdAt)],
);

/**
 * Visits of signed-in people (docs/admin.md, "Sessions"): recorded by the portal itself from
 * the app's own beacon, no third-party script. One row per visit: who, project, device, when it
 * began and was last seen, how many pages.
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    pages: integer('pages').notNull().default(1),
    lastPath: text('last_path').notNull(),
  },
  (t) => [index('visits_started_idx').on(t.startedAt), index('visits_seen_idx').on(t.lastSeenAt)],
);

/**
 * What an option costs the builder (docs/reports.md, "Cost and margin"): staff only, so kept
 * beside the catalogue rather than in the option's document, which buyers, the widget, webhooks
 * and exports read. One row per option that has a cost; none means no cost was given.
 */
export const optionCosts = pgTable(
  'option_costs',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').notNull(),
    /** In the project's minor units. */
    cost: bigint('cost', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.optionId] })],
);

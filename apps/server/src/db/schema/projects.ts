import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProjectOptions, Theme } from '@decor/core';
import { users } from './identity.ts';

export const projects = pgTable('projects', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  options: jsonb('options').$type<Partial<ProjectOptions>>().notNull().default({}),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  theme: jsonb('theme').$type<Theme>().notNull(),
  /** Moves on with every change of the settings: a save made on an older one is refused. */
  version: integer('version').notNull().default(1),
  /** An archived project keeps its data and answers no one but admins (docs/admin.md). */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const MEMBERSHIP_ROLES = ['purchaser', 'manager'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const memberships = pgTable(
  'memberships',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MembershipRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('memberships_user_id_idx').on(t.userId)],
);

export const DEPLOY_TYPES = ['development', 'staging', 'production'] as const;
export type DeployType = (typeof DEPLOY_TYPES)[number];

/** A deployment of the portal (a server and its host) and the projects it serves. */
export const deploys = pgTable('deploys', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<DeployType>().notNull().default('production'),
  host: text('host').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deployProjects = pgTable(
  'deploy_projects',
  {
    deployId: uuid('deploy_id')
      .notNull()
      .references(() => deploys.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fullKey: text('full_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deployId, t.projectId] })],
);

/**
 * The decor content of every project: one JSONB document per item, keyed by project,
 * collection and a time-ordered UUIDv7 id so keyset paging follows creation order.
 */
export const items = pgTable(
  'items',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    id: uuid('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    /**
     * The item's API document as JSON text, kept by PostgreSQL on every write (docs/architecture.md,
     * "Stored documents"): a page is its rows' documents joined, with nothing built per read.
     */
    doc: text('doc')
      .notNull()
      .generatedAlwaysAs(sql`item_document(id, data, version, created_at, updated_at)`),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.collection, t.id] }),
    // A unit's name is unique in its project, as people write it (case and outer spaces aside):
    // imports find units by name, and two imports at once must not make the same unit twice.
    uniqueIndex('items_unit_name_idx')
      .on(t.projectId, sql`lower(btrim(${t.data} ->> 'name'))`)
      .where(sql`${t.collection} = 'units'`),
    // The sales team's leads, newest activity first (docs/public-pages.md, "Following up leads").
    index('items_leads_recent_idx')
      .on(t.projectId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.collection} = 'leads'`),
    // Equality filters (`data @> {...}`) on any field of any collection but carts: a cart is
    // written at every choice, and indexing each of its values cost a PATCH more than any read
    // of carts gains (docs/performance.md, "Stored documents"; decision 038).
    index('items_data_gin_idx')
      .using('gin', sql`${t.data} jsonb_path_ops`)
      .where(sql`${t.collection} <> 'carts'`),
    // A selection's conversation, oldest first (docs/comments.md).
    index('items_comments_cart_idx')
      .on(t.projectId, sql`(${t.data} ->> 'cart')`, t.createdAt, t.id)
      .where(sql`${t.collection} = 'comments'`),
  ],
);

/** Platform-wide feature flags, served in /api/env and edited by admins. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change an administrator makes to the platform (projects, people, deploys, flags):
 * who, what, and the record before and after (docs/admin.md, "Audit").
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at), index('admin_audit_target_idx').on(t.targetKind, t.targetId, t.at)],
);

/**
 * Every version of a project's settings (name, currency, options, features, theme) after a
 * change, by whom: the history an administrator can compare and restore (docs/admin.md, "Configs").
 */
export const projectVersions = pgTable(
  'project_versions',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.version] })],
);

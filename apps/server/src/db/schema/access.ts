import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccessCodeKind } from '@decor/core';
import { users } from './identity.ts';
import { projects, type MembershipRole } from './projects.ts';

/**
 * Invitation and access links (/link/{code}, /go/{code}): consuming one grants
 * membership of its project (and unit) and signs the person in.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    code: text('code').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id'),
    email: text('email'),
    role: text('role').$type<MembershipRole>().notNull().default('purchaser'),
    /** Which kind of link it is, so its maker's right to grant is checked the right way (MAILED_LINKS in core). */
    kind: text('kind').$type<AccessCodeKind>().notNull().default('invitation'),
    targetPath: text('target_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_codes_project_id_idx').on(t.projectId)],
);

/** Mail written while no SMTP server is configured: the development outbox. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every mail the portal sent or tried to send: to whom, about what, for which project, and
 * whether it left — a buyer's mails for the design centre (docs/back-office.md, "Buyers"), the
 * failures for the administrators (docs/admin.md, "Overview"). The words are not kept.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** `sent` (handed to the SMTP server), `outbox` (kept in the development outbox) or `failed`. */
    status: text('status').$type<'sent' | 'outbox' | 'failed'>().notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_project_to_idx').on(t.projectId, t.to, t.at),
    index('mail_log_failed_idx')
      .on(t.at)
      .where(sql`status = 'failed'`),
  ],
);

/** Fixed-window request counters (sign-in, sign-up, codes), shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(1),
});

import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { projects } from './projects.ts';

/**
 * Sales-centre screens (docs/displays.md): each registers itself from `/v` with a long-lived
 * secret (only its hash is kept) and a claim code it shows until an administrator or the
 * project's manager claims it for a project under a name.
 */
export const displays = pgTable(
  'displays',
  {
    id: uuid('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    /** Shown on the screen until it is claimed; null once claimed or revoked. */
    claimCode: text('claim_code'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name'),
    userAgent: text('user_agent'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The screen's last health report (frame rate, round trip, build, size). */
    health: jsonb('health'),
    /**
     * What a visitor pairs with while nobody holds the screen: the 8-digit code shown under the
     * QR code and the secret the QR code carries. Both single-use: null while a phone holds the
     * screen, drawn anew when it is free again (docs/displays.md, "Pairing a phone").
     */
    pairingCode: text('pairing_code'),
    pairingSecret: text('pairing_secret'),
    /** The hash of the pairing secret the phone that holds the screen keeps; null when free. */
    visitorHash: text('visitor_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /** When the phone was last heard (kept to within 20 s): a pairing silent for 3 minutes is released. */
    visitorSeenAt: timestamp('visitor_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('displays_claim_code_idx')
      .on(t.claimCode)
      .where(sql`claim_code IS NOT NULL`),
    index('displays_project_idx').on(t.projectId),
    uniqueIndex('displays_pairing_code_idx')
      .on(t.pairingCode)
      .where(sql`pairing_code IS NOT NULL`),
    index('displays_visitor_seen_idx')
      .on(t.visitorSeenAt)
      .where(sql`visitor_hash IS NOT NULL`),
  ],
);

/** What happened to a screen, for its page in the platform's back office (never what a visitor chose). */
export const displayEvents = pgTable(
  'display_events',
  {
    id: uuid('id').primaryKey(),
    displayId: uuid('display_id')
      .notNull()
      .references(() => displays.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** registered, claimed, renamed, moved, revoked, paired, released, disconnected, code-limit. */
    kind: text('kind').notNull(),
    /** Who did it, when a person did (the screen itself registers). */
    actorId: text('actor_id'),
    detail: jsonb('detail'),
  },
  (t) => [index('display_events_display_idx').on(t.displayId, t.at)],
);

/**
 * A look a visitor built on a sales-centre screen and asked to receive by e-mail (docs/displays.md,
 * "The look goes home"): the address, the room and finishes as they read, which screen. Kept for
 * the sales team; it becomes a lead when the public pages' leads exist.
 */
export const showroomLooks = pgTable(
  'showroom_looks',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayId: uuid('display_id').references(() => displays.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The look as it was sent (plan, room, a finish per category, camera). */
    look: jsonb('look').notNull(),
    /** What the mail said, line by line ("Flooring: Engineered Oak – Smoked"). */
    summary: jsonb('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('showroom_looks_project_idx').on(t.projectId, t.createdAt)],
);

import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { projects } from './projects.ts';

/**
 * Appointments with the design centre (docs/appointments.md). A consultant is a person of the
 * project's staff who meets buyers, with their weekly hours and exceptions on the project zone's
 * wall clock and where they meet.
 */
export const consultants = pgTable(
  'consultants',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: text('place').notNull().default(''),
    videoUrl: text('video_url'),
    weekly: jsonb('weekly').$type<Array<{ weekday: number; start: string; end: string }>>().notNull().default([]),
    exceptions: jsonb('exceptions')
      .$type<Array<{ day: string; spans: Array<{ start: string; end: string }> }>>()
      .notNull()
      .default([]),
    active: boolean('active').notNull().default(true),
    /** The SHA-256 of their private calendar feed's secret; null when they have none. */
    feedHash: text('feed_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consultants_person_idx').on(t.projectId, t.userId),
    uniqueIndex('consultants_feed_idx').on(t.feedHash),
  ],
);

/** The kinds of meeting a project offers: their length, the buffer after, who books and when, the fee past the free ones. */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The name in each language of the project: `{ en: …, "fr-CA": … }`. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    lengthMinutes: integer('length_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    stepMinutes: integer('step_minutes').notNull().default(30),
    /** `buyers`: every buyer of the unit books it; `owner`: its first buyer only; `staff`: the design centre only. */
    bookedBy: text('booked_by').$type<'buyers' | 'owner' | 'staff'>().notNull().default('buyers'),
    noticeMinutes: integer('notice_minutes').notNull().default(1440),
    aheadDays: integer('ahead_days').notNull().default(90),
    cancelMinutes: integer('cancel_minutes').notNull().default(1440),
    /** Meetings of this kind a selection has without a fee; past them, `fee` (minor units) is added. */
    freeCount: integer('free_count').notNull().default(1),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('appointment_types_project_idx').on(t.projectId)],
);

/**
 * A booked meeting: its moments as instants, and until when its consultant is busy (its end and
 * the type's buffer). No two booked meetings of one consultant overlap: an exclusion constraint
 * over `[starts_at, busy_until)` (migration 0030), on PostgreSQL and PGlite alike.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    consultantId: uuid('consultant_id')
      .notNull()
      .references(() => consultants.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'restrict' }),
    cartId: uuid('cart_id'),
    unitId: uuid('unit_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    busyUntil: timestamp('busy_until', { withTimezone: true }).notNull(),
    status: text('status').$type<'booked' | 'cancelled' | 'done' | 'no_show'>().notNull().default('booked'),
    /** The iCalendar SEQUENCE: one more at each change mailed. */
    sequence: integer('sequence').notNull().default(0),
    bookedBy: text('booked_by'),
    /** The fee this meeting added to its selection (minor units), 0 for a free one. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    /** The consultant's note after the meeting: a staff note, never shown to buyers. */
    note: text('note').notNull().default(''),
    /** The reminders already sent (`day`, `soon`), each claimed before it goes out. */
    reminders: jsonb('reminders').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_consultant_idx').on(t.consultantId, t.startsAt),
    index('appointments_cart_idx').on(t.cartId),
    index('appointments_project_idx').on(t.projectId, t.startsAt),
  ],
);

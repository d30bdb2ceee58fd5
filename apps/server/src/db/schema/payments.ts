import {
  bigint,
  date,
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
import { projects } from './projects.ts';

/**
 * What each signed version of a selection owes (docs/payments.md): written in the same
 * transaction as the signature, with the terms and taxes of that moment, so that a change to
 * the project's terms never moves what a buyer signed for. One row per cart and revision (a
 * selection returned and signed again replaces its revision's row).
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    unitId: uuid('unit_id').notNull(),
    revision: integer('revision').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** The project's `payments` options and `depositPercent` as they were when it was signed. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    depositPercent: jsonb('deposit_percent').$type<number>().notNull(),
    /** The signed total before tax, each tax, and with tax (minor units). */
    net: bigint('net', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').$type<Array<{ name: string; rate: number; amount: number }>>().notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    specialOrderGross: bigint('special_order_gross', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.revision] }),
    index('payment_plans_project_idx').on(table.projectId, table.unitId),
  ],
);

/**
 * A selection's ledger: every payment, refund and credit, append-only (a mistake is reversed by
 * an opposite entry, never edited or deleted). Each entry carries its receipt's number, given
 * without gaps per project in the entry's own transaction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    unitId: uuid('unit_id').notNull(),
    kind: text('kind').notNull(),
    method: text('method'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull().default(''),
    /** The day the money moved, in the project's zone. */
    paidOn: date('paid_on').notNull(),
    reason: text('reason').notNull().default(''),
    receiptNumber: integer('receipt_number').notNull(),
    /** The card processor's id of a card payment (its payment intent) or card refund: recorded once, however often it is told. */
    externalId: text('external_id'),
    /** A refund's card payment, when it gives one back. */
    refundOf: uuid('refund_of'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_receipt_idx').on(table.projectId, table.receiptNumber),
    uniqueIndex('ledger_entries_external_idx').on(table.projectId, table.externalId),
    index('ledger_entries_cart_idx').on(table.cartId, table.createdAt),
  ],
);

/** The last receipt number given per project: the next entry takes the one after, in its own transaction, so none is skipped. */
export const receiptCounters = pgTable('receipt_counters', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

/**
 * A card payment begun on the card processor's hosted page (docs/payments.md, "Paying by card"):
 * the amount the server worked out from the signed plan, and how it ended. A selection has at
 * most one open at a time: a new amount expires the last one first, so one buyer cannot pay twice.
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    /** The processor's checkout session id. */
    id: text('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull(),
    unitId: uuid('unit_id').notNull(),
    upTo: text('up_to').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    url: text('url').notNull(),
    state: text('state').notNull(),
    paymentIntent: text('payment_intent'),
    entryId: uuid('entry_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('card_checkouts_cart_idx').on(table.cartId, table.state)],
);

/** Every card-processor event applied, by its id: a delivery told twice, or replayed, is applied once. */
export const processorEvents = pgTable('processor_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

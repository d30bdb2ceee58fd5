import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * The public front door (docs/public-pages.md): the inquiry form's tokens already spent (a form
 * is sent once), and the builder's widget's views and clicks per day and referring site.
 */
export const spentFormTokens = pgTable('spent_form_tokens', {
  /** The token's random part; its signature and time are checked before it is spent. */
  nonce: text('nonce').primaryKey(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  spentAt: timestamp('spent_at', { withTimezone: true }).notNull().defaultNow(),
});

export const embedCounts = pgTable(
  'embed_counts',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** The site the widget was shown on (its origin), or '' when the browser did not say. */
    origin: text('origin').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.day, table.origin] })],
);

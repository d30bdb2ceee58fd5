import { z } from 'zod';

/**
 * The back office's answers (docs/back-office.md), one source for the server's response
 * schemas and the web's types.
 */

/** A keyset page: the items and the cursor of the next page (null on the last). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next: z.string().nullable() });
export type Page<T> = { items: T[]; next: string | null };

export const personSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const CART_LIST_STATUSES = ['draft', 'locked', 'submitted', 'approved'] as const;
export type CartListStatus = (typeof CART_LIST_STATUSES)[number];

export const cartRowSchema = z.object({
  _id: z.string(),
  _version: z.number(),
  updatedAt: z.string(),
  status: z.enum(CART_LIST_STATUSES),
  deadline: z.string().nullable(),
  total: z.number(),
  revision: z.number(),
  unit: z.object({ _id: z.string(), name: z.string(), floor: z.number() }).nullable(),
  buyers: z.array(personSchema),
  /** The buyers' addresses whose latest mail from the project the mail server refused. */
  mailRefused: z.array(z.string()),
  /** One cart's row only: the required choices it lacks (how many, and in words by category), which its buyers must make before they sign. */
  missing: z.object({ count: z.number().int(), list: z.array(z.string()) }).optional(),
});
export type CartRow = z.infer<typeof cartRowSchema>;

/** A selection waiting for review (docs/back-office.md, "Waiting for you"): when it was signed, the day its review is due, whether that passed. */
export const reviewQueueItemSchema = cartRowSchema.extend({
  signedAt: z.string().nullable(),
  /** The review-by day in the project's zone (YYYY-MM-DD): the signature's day plus the project's review days. */
  dueBy: z.string().nullable(),
  overdue: z.boolean(),
  /** Where the project approves once the deposit is paid: what is still awaited of it (minor units; 0 when nothing is). */
  depositAwaited: z.number().int(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const REVIEW_BULK_MAX = 100;

/** POST /api/manage/review-queue/approve: approve several selections, each as one approval is. */
export const bulkApproveSchema = z
  .object({ carts: z.array(z.uuid()).min(1).max(REVIEW_BULK_MAX), comment: z.string().max(2000).optional() })
  .strict();

/** What became of each: approved (and mailed), or refused with the reason a single approval would give. */
export const bulkApproveResultSchema = z.object({
  approved: z.array(z.string()),
  refused: z.array(z.object({ cart: z.string(), code: z.string(), message: z.string(), key: z.string().optional() })),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResultSchema>;

/** POST /api/manage/reminders: chosen selections, or every open one not started (nothing chosen) or not submitted. */
export const remindersInputSchema = z.union([
  z.object({ carts: z.array(z.uuid()).min(1).max(500) }).strict(),
  z.object({ who: z.enum(['not-started', 'not-submitted']) }).strict(),
]);
export type RemindersInput = z.infer<typeof remindersInputSchema>;

/** Who was reminded, and who not: no longer open, or reminded within the hour. */
export const remindersResultSchema = z.object({
  reminded: z.array(z.string()),
  skipped: z.array(z.object({ cart: z.string(), reason: z.enum(['not-open', 'recently']) })),
});
export type RemindersResult = z.infer<typeof remindersResultSchema>;

/** What one write changed in a cart, as the history tells it. */
export const historyChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['created', 'notes', 'alternatives', 'deleted']) }),
  z.object({
    kind: z.literal('status'),
    from: z.string().nullable(),
    to: z.string(),
    comment: z.string().optional(),
    fee: z.number().optional(),
    deadline: z.string().optional(),
  }),
  z.object({ kind: z.enum(['added', 'removed']), option: z.string(), name: z.string() }),
  z.object({ kind: z.literal('package'), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({ kind: z.literal('deadline'), to: z.string().nullable() }),
  z.object({ kind: z.literal('signed'), name: z.string() }),
  z.object({ kind: z.literal('repriced'), from: z.number(), to: z.number() }),
  /** A message of the selection's conversation (docs/comments.md): part of its history. */
  z.object({ kind: z.literal('comment'), body: z.string() }),
]);
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  who: personSchema.extend({ role: z.string() }).nullable(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const dashboardSchema = z.object({
  currency: z.string(),
  units: z.object({ available: z.number(), reserved: z.number(), sold: z.number() }),
  carts: z.object({ draft: z.number(), locked: z.number(), submitted: z.number(), approved: z.number() }),
  buyers: z.object({
    invited: z.number(),
    joined: z.number(),
    signedIn: z.number(),
    submitted: z.number(),
    approved: z.number(),
  }),
  deadlines: z.object({ week: z.number(), reviewOverdue: z.number() }),
  revenue: z.object({ approved: z.number(), pending: z.number(), open: z.number() }),
  topOptions: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), count: z.number() })),
  topCategories: z.array(z.object({ id: z.string(), name: z.string(), count: z.number(), upgrades: z.number() })),
  /** The front door (docs/public-pages.md): leads waiting, and the widget's last 30 days. */
  front: z.object({ leadsNew: z.number(), leadsHeld: z.number(), widgetViews: z.number(), widgetClicks: z.number() }),
  /** The addresses whose latest mail the mail server refused, newest first (at most 10 listed), and how many. */
  mailRefused: z.object({
    count: z.number(),
    recent: z.array(z.object({ email: z.string(), at: z.string(), error: z.string().nullable() })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const unitRowSchema = z.object({
  _id: z.string(),
  _version: z.number(),
  name: z.string(),
  floor: z.number(),
  status: z.enum(['available', 'reserved', 'sold']),
  deadline: z.string().nullable(),
  plan: z.string().nullable(),
  cart: z.object({ _id: z.string(), status: z.enum(CART_LIST_STATUSES) }).nullable(),
  buyers: z.array(personSchema),
  /** The buyers' addresses whose latest mail from the project the mail server refused. */
  mailRefused: z.array(z.string()),
  /** One cart's row only: the required choices it lacks (how many, and in words by category), which its buyers must make before they sign. */
  missing: z.object({ count: z.number().int(), list: z.array(z.string()) }).optional(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;

export const purchasingLineSchema = z.object({
  vendor: z.string(),
  sku: z.string(),
  item: z.string(),
  category: z.string(),
  unit: z.string(),
  floor: z.number(),
  room: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  revision: z.number(),
  approvedAt: z.string(),
  /** The selection is reopened as a change order: this purchase stays in force until the change order is approved. */
  changeOrderOpen: z.boolean(),
});
export type PurchasingLine = z.infer<typeof purchasingLineSchema>;

export const purchasingReportSchema = z.object({
  currency: z.string(),
  purchases: z.number(),
  /** Of those purchases, how many have a change order open. */
  changeOrdersOpen: z.number(),
  total: z.number(),
  groups: z.array(
    z.object({ vendor: z.string(), sku: z.string(), item: z.string(), quantity: z.number(), amount: z.number() }),
  ),
  lines: z.array(purchasingLineSchema),
  /** Each purchase's money: its total with tax, what was paid and credited, what is left. */
  money: z.array(
    z.object({
      unit: z.string(),
      floor: z.number(),
      gross: z.number().int(),
      paid: z.number().int(),
      credits: z.number().int(),
      outstanding: z.number().int(),
    }),
  ),
});
export type PurchasingReport = z.infer<typeof purchasingReportSchema>;

/** One mail the portal sent or tried to send (the mail log: docs/back-office.md, "Buyers"). */
export const mailEntrySchema = z.object({
  subject: z.string(),
  status: z.enum(['sent', 'outbox', 'failed']),
  error: z.string().nullable(),
  at: z.string(),
});
export type MailEntry = z.infer<typeof mailEntrySchema>;

export const accessLinkSchema = z.object({
  code: z.string(),
  url: z.string(),
  email: z.string().nullable(),
  unit: z.string().nullable(),
  unitName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  role: z.enum(['purchaser', 'manager']),
  targetPath: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number(),
  uses: z.number(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The last mail the project sent to the link's address, when it has one: whether it left. */
  lastMail: mailEntrySchema.nullable().optional(),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

/** A buyer of the project as the back office lists them (GET /api/manage/buyers). */
export const buyerRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  units: z.array(z.string()),
  joinedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The newest mails the project sent them (at most 10), newest first. */
  mails: z.array(mailEntrySchema),
});
export type BuyerRow = z.infer<typeof buyerRowSchema>;

/** A buyer inviting co-buyers (docs/access-codes.md, "Co-buyers"): at most this many buyers a home, and invitations waiting at once. */
export const INVITE_CO_BUYER_LIMITS = { buyers: 6, waiting: 3 } as const;

/** POST /api/carts/{id}/co-buyers. */
export const coBuyerInviteSchema = z.object({ email: z.email().max(254) }).strict();

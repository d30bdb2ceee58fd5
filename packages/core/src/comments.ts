import { z } from 'zod';

/**
 * Talking on a selection (docs/comments.md): comments the unit's buyers and the project's
 * staff write on a selection or one of its lines, and staff notes buyers never see. Both are
 * collections written through the one write path; who reads them is decided in SQL.
 */

export const COMMENT_MAX_LENGTH = 4000;
export const COMMENT_ATTACHMENTS_MAX = 5;
export const COMMENT_MENTIONS_MAX = 10;
/** A message still unread this many minutes after it was written is mailed to its reader in a digest. */
export const COMMENT_MAIL_AFTER_MINUTES = 10;
/** At most one digest per person and project in this many hours. */
export const COMMENT_MAIL_GAP_HOURS = 1;

/** A line of a selection: a category in a room. */
export const commentLineSchema = z.object({ room: z.uuid(), category: z.uuid() }).strict();
export type CommentLine = z.infer<typeof commentLineSchema>;

const body = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);

/** A comment as stored: where it is, what it says, who wrote it and when (set by the server). */
export const commentSchema = z
  .object({
    cart: z.uuid(),
    /** The cart's unit: its buyers are the comment's readers (with the project's staff). */
    unit: z.uuid(),
    line: commentLineSchema.nullable().default(null),
    body,
    attachments: z.array(z.uuid()).max(COMMENT_ATTACHMENTS_MAX).default([]),
    mentions: z.array(z.string().min(1).max(100)).max(COMMENT_MENTIONS_MAX).default([]),
    author: z.string().min(1).max(100),
    authorName: z.string().max(200),
    /** Whether the author wrote as the design centre (a manager of the project, or an admin). */
    staff: z.boolean(),
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
export type CommentData = z.infer<typeof commentSchema>;

/** A staff note on a unit (and, when it is about it, its selection): never shown to buyers. */
export const noteSchema = z
  .object({
    unit: z.uuid(),
    cart: z.uuid().nullable().default(null),
    body,
    author: z.string().min(1).max(100),
    authorName: z.string().max(200),
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
export type NoteData = z.infer<typeof noteSchema>;

/** POST /api/carts/{id}/comments. */
export const commentInputSchema = z
  .object({
    body,
    line: commentLineSchema.optional(),
    attachments: z.array(z.uuid()).max(COMMENT_ATTACHMENTS_MAX).optional(),
    mentions: z.array(z.string().min(1).max(100)).max(COMMENT_MENTIONS_MAX).optional(),
  })
  .strict();
export type CommentInput = z.infer<typeof commentInputSchema>;

export const commentAttachmentSchema = z.object({ id: z.uuid(), name: z.string(), type: z.string(), size: z.number() });

/** A comment as its readers see it. */
export const commentViewSchema = z.object({
  _id: z.uuid(),
  cart: z.uuid(),
  line: commentLineSchema.nullable(),
  body: z.string(),
  attachments: z.array(commentAttachmentSchema),
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
  author: z.string(),
  authorName: z.string(),
  staff: z.boolean(),
  at: z.string(),
  /** Whether the reader wrote it. */
  mine: z.boolean(),
});
export type CommentView = z.infer<typeof commentViewSchema>;

/** Someone a comment may mention: a buyer of the unit, or the project's staff. */
export const commentPersonSchema = z.object({ id: z.string(), name: z.string(), staff: z.boolean() });
export type CommentPerson = z.infer<typeof commentPersonSchema>;

/** GET /api/carts/{id}/comments: the conversation, oldest first, with what the reader has not read. */
export const commentThreadSchema = z.object({
  comments: z.array(commentViewSchema),
  /** Comments by others since the reader last read the conversation. */
  unread: z.number().int(),
  readAt: z.string().nullable(),
  /** Who can be mentioned, and who reads the conversation. */
  people: z.array(commentPersonSchema),
  /** Who has read up to which moment (the others than the reader). */
  readers: z.array(z.object({ id: z.string(), name: z.string(), readAt: z.string() })),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** A note as the staff see it. */
export const noteViewSchema = z.object({
  _id: z.uuid(),
  unit: z.uuid(),
  cart: z.uuid().nullable(),
  body: z.string(),
  author: z.string(),
  authorName: z.string(),
  at: z.string(),
});
export type NoteView = z.infer<typeof noteViewSchema>;

/** POST /api/manage/units/{id}/notes. */
export const noteInputSchema = z.object({ body, cart: z.uuid().optional() }).strict();

/** GET /api/comments/unread: the conversations with comments the reader has not read. */
export const unreadCommentsSchema = z.object({
  total: z.number().int(),
  carts: z.array(
    z.object({ cart: z.uuid(), unit: z.uuid(), unitName: z.string(), unread: z.number().int(), last: z.string() }),
  ),
});
export type UnreadComments = z.infer<typeof unreadCommentsSchema>;

import {
  type CommentData,
  type CommentInput,
  type CommentThread,
  type CommentView,
  fail,
  type NoteView,
  type UnreadComments,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { peopleOf, requireManager, type Scope } from '../projects/index.ts';
import { createItem, getItemJson, readPlan, resolveCollection, type HookRegistry, withWrites } from '../decor/index.ts';
import { cartScope, readCart } from '../carts/index.ts';
import {
  commentsOfCart,
  buyersOfUnit,
  filesByIds,
  markRead,
  namesOf,
  notesOfUnit,
  ownFiles,
  readableComment,
  readsOfCart,
  unreadByCart,
  type CommentRow,
} from './comments.repo.ts';

/** Who reads a selection's conversation: the unit's buyers, then the project's staff (docs/comments.md). */
async function conversationPeople(db: Db, { projectId, unitId }: { projectId: string; unitId: string }) {
  const [buyers, staff] = await Promise.all([
    buyersOfUnit(db, { projectId, unitId }),
    peopleOf(db, { projectId, role: 'manager' }),
  ]);
  return [
    ...buyers.map((person) => ({ ...person, staff: false })),
    ...staff.map((person) => ({ ...person, staff: true })),
  ];
}

/**
 * A selection's conversation (docs/comments.md). Whoever may read the cart — its unit's buyers
 * and the project's staff, decided by the carts' access plan in SQL — reads and writes its
 * comments; the comments' own plan (ownership through the unit) decides again what each
 * reader gets, so no route can hand one to anyone else.
 */
export async function conversationScope(db: Db, scope: Promise<Scope>, cartId: string) {
  const { project, standing, actor, plan, isManager } = await cartScope(db, scope);
  if (!actor) throw fail('unauthenticated', 'engine.sign-in-to-see');
  const cart = await readCart(db, { projectId: project.id, where: plan.where, cartId });
  const comments = (await resolveCollection(db, project.id, 'comments'))!;
  return {
    project,
    actor,
    isStaff: isManager,
    cartId,
    unitId: String(cart.unit),
    commentsPlan: readPlan(comments, standing, project.id),
  };
}

type Conversation = Awaited<ReturnType<typeof conversationScope>>;

/** Comments as their reader sees them: attachments with their names, mentions with theirs. */
async function viewsOf(
  db: Db,
  conversation: Pick<Conversation, 'project' | 'actor'>,
  rows: CommentRow[],
): Promise<CommentView[]> {
  const files = new Map(
    (
      await filesByIds(db, {
        projectId: conversation.project.id,
        ids: [...new Set(rows.flatMap((row) => row.data.attachments))],
      })
    ).map((file) => [file.id, file]),
  );
  const names = await namesOf(db, [...new Set(rows.flatMap((row) => row.data.mentions))]);
  return rows.map(({ id, data }) => ({
    _id: id,
    cart: data.cart,
    line: data.line,
    body: data.body,
    attachments: data.attachments.flatMap((file) => (files.has(file) ? [files.get(file)!] : [])),
    mentions: data.mentions.map((person) => ({ id: person, name: names.get(person) ?? '' })),
    author: data.author,
    authorName: data.authorName,
    staff: data.staff,
    at: data.at,
    mine: data.author === conversation.actor.userId,
  }));
}

/** GET /api/carts/{id}/comments. */
export async function readThread(db: Db, scope: Promise<Scope>, cartId: string): Promise<CommentThread> {
  const conversation = await conversationScope(db, scope, cartId);
  const { project, actor, unitId, commentsPlan } = conversation;
  const [rows, people, reads] = await Promise.all([
    commentsOfCart(db, { projectId: project.id, cartId, where: commentsPlan.where }),
    conversationPeople(db, { projectId: project.id, unitId }),
    readsOfCart(db, { cartId }),
  ]);
  const readAt = reads.find((read) => read.user_id === actor.userId)?.read_at ?? null;
  const names = new Map(people.map((person) => [person.id, person.name || person.email.split('@')[0]!]));
  return {
    comments: await viewsOf(db, conversation, rows),
    unread: rows.filter((row) => row.data.author !== actor.userId && (!readAt || row.data.at > readAt)).length,
    readAt,
    people: people.map((person) => ({ id: person.id, name: names.get(person.id)!, staff: person.staff })),
    // Only people who still read the conversation are shown as its readers.
    readers: reads
      .filter((read) => read.user_id !== actor.userId && names.has(read.user_id))
      .map((read) => ({ id: read.user_id, name: names.get(read.user_id)!, readAt: read.read_at })),
  };
}

/**
 * POST /api/carts/{id}/comments: a comment through the one write path. Attachments are files
 * the author uploaded to this project; mentions name the conversation's people only; a line
 * names a room and category of the project (the engine checks the references).
 */
export async function writeComment({
  db,
  hooks,
  scope,
  cartId,
  input,
  now = new Date(),
}: {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  cartId: string;
  input: CommentInput;
  now?: Date;
}): Promise<CommentView> {
  const conversation = await conversationScope(db, scope, cartId);
  const { project, actor, isStaff, unitId } = conversation;
  const attachments = [...new Set(input.attachments ?? [])];
  if (
    (await ownFiles(db, { projectId: project.id, userId: actor.userId, ids: attachments })).length !==
    attachments.length
  )
    throw fail('bad_request', 'comment.attachment-elsewhere', undefined, { field: 'attachments' });
  const mentions = [...new Set(input.mentions ?? [])];
  if (mentions.length) {
    const people = new Set(
      (await conversationPeople(db, { projectId: project.id, unitId })).map((person) => person.id),
    );
    if (mentions.some((person) => !people.has(person)))
      throw fail('bad_request', 'comment.mention-outside', undefined, { field: 'mentions' });
  }
  const data: CommentData = {
    cart: cartId,
    unit: unitId,
    line: input.line ?? null,
    body: input.body,
    attachments,
    mentions,
    author: actor.userId,
    authorName: actor.name.slice(0, 200) || actor.email.split('@')[0]!,
    staff: isStaff,
    at: now.toISOString(),
  };
  const { id } = await withWrites(
    db,
    { project, actorId: actor.userId, origin: 'server', hooks, now },
    async (writer) => {
      const created = await createItem(writer, 'comments', data);
      // The author has read what they wrote.
      await markRead(writer.db, { projectId: project.id, cartId, userId: actor.userId, at: now });
      return created;
    },
  );
  const [view] = await viewsOf(db, conversation, [{ id, data }]);
  return view!;
}

/** POST /api/carts/{id}/comments/read: the reader has read the conversation up to now. */
export async function readConversation(db: Db, scope: Promise<Scope>, cartId: string, now = new Date()) {
  const { project, actor } = await conversationScope(db, scope, cartId);
  await markRead(db, { projectId: project.id, cartId, userId: actor.userId, at: now });
}

/** One comment of a conversation for the reader, or none when it is not theirs to read. */
export async function commentFor(db: Db, conversation: Conversation, id: string): Promise<CommentView | undefined> {
  const row = await readableComment(db, {
    projectId: conversation.project.id,
    id,
    where: conversation.commentsPlan.where,
  });
  if (!row || row.data.cart !== conversation.cartId) return undefined;
  return (await viewsOf(db, conversation, [row]))[0];
}

/** GET /api/comments/unread: what the reader has not read, conversation by conversation. */
export async function unreadComments(db: Db, scope: Promise<Scope>): Promise<UnreadComments> {
  const { project, standing, actor } = await scope;
  if (!actor) throw fail('unauthenticated', 'engine.sign-in-to-see');
  if (standing.kind === 'outsider') throw fail('forbidden', 'engine.not-a-member');
  const comments = (await resolveCollection(db, project.id, 'comments'))!;
  const rows = await unreadByCart(db, {
    projectId: project.id,
    userId: actor.userId,
    where: readPlan(comments, standing, project.id).where,
  });
  return {
    total: rows.reduce((sum, row) => sum + row.unread, 0),
    carts: rows.map((row) => ({
      cart: row.cart,
      unit: row.unit,
      unitName: row.unit_name ?? '',
      unread: row.unread,
      last: row.last,
    })),
  };
}

/** The staff's notes on a unit (docs/comments.md, "Staff notes"): managers only, and the notes' plan in SQL. */
export async function unitNotes(db: Db, scope: Promise<Scope>, unitId: string): Promise<NoteView[]> {
  const resolved = await scope;
  requireManager(resolved);
  if (!(await getItemJson(db, { projectId: resolved.project.id, collection: 'units', id: unitId })))
    throw fail('not_found', 'comment.no-unit');
  const notes = (await resolveCollection(db, resolved.project.id, 'notes'))!;
  const rows = await notesOfUnit(db, {
    projectId: resolved.project.id,
    unitId,
    where: readPlan(notes, resolved.standing, resolved.project.id).where,
  });
  return rows.map(({ id, data }) => ({ _id: id, ...data }));
}

/** POST /api/manage/units/{id}/notes: a note on a unit, and on its selection when `cart` names it. */
export async function writeNote({
  db,
  hooks,
  scope,
  unitId,
  input,
  now = new Date(),
}: {
  db: Db;
  hooks: HookRegistry;
  scope: Promise<Scope>;
  unitId: string;
  input: { body: string; cart?: string | undefined };
  now?: Date;
}): Promise<NoteView> {
  const resolved = await scope;
  const { project, actor } = requireManager(resolved);
  if (!(await getItemJson(db, { projectId: project.id, collection: 'units', id: unitId })))
    throw fail('not_found', 'comment.no-unit');
  if (input.cart) {
    const cart = await getItemJson(db, { projectId: project.id, collection: 'carts', id: input.cart });
    if (!cart || (JSON.parse(cart) as { unit?: string }).unit !== unitId)
      throw fail('bad_request', 'comment.cart-elsewhere', undefined, { field: 'cart' });
  }
  const data = {
    unit: unitId,
    cart: input.cart ?? null,
    body: input.body,
    author: actor.userId,
    authorName: actor.name.slice(0, 200) || actor.email.split('@')[0]!,
    at: now.toISOString(),
  };
  const { id } = await withWrites(db, { project, actorId: actor.userId, origin: 'server', hooks, now }, (writer) =>
    createItem(writer, 'notes', data),
  );
  return { _id: id, ...data };
}

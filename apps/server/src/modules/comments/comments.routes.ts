import { eventStreams } from '../../lib/event-stream.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentInputSchema,
  commentThreadSchema,
  commentViewSchema,
  noteInputSchema,
  noteViewSchema,
  unreadCommentsSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/actor.ts';
import {
  commentFor,
  conversationScope,
  readConversation,
  readThread,
  unitNotes,
  unreadComments,
  writeComment,
  writeNote,
} from './comments.operations.ts';

const params = z.object({ id: z.uuid() });
const errors = errorReplies(400, 401, 403, 404, 422);
const tags = ['comments'];

/** Talking on a selection, and the design centre's notes (docs/comments.md). */
export const commentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  await app.register(conversationRoutes, context);
  await app.register(conversationStreamRoutes, context);
};

/** Reading and writing a conversation, what is unread, and the staff's notes. */
const conversationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, hooks }) => {
  const { db } = database;

  app.get(
    '/api/carts/:id/comments',
    {
      schema: {
        tags,
        summary:
          'A selection’s conversation, oldest first, with what the reader has not read and who can be mentioned (its buyers and staff)',
        params,
        response: { 200: commentThreadSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return readThread(db, request.projectScope(), request.params.id);
    },
  );

  app.post(
    '/api/carts/:id/comments',
    {
      schema: {
        tags,
        summary:
          'Write on a selection or one of its lines (its buyers and staff): text, files the writer uploaded, mentions of the conversation’s people',
        params,
        body: commentInputSchema,
        response: { 201: commentViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireActor(request);
      const view = await writeComment({
        db,
        hooks,
        scope: request.projectScope(),
        cartId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(view);
    },
  );

  app.post(
    '/api/carts/:id/comments/read',
    {
      schema: {
        tags,
        summary: 'The reader has read the conversation up to now',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireActor(request);
      await readConversation(db, request.projectScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/comments/unread',
    {
      schema: {
        tags,
        summary:
          'The conversations with comments the reader has not read (a buyer’s own units; every one for the staff)',
        response: { 200: unreadCommentsSchema, ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return unreadComments(db, request.projectScope());
    },
  );

  app.get(
    '/api/manage/units/:id/notes',
    {
      schema: {
        tags,
        summary: 'The design centre’s notes on a unit, newest first (staff only; buyers never see them)',
        params,
        response: { 200: z.array(noteViewSchema), ...errors },
      },
    },
    async (request) => {
      requireActor(request);
      return unitNotes(db, request.projectScope(), request.params.id);
    },
  );

  app.post(
    '/api/manage/units/:id/notes',
    {
      schema: {
        tags,
        summary: 'Write a staff note on a unit (and its selection, with `cart`); staff only',
        params,
        body: noteInputSchema,
        response: { 201: noteViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireActor(request);
      return reply
        .status(201)
        .send(
          await writeNote({ db, hooks, scope: request.projectScope(), unitId: request.params.id, input: request.body }),
        );
    },
  );
};

/** A conversation as it happens. */
const conversationStreamRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;
  const stream = eventStreams(app);
  // New comments as they are written, on any server (server-sent events). Each one is read again
  // through the reader's access plan before it is sent; the stream ends with the reader's session.
  app.get(
    '/api/carts/:id/comments/stream',
    {
      schema: {
        tags,
        summary:
          'New comments of a selection as they are written (server-sent events), each one only if the reader may read it; ends with the reader’s session',
        params,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const conversation = await conversationScope(db, request.projectScope(), request.params.id);
      stream(request, reply, {
        sessionToken: actor.sessionToken ?? '',
        requires: 'session',
        feed: (send) => {
          // Sent in order, one read at a time.
          let queue = Promise.resolve();
          return database.changes.subscribe((event) => {
            if (event.op === 'reset') {
              queue = queue.then(() => send({}, 'reset'));
              return;
            }
            if (event.op !== 'create' || event.collection !== 'comments' || event.project !== conversation.project.id)
              return;
            queue = queue
              .then(async () => {
                const comment = await commentFor(db, conversation, event.id);
                if (comment) send(comment, 'comment');
              })
              .catch((error: unknown) => request.log.warn({ err: error }, 'comment stream'));
          });
        },
      });
    },
  );
};

import type { FastifyRequest } from 'fastify';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/send-json.ts';
import { z } from 'zod';
import { apiScopeOfCollection, collectionUiSchema } from '@decor/core';
import type { AppContext } from '../../context.ts';
import {
  postItem,
  removeItem,
  describeCollections,
  describeOneCollection,
  getItem,
  listItems,
  patchItem,
} from './items.operations.ts';

const collectionParam = z.object({ collection: z.string().min(1).max(64) });
const itemParams = collectionParam.extend({ id: z.string().min(1).max(64) });
const itemBody = z.record(z.string(), z.unknown());
const itemSchema = z
  .object({ _id: z.string(), _version: z.number(), createdAt: z.string(), updatedAt: z.string() })
  .catchall(z.unknown());
const collectionSchema = z.object({
  name: z.string(),
  label: z.string(),
  schema: z.record(z.string(), z.unknown()),
  ui: collectionUiSchema,
  refs: z.array(z.object({ path: z.string(), collection: z.string() })),
  access: z.object({ read: z.enum(['public', 'own']), write: z.enum(['managers', 'owners', 'nobody']) }),
  isCustom: z.boolean(),
});
const errors = errorReplies(400, 401, 403, 404, 409, 422, 423);

/** The API key scope of a collection call: which collection, read or written (docs/integrations.md, "Scopes"). */
const byCollection = {
  apiScope: (request: FastifyRequest) =>
    apiScopeOfCollection((request.params as { collection?: string }).collection, request.method),
};

/** The Decor API of docs/api.md: schema-driven collections of the project named by ProjectId. */
export const decorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, hooks }) => {
  const contextOf = (request: FastifyRequest) => ({ db: database.db, hooks, scope: request.projectScope() });

  app.get(
    '/api/schema/',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: 'Every collection with its JSON Schema and UI hints',
        response: { 200: z.array(collectionSchema), ...errors },
      },
    },
    async (request) => describeCollections(contextOf(request)),
  );

  app.get(
    '/api/schema/$ui',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: 'The UI hints ($ui) of every collection, by name',
        response: { 200: z.record(z.string(), collectionUiSchema), ...errors },
      },
    },
    async (request) => Object.fromEntries((await describeCollections(contextOf(request))).map((c) => [c.name, c.ui])),
  );

  app.get(
    '/api/schema/:collection/$',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: "One collection's JSON Schema and UI hints",
        params: collectionParam,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => describeOneCollection(contextOf(request), request.params.collection),
  );
};

/** The items of the Decor API (docs/api.md): read, create, change and delete, as the caller's standing allows. */
export const decorItemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, hooks }) => {
  const contextOf = (request: FastifyRequest) => ({ db: database.db, hooks, scope: request.projectScope() });

  app.get(
    '/api/schema/:collection/',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: 'A page of items (limit ≤ 200, default 50; afterId; field=value, field[gte]=n, field[lte]=n)',
        description:
          'Any other query parameter filters by a top-level field of the collection: `field=value` (equality, or "contains" on a list), `field[gte]=n` and `field[lte]=n` on numbers. A page with fewer items than `limit` is the last.',
        params: collectionParam,
        querystring: z
          .object({
            limit: z.string().optional().describe('How many items, 1 to 200 (default 50)'),
            afterId: z.string().optional().describe('The _id of the last item of the previous page'),
          })
          .catchall(z.unknown()),
        response: { 200: z.array(itemSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await listItems(contextOf(request), request.params.collection, request.query)),
  );

  app.get(
    '/api/schema/:collection/:id',
    {
      config: byCollection,
      schema: { tags: ['decor'], summary: 'One item', params: itemParams, response: { 200: itemSchema, ...errors } },
    },
    async (request, reply) =>
      sendJson(reply, await getItem(contextOf(request), request.params.collection, request.params.id)),
  );

  app.post(
    '/api/schema/:collection/',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: 'Create an item (validated against the collection schema)',
        params: collectionParam,
        body: itemBody,
        response: { 201: itemSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await postItem(contextOf(request), request.params.collection, request.body), 201),
  );

  app.patch(
    '/api/schema/:collection/:id',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary:
          'Change an item: send the version you read (If-Match or _version); a stale one is 409 with the current item',
        params: itemParams,
        body: itemBody,
        headers: z.object({ 'if-match': z.string().max(40).optional() }).passthrough(),
        response: { 200: itemSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await patchItem(
          contextOf(request),
          request.params.collection,
          request.params.id,
          request.body,
          request.headers['if-match'],
        ),
      ),
  );

  app.delete(
    '/api/schema/:collection/:id',
    {
      config: byCollection,
      schema: {
        tags: ['decor'],
        summary: 'Delete an item; 409 listing the items that still refer to it',
        params: itemParams,
        response: { 200: z.object({ _id: z.string(), deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => removeItem(contextOf(request), request.params.collection, request.params.id),
  );
};

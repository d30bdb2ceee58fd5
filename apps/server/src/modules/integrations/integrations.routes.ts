import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyInputSchema,
  apiKeySchema,
  webhookAttemptSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookReplaySchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import { requireActor } from '../../plugins/actor.ts';
import { createApiKey, listApiKeys, revokeKey } from './api-keys.operations.ts';
import { systemResolve, type AddressPolicy } from './webhooks.http.ts';
import { secretSealer } from './webhooks.signing.ts';
import {
  changeEndpoint,
  createEndpoint,
  deliveryAttempts,
  endpointDeliveries,
  endpointsOfProject,
  removeEndpoint,
  replayDeliveries,
  rotateSecret,
  sendTestEvent,
  type WebhookContext,
} from './webhooks.operations.ts';

const tags = ['integrations'];
const params = z.object({ id: z.uuid() });
const withSecret = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().describe('The signing secret: shown in this answer only'),
});

/**
 * A project's integrations (docs/integrations.md): its webhook endpoints with their delivery
 * log, and its API keys. Managers of the project and administrators only; never an API key.
 */
/** What each webhook route's operation is given: the caller's scope, the secrets' sealer and where endpoints may point. */
function webhookContexts({ database, authSecret, config }: AppContext) {
  const sealer = secretSealer(authSecret);
  const policy: AddressPolicy = { allowedHosts: config.webhookAllowedHosts, resolve: systemResolve };
  return (request: Parameters<typeof requireActor>[0]): WebhookContext => {
    requireActor(request);
    return { db: database.db, scope: request.projectScope(), sealer, policy };
  };
}

export const webhooksRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const contextOf = webhookContexts(context);

  app.get(
    '/api/manage/webhooks',
    {
      schema: {
        tags,
        summary: "The project's webhook endpoints, each with its waiting deliveries and last attempt",
        response: { 200: z.array(webhookEndpointSchema), ...errorReplies(401, 403) },
      },
    },
    async (request) => endpointsOfProject(contextOf(request)),
  );

  app.post(
    '/api/manage/webhooks',
    {
      schema: {
        tags,
        summary:
          'Add an endpoint: an https address outside private networks, the events it hears; its secret is answered once',
        body: webhookEndpointInputSchema,
        response: { 201: withSecret, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createEndpoint(contextOf(request), request.body)),
  );

  app.patch(
    '/api/manage/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change an endpoint (its address, events, description), or turn it off and on',
        params,
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => changeEndpoint(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/manage/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params,
        response: { 204: z.null(), ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeEndpoint(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/manage/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret (answered once); the previous one also signs for 24 hours',
        params,
        response: { 200: withSecret, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => rotateSecret(contextOf(request), request.params.id),
  );

  app.post(
    '/api/manage/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint alone',
        params,
        response: { 202: z.object({ eventId: z.string() }), ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => reply.status(202).send(await sendTestEvent(contextOf(request), request.params.id)),
  );
};

/** An endpoint's delivery log: every delivery and attempt, and replays (docs/integrations.md, "Delivery log"). */
export const webhookLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const contextOf = webhookContexts(context);

  app.get(
    '/api/manage/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The endpoint's deliveries, newest first, each with its last attempt",
        params,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: z.array(webhookDeliverySchema), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => endpointDeliveries(contextOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/manage/webhooks/:id/deliveries/:deliveryId',
    {
      schema: {
        tags,
        summary: 'Every attempt at one delivery: status, time, duration and the first bytes of the answer',
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 200: z.array(webhookAttemptSchema), ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => deliveryAttempts(contextOf(request), request.params.id, request.params.deliveryId),
  );

  app.post(
    '/api/manage/webhooks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        tags,
        summary: "Deliver one delivery's event again",
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 202: z.object({ queued: z.number().int() }), ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await replayDeliveries(contextOf(request), request.params.id, { deliveryId: request.params.deliveryId })),
  );

  app.post(
    '/api/manage/webhooks/:id/replay',
    {
      schema: {
        tags,
        summary: "Deliver again every event of the endpoint's types since a moment",
        params,
        body: webhookReplaySchema,
        response: { 202: z.object({ queued: z.number().int() }), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await replayDeliveries(contextOf(request), request.params.id, request.body)),
  );
};

/** A project's API keys (docs/integrations.md, "API keys"): managers and administrators only. */
export const apiKeysRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/manage/api-keys',
    {
      schema: {
        tags,
        summary: "The project's API keys (never their secret), revoked ones included",
        response: { 200: z.array(apiKeySchema), ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      requireActor(request);
      return listApiKeys(db, request.projectScope());
    },
  );

  app.post(
    '/api/manage/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key with its scopes and expiry; the key is answered once',
        body: apiKeyInputSchema,
        response: {
          201: z.object({ key: apiKeySchema, token: z.string().describe('The key: shown in this answer only') }),
          ...errorReplies(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      requireActor(request);
      return reply.status(201).send(await createApiKey(db, request.projectScope(), request.body));
    },
  );

  app.delete(
    '/api/manage/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: refused on every server from the next call',
        params,
        response: { 200: apiKeySchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      requireActor(request);
      return revokeKey(db, request.projectScope(), request.params.id);
    },
  );
};

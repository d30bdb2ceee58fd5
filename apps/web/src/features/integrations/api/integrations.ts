import { queryOptions } from '@tanstack/react-query';
import type { ApiKey, ApiKeyInput, WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** A project's webhook endpoints and API keys (docs/integrations.md), for its managers. */
export const endpointsQuery = queryOptions({
  queryKey: ['integrations', 'endpoints'],
  queryFn: () => api<WebhookEndpoint[]>('/api/manage/webhooks'),
});

export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: ['integrations', 'deliveries', endpointId],
    queryFn: () => api<WebhookDelivery[]>(`/api/manage/webhooks/${endpointId}/deliveries?limit=50`),
  });

export const apiKeysQuery = queryOptions({
  queryKey: ['integrations', 'keys'],
  queryFn: () => api<ApiKey[]>('/api/manage/api-keys'),
});

type WithSecret = { endpoint: WebhookEndpoint; secret: string };

export const createEndpoint = (input: WebhookEndpointInput) =>
  api<WithSecret>('/api/manage/webhooks', { method: 'POST', body: input });
export const changeEndpoint = (id: string, change: Partial<WebhookEndpointInput> & { enabled?: boolean }) =>
  api<WebhookEndpoint>(`/api/manage/webhooks/${id}`, { method: 'PATCH', body: change });
export const removeEndpoint = (id: string) => api<null>(`/api/manage/webhooks/${id}`, { method: 'DELETE' });
export const rotateSecret = (id: string) =>
  api<WithSecret>(`/api/manage/webhooks/${id}/rotate-secret`, { method: 'POST' });
export const sendTestEvent = (id: string) =>
  api<{ eventId: string }>(`/api/manage/webhooks/${id}/test`, { method: 'POST' });
export const replayOne = (id: string, deliveryId: string) =>
  api<{ queued: number }>(`/api/manage/webhooks/${id}/deliveries/${deliveryId}/replay`, { method: 'POST' });
export const replaySince = (id: string, since: string) =>
  api<{ queued: number }>(`/api/manage/webhooks/${id}/replay`, { method: 'POST', body: { since } });

export const createApiKey = (input: ApiKeyInput) =>
  api<{ key: ApiKey; token: string }>('/api/manage/api-keys', { method: 'POST', body: input });
export const revokeApiKey = (id: string) => api<ApiKey>(`/api/manage/api-keys/${id}`, { method: 'DELETE' });

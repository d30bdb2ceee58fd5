import { queryOptions } from '@tanstack/react-query';
import type { EnvResponse } from '@decor/core';
import { api } from './api-client.ts';

/** GET /api/env: decor API base, integrations and feature flags. */
export const envQuery = queryOptions({
  queryKey: ['env'],
  queryFn: ({ signal }) => api<EnvResponse>('/api/env', { signal }),
  staleTime: 5 * 60_000,
});

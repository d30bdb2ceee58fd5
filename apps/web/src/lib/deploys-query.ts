import { queryOptions } from '@tanstack/react-query';
import type { DeployTypeName } from '@decor/core';
import { api } from './api-client.ts';

export interface Deploy {
  _id: string;
  name: string;
  type: DeployTypeName;
  host: string;
  projects: Array<{ _id: string; key: string; fullKey: string; name: string }>;
}

export const deploysQuery = queryOptions({
  queryKey: ['deploys'],
  queryFn: ({ signal }) => api<Deploy[]>('/api/deploys', { signal }),
  staleTime: 60_000,
});

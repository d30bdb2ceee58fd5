import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Dashboard } from '../../../lib/back-office-types.ts';

export const dashboardQuery = queryOptions({
  queryKey: ['manage', 'dashboard'],
  queryFn: ({ signal }) => api<Dashboard>('/api/manage/dashboard', { signal }),
  staleTime: 30_000,
});

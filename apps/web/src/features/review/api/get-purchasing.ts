import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PurchasingReport } from '../../../lib/back-office-types.ts';

export const purchasingQuery = queryOptions({
  queryKey: ['manage', 'purchasing'],
  queryFn: ({ signal }) => api<PurchasingReport>('/api/manage/purchasing', { signal }),
});

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ImportKind, ImportMapping, ImportRecord } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/back-office-types.ts';

/** The imports applied to the project, newest first, 50 a page. */
export const importHistoryQuery = infiniteQueryOptions({
  queryKey: ['manage', 'imports'],
  queryFn: ({ pageParam, signal }) =>
    api<Page<ImportRecord>>(`/api/manage/imports${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`, {
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
});

/** The last mapping of each kind: where the next file starts. */
export const importMappingsQuery = queryOptions({
  queryKey: ['manage', 'imports', 'mappings'],
  queryFn: ({ signal }) => api<Partial<Record<ImportKind, ImportMapping>>>('/api/manage/imports/mappings', { signal }),
});

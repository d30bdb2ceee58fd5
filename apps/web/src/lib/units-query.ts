import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { Page, UnitRow } from './back-office-types.ts';

/** The units of the project by floor, 50 a page. */
export const unitsQuery = infiniteQueryOptions({
  queryKey: ['manage', 'units'],
  queryFn: ({ pageParam, signal }) =>
    api<Page<UnitRow>>(`/api/manage/units${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next,
});

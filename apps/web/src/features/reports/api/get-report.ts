import { queryOptions } from '@tanstack/react-query';
import type { Decisions, Funnel, MoneyReport, ReportFilters, ReportName, Revenue, TakeRate } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** What each report answers. */
interface ReportAnswers {
  'take-rate': TakeRate;
  revenue: Revenue;
  decisions: Decisions;
  money: MoneyReport;
  funnel: Funnel;
}
export type ReportAnswer<N extends ReportName> = ReportAnswers[N];

/** One report with its filters (docs/reports.md): kept a minute, asked again when the filters change. */
export const reportQuery = <N extends ReportName>(name: N, filters: ReportFilters) =>
  queryOptions({
    queryKey: ['manage', 'reports', name, filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(
        Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      );
      return api<ReportAnswer<N>>(`/api/manage/reports/${name}?${query}`, { signal });
    },
    staleTime: 60_000,
  });

/** The plans and categories the filters offer. */
export const filterChoicesQuery = (collection: 'plans' | 'categories') =>
  queryOptions({
    queryKey: ['manage', 'reports', 'choices', collection],
    queryFn: ({ signal }) =>
      api<Array<{ _id: string; name: string }>>(`/api/schema/${collection}/?limit=200`, { signal }),
    staleTime: 60_000,
  });

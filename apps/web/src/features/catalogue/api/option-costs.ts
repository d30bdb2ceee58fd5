import { queryOptions } from '@tanstack/react-query';
import type { OptionCost } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** The project's option costs (staff only: docs/reports.md, "Cost and margin"), by option. */
export const optionCostsQuery = queryOptions({
  queryKey: ['manage', 'option-costs'],
  queryFn: async ({ signal }) => {
    const { items } = await api<{ items: OptionCost[] }>('/api/manage/option-costs', { signal });
    return new Map(items.map((item) => [item.option, item.cost]));
  },
});

/** Sets an option's cost, or takes it away (null). */
export const saveOptionCost = (option: string, cost: number | null) =>
  api<{ cost: OptionCost | null }>(`/api/manage/option-costs/${option}`, { method: 'PUT', body: { cost } });

import { queryOptions } from '@tanstack/react-query';
import type { CatalogueProblem, MissingTranslation } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

export const catalogueCheckQuery = queryOptions({
  queryKey: ['manage', 'catalogue-check'],
  queryFn: ({ signal }) =>
    api<{ problems: CatalogueProblem[]; counts: Record<string, number>; missingTranslations: MissingTranslation[] }>(
      '/api/manage/catalogue-check',
      { signal },
    ),
});

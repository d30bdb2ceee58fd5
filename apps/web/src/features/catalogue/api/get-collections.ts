import { queryOptions } from '@tanstack/react-query';
import type { CollectionUi } from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import type { JsonSchema } from '../../../components/schema-form/fields.ts';

/** A collection as `/api/schema/` describes it: its JSON Schema, UI hints, references and access. */
export interface CollectionInfo {
  name: string;
  label: string;
  schema: JsonSchema;
  ui: CollectionUi;
  refs: Array<{ path: string; collection: string }>;
  access: { read: string; write: string };
  isCustom: boolean;
}

export const collectionsQuery = queryOptions({
  queryKey: ['schema', 'collections'],
  queryFn: ({ signal }) => api<CollectionInfo[]>('/api/schema/', { signal }),
  staleTime: 60_000,
});

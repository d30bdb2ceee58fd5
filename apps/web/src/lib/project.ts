import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentProjectKey } from '../config/env.ts';
import type { ProjectResponse } from '@decor/core';
import { api } from './api-client.ts';

/** The project of this host (GET /api/project). */
export function projectQuery(projectKey: string | null) {
  return queryOptions({
    queryKey: ['project', projectKey],
    queryFn: ({ signal }) => api<ProjectResponse>('/api/project', { signal }),
    enabled: projectKey !== null,
    staleTime: 5 * 60_000,
  });
}

/** The current project, if this page has one. */
export function useProject() {
  return useQuery(projectQuery(currentProjectKey()));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentProjectKey } from '../config/env.ts';
import type { ProjectResponse } from '@decor/core';
import { api } from './api-client.ts';

/**
 * The project the server wrote into the page it served (docs/architecture.md, "White label"):
 * the app draws the builder's brand without waiting for GET /api/project.
 */
function projectInPage(projectKey: string | null): ProjectResponse | undefined {
  if (!projectKey || typeof document === 'undefined') return undefined;
  const text = document.getElementById('project-data')?.textContent;
  if (!text) return undefined;
  try {
    const project = JSON.parse(text) as ProjectResponse;
    return project.key === projectKey ? project : undefined;
  } catch {
    return undefined;
  }
}

const pageLoadedAt = Date.now();

/** The project of this host (GET /api/project), starting from the one in the page. */
export function projectQuery(projectKey: string | null) {
  return queryOptions({
    queryKey: ['project', projectKey],
    queryFn: ({ signal }) => api<ProjectResponse>('/api/project', { signal }),
    enabled: projectKey !== null,
    staleTime: 5 * 60_000,
    initialData: () => projectInPage(projectKey),
    initialDataUpdatedAt: pageLoadedAt,
  });
}

/** The current project, if this page has one. */
export function useProject() {
  return useQuery(projectQuery(currentProjectKey()));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentProjectKey } from '../config/env.ts';
import { provideZone, type ProjectResponse } from '@decor/core';
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

/**
 * Keeps the rules of the project's time zone that came with it: every date of the project is
 * printed from them, as the server prints its mails and PDFs (docs/dates.md).
 */
export function withZoneRules(project: ProjectResponse): ProjectResponse {
  if (project.timeZoneRules)
    provideZone(project.timeZoneRules.name, project.timeZoneRules.packed, project.timeZoneRules.version);
  return project;
}

/** The project of this host (GET /api/project), starting from the one in the page. */
export function projectQuery(projectKey: string | null) {
  return queryOptions({
    queryKey: ['project', projectKey],
    queryFn: ({ signal }) => api<ProjectResponse>('/api/project', { signal }),
    // Whether it came from the server, the page or the kept cache, its zone's rules are given to core before any date is printed.
    select: withZoneRules,
    enabled: projectKey !== null,
    staleTime: 5 * 60_000,
    initialData: () => projectInPage(projectKey),
    initialDataUpdatedAt: pageLoadedAt,
  });
}

/** The current project as its settings are written, every language's words in their own place: what a form edits. */
export function useProjectAsWritten() {
  return useQuery(projectQuery(currentProjectKey()));
}

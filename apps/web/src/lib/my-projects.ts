import { queryOptions, useQuery } from '@tanstack/react-query';
import { can, standingOf, type MyProject } from '@decor/core';
import { currentProjectKey } from '../config/env.ts';
import { api } from './api-client.ts';

export type { MyProject };

export const myProjectsQuery = queryOptions({
  queryKey: ['me', 'projects'],
  queryFn: ({ signal }) => api<MyProject[]>('/api/me/projects', { signal }),
  staleTime: 60_000,
});

/** The keys of the projects this person runs (as a manager, or an admin): the same decision the server makes. */
export const managedProjectKeys = (projects: MyProject[]) =>
  projects.filter((p) => can(standingOf({ userId: '', isAdmin: false }, p.role), 'manage') === 'any').map((p) => p.key);

/** Whether the signed-in person manages this page's project: only to decide what to show; the server decides what is allowed. */
export function useManagesCurrentProject(): boolean {
  const { data = [] } = useQuery(myProjectsQuery);
  const key = currentProjectKey();
  return key !== null && managedProjectKeys(data).includes(key);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentProjectKey } from '../config/env.ts';
import { api } from './api-client.ts';

/** A project the signed-in person belongs to (GET /api/me/projects). */
export interface MyProject {
  _id: string;
  key: string;
  name: string;
  role: 'purchaser' | 'manager' | 'admin';
  url: string;
}

export const myProjectsQuery = queryOptions({
  queryKey: ['me', 'projects'],
  queryFn: ({ signal }) => api<MyProject[]>('/api/me/projects', { signal }),
  staleTime: 60_000,
});

/** Whether the signed-in person manages this page's project: only to decide what to show; the server decides what is allowed. */
export function useManagesCurrentProject(): boolean {
  const { data = [] } = useQuery(myProjectsQuery);
  const key = currentProjectKey();
  return data.some((project) => project.key === key && (project.role === 'manager' || project.role === 'admin'));
}

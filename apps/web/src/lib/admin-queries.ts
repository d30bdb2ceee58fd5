import { queryOptions } from '@tanstack/react-query';
import type { AdminAuditEntry, AdminOverview, AdminProject, AdminUser } from '@decor/core';
import { api } from './api-client.ts';

/** The platform's back office reads (docs/admin.md); every change invalidates `['admin']`. */
export const ADMIN_KEY = ['admin'] as const;

export const overviewQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'overview'],
  queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
});

export const adminProjectsQuery = (q = '') =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'projects', q],
    queryFn: ({ signal }) =>
      api<AdminProject[]>(`/api/admin/projects${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
    placeholderData: (previous) => previous,
  });

export interface UsersPage {
  items: AdminUser[];
  next: string | null;
}

export const adminUsersQuery = (q = '', after = '') =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'users', q, after],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ...(q ? { q } : {}), ...(after ? { after } : {}) });
      return api<UsersPage>(`/api/admin/users${params.size ? `?${params}` : ''}`, { signal });
    },
    placeholderData: (previous) => previous,
  });

export const adminAuditQuery = (kind?: string, target?: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', kind ?? '', target ?? ''],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ ...(kind ? { kind } : {}), ...(target ? { target } : {}), limit: '20' });
      return api<AdminAuditEntry[]>(`/api/admin/audit?${params}`, { signal });
    },
  });

export interface FeatureFlag {
  key: string;
  enabled: boolean;
  description: string;
  updatedAt: string;
}

export const featuresQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'features'],
  queryFn: ({ signal }) => api<FeatureFlag[]>('/api/admin/features', { signal }),
});

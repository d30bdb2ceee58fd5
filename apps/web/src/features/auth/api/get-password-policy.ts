import { queryOptions } from '@tanstack/react-query';
import type { PasswordPolicy } from '@decor/core';
import { api } from '../../../lib/api-client.ts';

/** The server's password policy; refetched after the server says a password fell short. */
export const passwordPolicyQuery = queryOptions({
  queryKey: ['password-policy'],
  queryFn: ({ signal }) => api<PasswordPolicy>('/api/password-policy', { signal }),
  staleTime: 60 * 60_000,
});

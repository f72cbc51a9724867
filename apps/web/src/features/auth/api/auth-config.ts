import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/auth/config` (public): which provider signs in, and the support and map settings. */
export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => api<AuthConfig>('/auth/config', { silent: true }),
  // Set by the server's environment: it does not change while the page is open.
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

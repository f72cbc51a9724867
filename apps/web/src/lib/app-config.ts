import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@crm/shared';
import { api } from './api-client';

/**
 * `GET /api/auth/config` (public): the sign-in provider, demo mode, support contact and map tiles.
 * Set by the server's environment, so it never goes stale while the page is open.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => api<AuthConfig>('/auth/config', { silent: true }),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@crm/shared';
import { api } from '../../../lib/api-client';

export const partnersKey = ['admin-partners'] as const;

/** `GET /api/admin/partners` (system role admin): the partners with their delivery health. */
export const partnersQuery = () =>
  queryOptions({
    queryKey: partnersKey,
    queryFn: async () => (await api<{ partners: Partner[] }>('/admin/partners')).partners,
    // Health moves while the admin watches: a minute is fresh enough, a focus refetches.
    staleTime: 60_000,
  });

export function usePartners() {
  return useQuery(partnersQuery());
}

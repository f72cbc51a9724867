import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Station } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';

/** `POST /api/station/list` (S1 §7): the caller's stations. Station data stale 5 min (S1 §9). */
export const stationListQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['stations', userId],
    queryFn: async () =>
      (await api<{ stations: Station[] }>('/station/list', { method: 'POST', body: { user_id: userId } }))
        .stations,
    enabled: !!userId,
    staleTime: 5 * 60_000,
  });

export function useStationList() {
  return useQuery(stationListQuery(getSessionUserId()));
}

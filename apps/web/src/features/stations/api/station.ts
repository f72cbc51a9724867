import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Station } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/station/{id}` (S1 §7): a member's station, or any station for role admin. Stale 5 min. */
export const stationQuery = (stationId: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: ['station', stationId],
    queryFn: async () => (await api<{ station: Station }>(`/station/${stationId}`)).station,
    enabled: !!stationId && enabled,
    staleTime: 5 * 60_000,
  });

export function useStation(stationId: string | undefined, enabled = true) {
  return useQuery(stationQuery(stationId, enabled));
}

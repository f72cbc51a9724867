import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationsToday } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';

export type StationToday = StationsToday['stations'][number];

/** Today's figures move with every order; the home page refreshes them every minute. */
const TODAY_POLL_MS = 60_000;

/**
 * `GET /api/stations/today`: today's figures (station-local «today») of every station where the caller
 * may see figures; a worker's stations are simply absent. Figures are extra on /home: a failure hides
 * them and is not retried.
 */
export const stationsTodayQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['stations-today', userId],
    queryFn: async ({ signal }) =>
      (await api<StationsToday | undefined>('/stations/today', { signal }))?.stations ?? [],
    enabled: !!userId,
    staleTime: 30_000,
    refetchInterval: TODAY_POLL_MS,
    retry: false,
  });

export function useStationsToday() {
  return useQuery(stationsTodayQuery(getSessionUserId()));
}

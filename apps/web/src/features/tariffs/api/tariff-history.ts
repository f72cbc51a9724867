import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceChange } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { tariffGcMs } from './tariff-list';

/** `GET /api/tariff_history/{stationId}/{tariffKey}`: who changed a price, duration or status, newest first. */
export const tariffHistoryQuery = (stationId: string, tariffKey: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'history', tariffKey] as const,
    queryFn: async ({ signal }) =>
      (
        await api<{ changes: PriceChange[] }>(
          `/tariff_history/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffKey)}`,
          { signal },
        )
      ).changes,
    staleTime: 60_000,
    gcTime: tariffGcMs,
  });

export function useTariffHistory(stationId: string, tariffKey: string) {
  return useQuery(tariffHistoryQuery(stationId, tariffKey));
}

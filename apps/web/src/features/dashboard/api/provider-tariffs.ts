import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface TariffListItem {
  id: string;
  name: string;
  active: boolean;
}

/** `GET /api/station/tariff/{stationId}`: the station's Yandex tariffs. Tariffs stale 5 min (S2 §9). */
export const providerTariffsQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'yandex'] as const,
    queryFn: async ({ signal }) =>
      (
        await api<{ yatariff: TariffListItem[] } | undefined>(
          `/station/tariff/${encodeURIComponent(stationId)}`,
          { signal },
        )
      )?.yatariff ?? [],
    staleTime: 5 * 60_000,
  });

export function useProviderTariffs(stationId: string) {
  return useQuery(providerTariffsQuery(stationId));
}

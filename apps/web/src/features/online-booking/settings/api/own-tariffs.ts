import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export interface OwnTariffItem {
  id: string;
  name: string;
  active: boolean;
}

/**
 * `GET /api/own_tariffs/list/{stationId}`: the station's own tariffs to choose from. Key and answer (a plain
 * array) are those of the tariffs pages' `useTariffList(…, 'own')` and the order form's list, so all of
 * them share one cache entry and a tariff edit refreshes this list too.
 */
export const ownTariffsQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'own'] as const,
    queryFn: async ({ signal }): Promise<OwnTariffItem[]> =>
      (
        await api<{ prices_list?: OwnTariffItem[] } | undefined>(
          `/own_tariffs/list/${encodeURIComponent(stationId)}`,
          { signal },
        )
      )?.prices_list ?? [],
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });

export function useOwnTariffs(stationId: string) {
  return useQuery(ownTariffsQuery(stationId));
}

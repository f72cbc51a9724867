import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TariffKind } from '@crm/shared';
import { api } from '../../../lib/api-client';

export interface TariffListItem {
  id: string;
  name: string;
  active: boolean;
}

/** S2 §9: tariffs stale 5 min and kept 30 min. */
export const tariffStaleMs = 5 * 60_000;
export const tariffGcMs = 30 * 60_000;

const listPath = (stationId: string, kind: TariffKind) =>
  kind === 'own'
    ? `/own_tariffs/list/${encodeURIComponent(stationId)}`
    : `/station/tariff/${encodeURIComponent(stationId)}`;

/**
 * `GET /api/own_tariffs/list/{stationId}` (prices_list) or `GET /api/station/tariff/{stationId}` (yatariff).
 * The key and the answer (a plain array) are those of the order form's and the dashboard's lists, so the
 * three share one cache entry per kind.
 */
export const tariffListQuery = (stationId: string, kind: TariffKind) =>
  queryOptions({
    queryKey: ['tariffs', stationId, kind] as const,
    queryFn: async ({ signal }): Promise<TariffListItem[]> => {
      const answer = await api<{ prices_list?: TariffListItem[]; yatariff?: TariffListItem[] } | undefined>(
        listPath(stationId, kind),
        { signal },
      );
      return (kind === 'own' ? answer?.prices_list : answer?.yatariff) ?? [];
    },
    staleTime: tariffStaleMs,
    gcTime: tariffGcMs,
  });

export function useTariffList(stationId: string, kind: TariffKind, enabled = true) {
  return useQuery({ ...tariffListQuery(stationId, kind), enabled });
}

/**
 * After any tariff write: every list and config of the station (own, yandex, fixed, payment settings,
 * history, and the order form's and the dashboard's entries, which share the keys), so the next order
 * is priced with the new price at once.
 */
export function invalidateStationTariffs(queryClient: QueryClient, stationId: string) {
  return queryClient.invalidateQueries({ queryKey: ['tariffs', stationId] });
}

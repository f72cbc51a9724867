import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FixedTariff, FixedTariffList } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { tariffGcMs, tariffStaleMs } from './tariff-list';

const path = (stationId: string) => `/station/fixed-tariffs/${encodeURIComponent(stationId)}`;

/** `GET /api/station/fixed-tariffs/{stationId}` (S2 §3): the robot wash's fixed tariffs. */
export const fixedTariffsQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'fixed'] as const,
    queryFn: async ({ signal }) => (await api<FixedTariffList>(path(stationId), { signal })).fixed_tariffs,
    staleTime: tariffStaleMs,
    gcTime: tariffGcMs,
  });

export function useFixedTariffs(stationId: string, enabled = true) {
  return useQuery({ ...fixedTariffsQuery(stationId), enabled });
}

/** `POST /api/station/fixed-tariffs/{stationId}`: the whole list; new rows carry a temporary id. */
export function useSaveFixedTariffs(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (list: FixedTariff[]) =>
      (await api<FixedTariffList>(path(stationId), { method: 'POST', body: { fixed_tariffs: list } }))
        .fixed_tariffs,
    onSuccess: async (saved) => {
      queryClient.setQueryData(fixedTariffsQuery(stationId).queryKey, saved);
      // Each programme's price history has the change now (issue 38).
      await queryClient.invalidateQueries({ queryKey: ['tariffs', stationId, 'history'] });
    },
  });
}

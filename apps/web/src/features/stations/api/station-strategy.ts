import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationStrategy } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/station/strategy/{id}` (S2 §2, §7): which tariff tabs a station has — provider bookings
 * («Яндекс тарифы»), in-app payment («Настройки оплаты»), a robot wash («Фиксированные тарифы»).
 */
export const stationStrategyQuery = (stationId: string | undefined) =>
  queryOptions({
    queryKey: ['station', stationId, 'strategy'],
    queryFn: () => api<StationStrategy>(`/station/strategy/${stationId}`),
    enabled: !!stationId,
    staleTime: 5 * 60_000,
  });

export function useStationStrategy(stationId: string | undefined) {
  return useQuery(stationStrategyQuery(stationId));
}

/** `POST /api/station/strategy/{id}`: the owner switches the station's strategy; answers the new one. */
export function useUpdateStationStrategy(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StationStrategy) =>
      api<StationStrategy>(`/station/strategy/${stationId}`, { method: 'POST', body }),
    onSuccess: (strategy) => {
      queryClient.setQueryData(stationStrategyQuery(stationId).queryKey, strategy);
    },
  });
}

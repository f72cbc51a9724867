import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateStationTariffs } from './tariff-list';

/**
 * `POST /api/station/tariff/{stationId}/import` (S2 §6, §7): copies the Yandex prices of another station
 * of the same network in one transaction; answers how many tariffs were updated.
 */
export function useImportProviderPrices(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceStationId: string) =>
      api<{ imported: number }>(`/station/tariff/${encodeURIComponent(stationId)}/import`, {
        method: 'POST',
        body: { source_station_id: sourceStationId },
      }),
    onSuccess: () => invalidateStationTariffs(queryClient, stationId),
  });
}

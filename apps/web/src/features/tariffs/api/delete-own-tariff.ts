import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateStationTariffs } from './tariff-list';

/** `POST /api/own_tariffs/delete_tariff/{tariffId}`: a soft delete — orders keep its name and price. */
export function useDeleteOwnTariff(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tariffId: string) =>
      api<unknown>(`/own_tariffs/delete_tariff/${encodeURIComponent(tariffId)}`, { method: 'POST' }),
    onSuccess: async (_, tariffId) => {
      queryClient.removeQueries({ queryKey: ['tariffs', stationId, 'own', tariffId] });
      await invalidateStationTariffs(queryClient, stationId);
    },
  });
}

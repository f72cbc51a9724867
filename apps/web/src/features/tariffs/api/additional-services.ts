import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdditionalServices, AdditionalServicesUpdate, TariffKind } from '@crm/shared';
import { api } from '../../../lib/api-client';

const path = (stationId: string, kind: TariffKind) =>
  kind === 'own'
    ? `/own_tariffs/price_get/${encodeURIComponent(stationId)}/addition_service`
    : `/station/tariff/${encodeURIComponent(stationId)}/yandex_addition_service`;

const savePath = (stationId: string, kind: TariffKind) =>
  kind === 'own'
    ? `/own_tariffs/price_update/update_extra/${encodeURIComponent(stationId)}`
    : `/station/tariff/${encodeURIComponent(stationId)}/yandex_addition_service`;

/**
 * `GET /api/own_tariffs/price_get/{stationId}/addition_service` or
 * `GET /api/station/tariff/{stationId}/yandex_addition_service`: the station's extras, per class.
 */
export const additionalServicesQuery = (stationId: string, kind: TariffKind) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'additional-services', kind] as const,
    queryFn: ({ signal }) => api<AdditionalServices>(path(stationId, kind), { signal }),
    staleTime: 5 * 60_000,
  });

export function useAdditionalServices(stationId: string, kind: TariffKind) {
  return useQuery(additionalServicesQuery(stationId, kind));
}

/**
 * `POST …/update_extra/{stationId}` (own) or `POST /station/tariff/{stationId}/yandex_addition_service`:
 * the whole set; answers it as saved. The tariff configs carry the extras too, so all of them go stale.
 */
export function useSaveAdditionalServices(stationId: string, kind: TariffKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdditionalServicesUpdate) =>
      api<AdditionalServices>(savePath(stationId, kind), { method: 'POST', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(additionalServicesQuery(stationId, kind).queryKey, saved);
      await queryClient.invalidateQueries({
        queryKey: ['tariffs', stationId],
        predicate: (q) => q.queryKey[2] !== 'additional-services' || q.queryKey[3] !== kind,
      });
    },
  });
}

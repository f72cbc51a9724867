import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnTariffCreate, OwnTariffInit } from '@crm/shared';
import { api } from '../../../lib/api-client';

const station = (stationId: string) => encodeURIComponent(stationId);

/** `GET /api/own_tariffs/update_tariff/{stationId}`: the base services and car categories a new tariff offers. */
export const ownTariffInitQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'own-init'] as const,
    queryFn: ({ signal }) =>
      api<OwnTariffInit>(`/own_tariffs/update_tariff/${station(stationId)}`, { signal }),
    staleTime: 5 * 60_000,
  });

export function useOwnTariffInit(stationId: string, enabled = true) {
  return useQuery({ ...ownTariffInitQuery(stationId), enabled });
}

/**
 * `POST /api/own_tariffs/create/{stationId}`: the tariff with its prices, in one transaction. Every tariff
 * query of the station goes stale, so the lists and the order form see the new one.
 */
export function useCreateOwnTariff(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnTariffCreate) =>
      api<{ id: string }>(`/own_tariffs/create/${station(stationId)}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tariffs', stationId] }),
  });
}

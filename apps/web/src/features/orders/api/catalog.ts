import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarCollectionResponse, TariffConfig } from '@crm/shared';
import { api } from '../../../lib/api-client';

interface TariffListItem {
  id: string;
  name: string;
  active: boolean;
}

/** `GET /api/cars/collections`: shipped with the product, it changes with a release only. */
export const carCollectionQuery = () =>
  queryOptions({
    queryKey: ['cars'],
    queryFn: () => api<CarCollectionResponse>('/cars/collections'),
    staleTime: 60 * 60_000,
  });

export function useCarCollection() {
  return useQuery(carCollectionQuery());
}

/** `GET /api/own_tariffs/list/{stationId}`: the form offers the active ones only (S1 §5). */
export const ownTariffsQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'own'],
    queryFn: async () =>
      (await api<{ prices_list: TariffListItem[] }>(`/own_tariffs/list/${encodeURIComponent(stationId)}`))
        .prices_list,
    staleTime: 5 * 60_000,
  });

export function useOwnTariffs(stationId: string) {
  return useQuery(ownTariffsQuery(stationId));
}

/** `GET /api/own_tariffs/price_get/{stationId}/{tariffId}`: prices and durations per car class. */
export const tariffConfigQuery = (stationId: string, tariffId: string | undefined) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'own', tariffId],
    queryFn: () =>
      api<TariffConfig>(
        `/own_tariffs/price_get/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffId ?? '')}`,
      ),
    enabled: !!tariffId,
    staleTime: 5 * 60_000,
  });

export function useTariffConfig(stationId: string, tariffId: string | undefined) {
  return useQuery(tariffConfigQuery(stationId, tariffId));
}

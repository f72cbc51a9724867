import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { TariffConfig, TariffKind } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { tariffGcMs, tariffStaleMs } from './tariff-list';

const configPath = (stationId: string, kind: TariffKind, tariffId: string) =>
  kind === 'own'
    ? `/own_tariffs/price_get/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffId)}`
    : `/station/tariff/${encodeURIComponent(stationId)}/${encodeURIComponent(tariffId)}`;

/**
 * `GET /api/own_tariffs/price_get/{stationId}/{tariffId}` or `GET /api/station/tariff/{stationId}/{tariffId}`:
 * prices, durations and services of one tariff. Same key as the order form's own-tariff config.
 */
export const tariffConfigQuery = (stationId: string, kind: TariffKind, tariffId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, kind, tariffId] as const,
    queryFn: ({ signal }) => api<TariffConfig>(configPath(stationId, kind, tariffId), { signal }),
    staleTime: tariffStaleMs,
    gcTime: tariffGcMs,
  });

/** Every listed tariff's config at once: a station has a handful, and the cards need them all. */
export function useTariffConfigs(stationId: string, kind: TariffKind, tariffIds: readonly string[]) {
  return useQueries({ queries: tariffIds.map((id) => tariffConfigQuery(stationId, kind, id)) });
}

/** One tariff's config (the detail page). */
export function useTariffConfig(stationId: string, kind: TariffKind, tariffId: string) {
  return useQuery(tariffConfigQuery(stationId, kind, tariffId));
}

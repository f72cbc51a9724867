import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationIntegrations } from '@crm/shared';
import { api } from '../../../lib/api-client';

export const stationIntegrationsKey = (stationId: string) => ['station-integrations', stationId] as const;

/**
 * `GET /api/station/{stationId}/partners`: the partners to choose from, the station's connections and the
 * newest 50 exchanges in both directions.
 */
export const stationIntegrationsQuery = (stationId: string) =>
  queryOptions({
    queryKey: stationIntegrationsKey(stationId),
    queryFn: () => api<StationIntegrations>(`/station/${encodeURIComponent(stationId)}/partners`),
    staleTime: 30_000,
  });

export function useStationIntegrations(stationId: string) {
  return useQuery(stationIntegrationsQuery(stationId));
}

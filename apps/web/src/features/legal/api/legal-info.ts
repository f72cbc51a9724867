import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalInfo } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/legal/get_by_station_id/{id}` (S2 §7): null until saved once. */
export interface LegalInfoAnswer {
  legal_info: LegalInfo | null;
  /** ISO instant of the last save. */
  updated_at: string | null;
}

export const legalInfoQuery = (stationId: string, enabled = true) =>
  queryOptions({
    queryKey: ['legal', stationId] as const,
    queryFn: ({ signal }) =>
      api<LegalInfoAnswer>(`/legal/get_by_station_id/${encodeURIComponent(stationId)}`, { signal }),
    enabled,
  });

export function useLegalInfo(stationId: string, enabled = true) {
  return useQuery(legalInfoQuery(stationId, enabled));
}

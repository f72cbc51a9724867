import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverVisitsResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** Visits per page in the client's card. */
export const visitsPageSize = 10;

/** `GET /api/drivers/visits/{id}?page=&page_size=`: newest first. */
export const clientVisitsQuery = (networkId: string, clientId: string, page: number) =>
  queryOptions({
    queryKey: ['drivers', networkId, 'visits', clientId, page] as const,
    queryFn: ({ signal }) =>
      api<DriverVisitsResponse>(`/drivers/visits/${encodeURIComponent(clientId)}`, {
        query: { page, page_size: visitsPageSize },
        signal,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useClientVisits(networkId: string, clientId: string, page: number) {
  return useQuery(clientVisitsQuery(networkId, clientId, page));
}

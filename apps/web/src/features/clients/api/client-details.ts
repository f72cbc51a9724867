import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverDetailsResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/drivers/get/{id}`: the client and the summary of their visits. */
export const clientDetailsQuery = (networkId: string, clientId: string) =>
  queryOptions({
    queryKey: ['drivers', networkId, 'details', clientId] as const,
    queryFn: ({ signal }) =>
      api<DriverDetailsResponse>(`/drivers/get/${encodeURIComponent(clientId)}`, { signal }),
    staleTime: 30_000,
  });

export function useClientDetails(networkId: string, clientId: string) {
  return useQuery(clientDetailsQuery(networkId, clientId));
}

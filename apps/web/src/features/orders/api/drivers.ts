import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Driver, DriverCreate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** Client search starts at 3 characters (S2 §5). */
export const driverSearchMinLength = 3;

/** `POST /api/drivers/search/{networkId}` `{query}`. */
export const driverSearchQuery = (networkId: string, query: string) =>
  queryOptions({
    queryKey: ['drivers', networkId, 'search', query],
    queryFn: async ({ signal }) =>
      (
        await api<{ drivers: Driver[] }>(`/drivers/search/${encodeURIComponent(networkId)}`, {
          method: 'POST',
          body: { query },
          signal,
        })
      ).drivers,
    enabled: query.trim().length >= driverSearchMinLength,
    staleTime: 30_000,
  });

export function useDriverSearch(networkId: string, query: string) {
  return useQuery(driverSearchQuery(networkId, query.trim()));
}

/** `POST /api/drivers/create`: a client made from the order form. */
export function useCreateDriver(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DriverCreate) =>
      (await api<{ id: string; driver: Driver }>('/drivers/create', { method: 'POST', body })).driver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers', networkId] }),
  });
}

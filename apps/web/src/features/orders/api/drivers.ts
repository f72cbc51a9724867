import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Driver, DriverCreate, DriverDetailsResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** Client search starts at 3 characters (S2 §5). */
export const driverSearchMinLength = 3;

/** `POST /api/drivers/search/{networkId}` `{query}`. */
export const driverSearchQuery = (networkId: string, query: string) =>
  queryOptions({
    queryKey: ['drivers', networkId, 'search', query],
    // Deleted clients are never offered for a new order (issue 11), whatever the answer holds.
    queryFn: async ({ signal }) =>
      (
        await api<{ drivers: Driver[] }>(`/drivers/search/${encodeURIComponent(networkId)}`, {
          method: 'POST',
          body: { query },
          signal,
        })
      ).drivers.filter((d) => !d.deleted),
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

/** `GET /api/drivers/get/{id}`: the client a link names (`&client=` from the client's card). */
export const driverQuery = (networkId: string, id: string | undefined) =>
  queryOptions({
    queryKey: ['drivers', networkId, 'details', id ?? ''],
    queryFn: ({ signal }) =>
      api<DriverDetailsResponse>(`/drivers/get/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    staleTime: 30_000,
  });

export function useDriver(networkId: string, id: string | undefined) {
  return useQuery(driverQuery(networkId, id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetailsResponse } from '@crm/shared';
import { ApiError, api } from '../../../lib/api-client';
import type { OrderPatchMeta } from '../../../lib/order-patch';

/** Every order query starts with `['orders', stationId]`, so one invalidation refreshes them all. */
export const ordersKey = (stationId: string) => ['orders', stationId] as const;
export const orderDetailsKey = (stationId: string, orderId: string) =>
  [...ordersKey(stationId), 'detail', orderId] as const;

/**
 * A live order event already fetched this very answer (lib/order-patch.ts): an open modal takes it instead
 * of calling again. A deleted order (no details) is reloaded, so the modal says it is gone.
 */
const detailsPatchMeta = (orderId: string): OrderPatchMeta => ({
  patchOrder: (data, change) => (change.orderId === orderId ? (change.details ?? undefined) : data),
});

/**
 * `GET /api/order/{id}` (S1 §7): stale 30 s, 2 retries with a backoff from 1 s doubling up to 10 s, no
 * refetch on window focus. An unknown id (404) or a refused one (403) is not retried: it will not change.
 */
export const orderDetailsQuery = (stationId: string, orderId: string) =>
  queryOptions({
    queryKey: orderDetailsKey(stationId, orderId),
    queryFn: ({ signal }) => api<OrderDetailsResponse>(`/order/${encodeURIComponent(orderId)}`, { signal }),
    meta: detailsPatchMeta(orderId),
    staleTime: 30_000,
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && (error.status === 403 || error.status === 404)),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
    refetchOnWindowFocus: false,
  });

export function useOrderDetails(stationId: string, orderId: string) {
  return useQuery(orderDetailsQuery(stationId, orderId));
}

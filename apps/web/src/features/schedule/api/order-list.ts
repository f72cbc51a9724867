import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@crm/shared';
import { api, ApiError } from '../../../lib/api-client';

/** Every order query starts with ['orders', stationId] (one invalidation refreshes them all). */
export const orderListKey = (stationId: string, dateStart: string, dateEnd: string) =>
  ['orders', stationId, 'list', dateStart, dateEnd] as const;

/** S1 §7: a failed calendar load is retried 3 times, the wait doubling from 1 s up to 10 s. */
export function retryOrderList(failureCount: number, error: unknown): boolean {
  // A refusal (403, 404, 400) will not change on a retry; a network error, 5xx or 429 may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return false;
  }
  return failureCount < 3;
}

export function retryOrderListDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

/** Polling fallback when server-sent events are unavailable (S1 §9: lists every 60 s). */
export const ORDER_LIST_POLL_MS = 60_000;

/**
 * `POST /api/order/list`: orders whose booking starts in [dateStart, dateEnd), both dates on the station's
 * calendar (the end is exclusive).
 */
export const orderListQuery = (stationId: string, dateStart: string, dateEnd: string) =>
  queryOptions({
    queryKey: orderListKey(stationId, dateStart, dateEnd),
    queryFn: async ({ signal }) => {
      const { orders } = await api<{ orders: Order[] }>('/order/list', {
        method: 'POST',
        body: { station_id: stationId, date_start: dateStart, date_end: dateEnd },
        signal,
      });
      // bench:web measures from here to «calendar-rendered» (the grid with these orders committed).
      performance.mark('calendar-orders-received');
      return orders;
    },
    staleTime: 30_000,
    refetchInterval: ORDER_LIST_POLL_MS,
    retry: retryOrderList,
    retryDelay: retryOrderListDelay,
  });

export function useOrderList(stationId: string, dateStart: string, dateEnd: string) {
  return useQuery(orderListQuery(stationId, dateStart, dateEnd));
}

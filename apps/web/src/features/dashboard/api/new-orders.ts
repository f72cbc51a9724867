import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isIncomingNewOrder, type Order } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { lazyNewOrdersModal } from '../components/lazy-new-orders-modal';

interface NewOrdersResponse {
  orders_list: { order: Order }[];
  ru_services_name: Record<string, string>;
  ru_tariff_name: Record<string, string>;
}

/** S1 §9: new orders every 20 s, stale 20 s, on focus, on mount and in the background. */
export const NEW_ORDERS_POLL_MS = 20_000;

/**
 * `GET /api/order/list/new/{stationId}`: the station's Accepted orders that are not over, soonest first.
 * Under `['orders', stationId]`, so an order event or a status change refreshes it with every other list.
 */
export const newOrdersQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['orders', stationId, 'new'] as const,
    queryFn: async ({ signal }) => {
      const answer = await api<NewOrdersResponse | undefined>(
        `/order/list/new/${encodeURIComponent(stationId)}`,
        { signal },
      );
      return (answer?.orders_list ?? [])
        .map((item) => item.order)
        .sort((a, b) => Date.parse(a.booking_start) - Date.parse(b.booking_start));
    },
    staleTime: NEW_ORDERS_POLL_MS,
    refetchInterval: NEW_ORDERS_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

export function useNewOrders(stationId: string | null | undefined, enabled = true) {
  return useQuery({ ...newOrdersQuery(stationId ?? ''), enabled: enabled && !!stationId });
}

/** Whether an incoming order waits in the station's cached list (the warm-up's, below): the window opens. */
export function newOrdersWaiting(client: QueryClient, stationId: string): boolean {
  return !!client.getQueryData(newOrdersQuery(stationId).queryKey)?.some(isIncomingNewOrder);
}

/**
 * The list asked when a station page is navigated to, before the page and its guard have rendered; when an
 * incoming order waits, the blocking modal's code is fetched beside it, not after the list arrives (issue 15).
 */
export async function prefetchNewOrders(client: QueryClient, stationId: string): Promise<void> {
  const orders = await client.fetchQuery(newOrdersQuery(stationId));
  if (orders.some(isIncomingNewOrder)) lazyNewOrdersModal.preload().catch(() => {}); // the gate loads it again when it opens
}

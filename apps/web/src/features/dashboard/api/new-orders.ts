import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isIncomingNewOrder, type Order } from '@crm/shared';
import { api } from '../../../lib/api-client';
import type { OrderChange, OrderPatchMeta } from '../../../lib/order-patch';
import { lazyNewOrdersModal } from '../components/lazy-new-orders-modal';

interface NewOrdersResponse {
  orders_list: { order: Order }[];
  ru_services_name: Record<string, string>;
  ru_tariff_name: Record<string, string>;
}

/** S1 §9: new orders every 20 s, stale 20 s, on focus, on mount and in the background. */
export const NEW_ORDERS_POLL_MS = 20_000;

const bookingOrder = (a: Order, b: Order) => Date.parse(a.booking_start) - Date.parse(b.booking_start);

/**
 * A live order event applied to the list (issue 40): the order leaves it, and comes back in its place when
 * it is what the server lists (Accepted, not over yet). The same list, unchanged, when it concerns none.
 */
export function patchNewOrders(list: readonly Order[], change: OrderChange, now = Date.now()): Order[] {
  const order = change.details?.order;
  const listed = !!order && order.status === 'Accepted' && Date.parse(order.booking_end) > now;
  const without = list.filter((o) => o.id !== change.orderId);
  if (!listed) return without.length === list.length ? (list as Order[]) : without;
  return [...without, order].sort(bookingOrder);
}

const newOrdersMeta: OrderPatchMeta = {
  patchOrder: (list, change) => patchNewOrders(list as Order[], change),
};

/**
 * `GET /api/order/list/new/{stationId}`: the station's Accepted orders that are not over, soonest first.
 * Under `['orders', stationId]`, so a status change refreshes it with every other list; an order event is
 * put into it with no request.
 */
export const newOrdersQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['orders', stationId, 'new'] as const,
    queryFn: async ({ signal }) => {
      const answer = await api<NewOrdersResponse | undefined>(
        `/order/list/new/${encodeURIComponent(stationId)}`,
        { signal },
      );
      return (answer?.orders_list ?? []).map((item) => item.order).sort(bookingOrder);
    },
    meta: newOrdersMeta,
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

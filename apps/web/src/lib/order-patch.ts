import type { QueryClient } from '@tanstack/react-query';
import type { OrderDetailsResponse } from '@crm/shared';
import { api, ApiError } from './api-client';

/** What became of one order: its whole state now (`GET /api/order/{id}`), or null when it is gone. */
export interface OrderChange {
  orderId: string;
  details: OrderDetailsResponse | null;
}

/**
 * The `meta` of a query that can take one changed order in place of a reload (issue 15: an event must not
 * refetch the calendar's week). `patchOrder` returns the new data — the same object when the change does
 * not concern it — or undefined when it cannot apply the change (the query is then invalidated).
 */
export type OrderPatchMeta = {
  patchOrder(data: unknown, change: OrderChange): unknown;
};

/** A burst touching more orders than this costs less as one reload of each list than one call per order. */
export const MAX_PATCHED_ORDERS = 8;

/**
 * The order ids an SSE `order` event names, or null when it cannot be applied one order at a time: an
 * unknown shape, or a change of several orders at once (a blocked slot is one row per box).
 * Payload: `{type, station_id, order_id, status, version?, order_ids?}` (shared `orderEventSchema`),
 * checked by hand: zod would add ~30 KB gzip to the station guard's chunk.
 */
export function orderIdsOfEvent(data: unknown, stationId: string): string[] | null {
  let event: unknown;
  try {
    event = typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const { type, station_id, order_id, order_ids } = event as Record<string, unknown>;
  if (type !== 'order.created' && type !== 'order.changed') return null;
  if (station_id !== stationId || typeof order_id !== 'string' || order_id === '') return null;
  if (order_ids !== undefined) {
    if (!Array.isArray(order_ids) || order_ids.length > 1) return null;
    if (order_ids.length === 1 && order_ids[0] !== order_id) return null;
  }
  return [order_id];
}

function patchMetaOf(meta: unknown): OrderPatchMeta | null {
  const patch = (meta as Partial<OrderPatchMeta> | undefined)?.patchOrder;
  return typeof patch === 'function' ? (meta as OrderPatchMeta) : null;
}

/** `GET /api/order/{id}`; a 404 means the order was deleted (a released blocked slot). */
async function fetchChange(orderId: string): Promise<OrderChange> {
  try {
    const details = await api<OrderDetailsResponse>(`/order/${encodeURIComponent(orderId)}`, {
      // A background refresh: a failure falls back to reloading the lists, nothing for the error log.
      silent: true,
    });
    return { orderId, details };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { orderId, details: null };
    throw error;
  }
}

/**
 * Brings the station's cached order queries up to date with these changed orders: each is fetched once
 * and put into every query that knows how to take it (the calendar's weeks, the open order's details);
 * the other order queries of the station (the dashboard's small lists, new orders, history, slots) are
 * invalidated as before. Should anything fail, every order query of the station is invalidated.
 */
export async function applyOrderChanges(
  client: QueryClient,
  stationId: string,
  orderIds: readonly string[],
): Promise<void> {
  const stationOrders = ['orders', stationId];
  let changes: OrderChange[];
  try {
    changes = await Promise.all(orderIds.map(fetchChange));
  } catch {
    await client.invalidateQueries({ queryKey: stationOrders });
    return;
  }
  const stale: unknown[][] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: stationOrders })) {
    const patcher = patchMetaOf(query.meta);
    const before = query.state.data;
    // A load in flight may have been answered before the change: it is restarted rather than patched.
    if (!patcher || before === undefined || query.state.fetchStatus === 'fetching') {
      stale.push([...query.queryKey]);
      continue;
    }
    let data: unknown = before;
    for (const change of changes) {
      if (data !== undefined) data = patcher.patchOrder(data, change);
    }
    if (data === undefined) stale.push([...query.queryKey]);
    else if (data !== before) client.setQueryData(query.queryKey, data);
  }
  await Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey, exact: true })));
}

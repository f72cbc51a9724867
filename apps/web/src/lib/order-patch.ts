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
 * unknown shape, or a change of several orders at once (a blocked slot is one row per box) that does not
 * carry the orders' state. Payload: `{type, station_id, order_id, status, version?, order_ids?, changes?}`
 * (shared `orderStreamEventSchema`), checked by hand: zod would add ~30 KB gzip to the station guard's chunk.
 */
export function orderIdsOfEvent(data: unknown, stationId: string): string[] | null {
  const event = parseEvent(data, stationId);
  if (!event) return null;
  const { order_id, order_ids } = event;
  if (order_ids === undefined || order_ids.length === 0) return [order_id];
  const carried = carriedChanges(event);
  if (carried) return carried.map((change) => change.orderId);
  if (order_ids.length > 1 || order_ids[0] !== order_id) return null;
  return [order_id];
}

/**
 * The changes an event carries (issue 40): the state of every order it names, read by the server just
 * after the write, so they are applied with no request. Null when it carries none, or not for every order.
 */
export function orderChangesOfEvent(data: unknown, stationId: string): OrderChange[] | null {
  const event = parseEvent(data, stationId);
  return event && carriedChanges(event);
}

interface ParsedEvent {
  order_id: string;
  order_ids?: string[];
  changes?: unknown;
}

/**
 * A stream event's JSON text read once (the live stream reads several things of each event); what the
 * readers below take, as well as the text itself. Null when it is not JSON.
 */
export function readEventData(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

function parseEvent(data: unknown, stationId: string): ParsedEvent | null {
  const event = readEventData(data);
  if (typeof event !== 'object' || event === null) return null;
  const { type, station_id, order_id, order_ids, changes } = event as Record<string, unknown>;
  if (type !== 'order.created' && type !== 'order.changed') return null;
  if (station_id !== stationId || typeof order_id !== 'string' || order_id === '') return null;
  if (
    order_ids !== undefined &&
    !(Array.isArray(order_ids) && order_ids.every((id) => typeof id === 'string'))
  ) {
    return null;
  }
  return { order_id, order_ids: order_ids as string[] | undefined, changes };
}

function carriedChanges({ order_id, order_ids, changes }: ParsedEvent): OrderChange[] | null {
  const named = order_ids?.length ? order_ids : [order_id];
  if (!Array.isArray(changes) || changes.length !== named.length) return null;
  const carried: OrderChange[] = [];
  for (const [i, change] of changes.entries()) {
    const { order_id: id, details } = (change ?? {}) as { order_id?: unknown; details?: unknown };
    if (id !== named[i]) return null;
    // The order's own id inside its state: a details object of another shape is not drawn.
    if (details !== null && (details as OrderDetailsResponse | undefined)?.order?.id !== id) return null;
    carried.push({ orderId: id as string, details: details as OrderDetailsResponse | null });
  }
  return carried;
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
 * and put into every query that knows how to take it (patchOrderQueries); the others are invalidated.
 * Should a fetch fail, every order query of the station is invalidated.
 */
export async function applyOrderChanges(
  client: QueryClient,
  stationId: string,
  orderIds: readonly string[],
): Promise<void> {
  let changes: OrderChange[];
  try {
    changes = await Promise.all(orderIds.map(fetchChange));
  } catch {
    await client.invalidateQueries({ queryKey: ['orders', stationId] });
    return;
  }
  const stale = patchOrderQueries(client, stationId, changes);
  await Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey, exact: true })));
}

/**
 * Puts the changed orders into every cached order query of the station that knows how to take them (the
 * calendar's weeks, the open order's details, the new orders), at once and with no request. Returns the
 * keys of the queries that could not take them (no `patchOrder`, or a load in flight, which may have been
 * answered before the change): the caller reloads those.
 */
export function patchOrderQueries(
  client: QueryClient,
  stationId: string,
  changes: readonly OrderChange[],
): unknown[][] {
  const stale: unknown[][] = [];
  for (const query of client.getQueryCache().findAll({ queryKey: ['orders', stationId] })) {
    const patcher = patchMetaOf(query.meta);
    const before = query.state.data;
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
  return stale;
}

/**
 * The oldest calendar version among the station's weeks on screen (issue 40): what the screen is known to
 * hold. Undefined when none is on screen (the dashboard's lists carry no version).
 */
export function heldCalendarVersion(client: QueryClient, stationId: string): number | undefined {
  let held: number | undefined;
  for (const query of client.getQueryCache().findAll({ queryKey: ['orders', stationId, 'calendar'] })) {
    const version = (query.state.data as { version?: unknown } | undefined)?.version;
    if (query.getObserversCount() === 0 || typeof version !== 'number') continue;
    held = held === undefined ? version : Math.min(held, version);
  }
  return held;
}

/** The `version` of a stream event (`order` or `ready`), when it has one. */
export function versionOfEvent(data: unknown): number | undefined {
  const version = (readEventData(data) as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isFinite(version) ? version : undefined;
}

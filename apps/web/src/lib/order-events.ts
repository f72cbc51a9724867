import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getBearerToken } from './session';
import { applyOrderChanges, MAX_PATCHED_ORDERS, orderIdsOfEvent } from './order-patch';

/** Several events in a burst (a blocked slot is one row per box) become one update. */
const BATCH_MS = 300;
/**
 * Each screen waits a random extra part of this before refetching: one write reaches every open screen of
 * the station at once, and their refetches would otherwise arrive together (bench:capacity, issue 15).
 */
const SPREAD_MS = 700;

/**
 * Live orders (DESIGN §7: pushed over server-sent events as well as polled): listens to
 * `GET /api/events?station_id=…`. An `order` event that names one order refetches just that order and puts
 * it into the cached calendar weeks and details (lib/order-patch.ts); the station's other order queries
 * are invalidated. An event that cannot be applied that way (several orders, an unknown shape) invalidates
 * every `['orders', stationId]` query. The browser's EventSource reconnects by itself after a drop; the
 * polling of each list stays the fallback while it is down. The station guard mounts it once for every
 * station page (calendar, dashboard, history, the new-orders modal); a second mount would open a second
 * stream.
 */
export function useOrderEvents(stationId: string | null | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!stationId || typeof EventSource === 'undefined') return;
    // Inside Telegram the session travels as a bearer token (cookies may be blocked in its iframe), and
    // EventSource cannot send headers: the stream would be refused, so such clients rely on polling.
    if (getBearerToken()) return;

    const source = new EventSource(`/api/events?station_id=${encodeURIComponent(stationId)}`, {
      withCredentials: true,
    });
    let timer: number | undefined;
    let pending = new Set<string>();
    let reloadAll = false;
    // Batches are applied one after another: an older answer must not land over a newer one.
    let applying: Promise<void> = Promise.resolve();

    const flush = () => {
      timer = undefined;
      const ids = [...pending];
      const all = reloadAll || ids.length > MAX_PATCHED_ORDERS;
      pending = new Set();
      reloadAll = false;
      applying = applying
        .then(() =>
          all
            ? queryClient.invalidateQueries({ queryKey: ['orders', stationId] })
            : applyOrderChanges(queryClient, stationId, ids),
        )
        // The next poll repairs whatever one failed update missed; the chain must go on.
        .catch(() => {});
    };
    const onOrder = (event: Event) => {
      const ids = orderIdsOfEvent((event as MessageEvent | undefined)?.data, stationId);
      if (ids === null) reloadAll = true;
      else for (const id of ids) pending.add(id);
      if (timer === undefined) timer = window.setTimeout(flush, BATCH_MS + Math.random() * SPREAD_MS);
    };
    source.addEventListener('order', onOrder);
    return () => {
      source.removeEventListener('order', onOrder);
      source.close();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [stationId, queryClient]);
}

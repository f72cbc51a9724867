import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventsTicket } from '@crm/shared';
import { api } from './api-client';
import { getBearerToken } from './session';
import { applyOrderChanges, MAX_PATCHED_ORDERS, orderIdsOfEvent } from './order-patch';

/** Several events in a burst (a blocked slot is one row per box) become one update. */
const BATCH_MS = 300;
/**
 * Each screen waits a random extra part of this before refetching: one write reaches every open screen of
 * the station at once, and their refetches would otherwise arrive together (bench:capacity, issue 15).
 */
const SPREAD_MS = 700;

/** A stream the server closed or refused is opened again after this, doubling up to a minute. */
const REOPEN_MS = 2_000;
const MAX_REOPEN_MS = 60_000;

/** `POST /api/events/ticket`: a one-time pass to the stream for a client without a session cookie. */
function requestEventsTicket(stationId: string): Promise<EventsTicket> {
  return api<EventsTicket>('/events/ticket', {
    method: 'POST',
    body: { station_id: stationId },
    silent: true,
  });
}

/**
 * Live orders (DESIGN §7: pushed over server-sent events as well as polled): listens to
 * `GET /api/events?station_id=…`. An `order` event that names one order refetches just that order and puts
 * it into the cached calendar weeks and details (lib/order-patch.ts); the station's other order queries
 * are invalidated. An event that cannot be applied that way (several orders, an unknown shape) invalidates
 * every `['orders', stationId]` query. The browser's EventSource reconnects by itself after a drop; an
 * answer that refuses the stream (a 401, a proxy's 502) closes it for good, so it is opened again here
 * after a while. The polling of each list stays the fallback while it is down. Inside Telegram the session
 * is a bearer token, which EventSource cannot send: the stream opens with a one-time ticket from the API
 * instead, so the browser's own reconnection is refused and a new ticket opens it again. The station guard
 * mounts it once for every station page (calendar, dashboard, history, the new-orders modal); a second
 * mount would open a second stream.
 */
export function useOrderEvents(stationId: string | null | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!stationId || typeof EventSource === 'undefined') return;

    let source: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let reopenTimer: number | undefined;
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
    const onOpen = () => {
      failures = 0;
    };
    const close = () => {
      source?.removeEventListener('order', onOrder);
      source?.removeEventListener('open', onOpen);
      source?.removeEventListener('error', onError);
      source?.close();
      source = null;
    };
    const reopenLater = () => {
      if (stopped) return;
      const wait = Math.min(MAX_REOPEN_MS, REOPEN_MS * 2 ** failures++);
      reopenTimer = window.setTimeout(() => void connect(), wait * (1 + Math.random() * 0.5));
    };
    function onError() {
      if (source?.readyState !== EventSource.CLOSED) return;
      close();
      reopenLater();
    }
    async function connect() {
      let url = `/api/events?station_id=${encodeURIComponent(stationId!)}`;
      if (getBearerToken()) {
        try {
          const { ticket } = await requestEventsTicket(stationId!);
          url += `&ticket=${encodeURIComponent(ticket)}`;
        } catch {
          return reopenLater();
        }
      }
      if (stopped) return;
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener('order', onOrder);
      source.addEventListener('open', onOpen);
      source.addEventListener('error', onError);
    }

    void connect();
    return () => {
      stopped = true;
      close();
      window.clearTimeout(reopenTimer);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [stationId, queryClient]);
}

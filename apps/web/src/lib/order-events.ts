import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventsTicket } from '@crm/shared';
import { api } from './api-client';
import { getBearerToken } from './session';
import {
  applyOrderChanges,
  heldCalendarVersion,
  MAX_PATCHED_ORDERS,
  orderChangesOfEvent,
  orderIdsOfEvent,
  patchOrderQueries,
  readEventData,
  versionOfEvent,
} from './order-patch';

/** Several events in a burst that must be fetched (an old server's, a day blocked) become one update. */
const BATCH_MS = 300;
/**
 * Each screen waits a random extra part of this before refetching: one write reaches every open screen of
 * the station at once, and their refetches would otherwise arrive together (bench:capacity, issue 15).
 * An event that carries its orders is drawn at once; only what cannot take it (the dashboard's figures)
 * waits and refetches.
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
 * `GET /api/events?station_id=…`. An `order` event carries the state of the orders it names (issue 40):
 * it is put at once, with no request, into every cached query that can take it (the calendar's weeks,
 * the open order, the new orders; lib/order-patch.ts), and the station's other order queries (the
 * dashboard's figures, the history) are reloaded a moment later, spread over the open screens. An event
 * without the orders' state (an older server, a burst of more orders than it carries) fetches each named
 * order, or reloads every `['orders', stationId]` query when it names too many. The browser's
 * EventSource reconnects by itself after a drop; an answer that refuses the stream (a 401, a proxy's 502)
 * closes it for good, so it is opened again here after a while. The polling of each list stays the
 * fallback while it is down. Inside Telegram the session is a bearer token, which EventSource cannot
 * send: the stream opens with a one-time ticket from the API instead, so the browser's own reconnection
 * is refused and a new ticket opens it again. The station guard mounts it once for every station page
 * (calendar, dashboard, history, the new-orders modal); a second mount would open a second stream.
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
    // Queries that could not take a carried change, by key: reloaded with the next batch.
    let stale = new Map<string, unknown[]>();
    // The newest station version an event has told of; whether a stream has been open before.
    let told: number | undefined;
    let opened = false;
    // Batches are applied one after another: an older answer must not land over a newer one.
    let applying: Promise<void> = Promise.resolve();

    const flush = () => {
      timer = undefined;
      const ids = [...pending];
      const all = reloadAll || ids.length > MAX_PATCHED_ORDERS;
      const keys = [...stale.values()];
      pending = new Set();
      reloadAll = false;
      stale = new Map();
      applying = applying
        .then(async () => {
          if (all) return queryClient.invalidateQueries({ queryKey: ['orders', stationId] });
          await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })));
          if (ids.length > 0) await applyOrderChanges(queryClient, stationId, ids);
        })
        // The next poll repairs whatever one failed update missed; the chain must go on.
        .catch(() => {});
    };
    const later = () => {
      if (timer === undefined) timer = window.setTimeout(flush, BATCH_MS + Math.random() * SPREAD_MS);
    };
    const onOrder = (event: Event) => {
      const data = readEventData((event as MessageEvent | undefined)?.data);
      const version = versionOfEvent(data);
      if (version !== undefined) told = Math.max(told ?? version, version);
      const carried = orderChangesOfEvent(data, stationId);
      if (carried) {
        // Drawn now; after a batch still being fetched, so an older answer cannot land over it.
        applying = applying
          .then(() => {
            const keys = patchOrderQueries(queryClient, stationId, carried);
            for (const key of keys) stale.set(JSON.stringify(key), key);
            if (keys.length > 0) later();
          })
          .catch(() => {});
        return;
      }
      const ids = orderIdsOfEvent(data, stationId);
      if (ids === null) reloadAll = true;
      else for (const id of ids) pending.add(id);
      later();
    };
    const onOpen = () => {
      failures = 0;
    };
    /**
     * The stream is live and the station is at `version`: what this screen holds is older when a write
     * came before the stream opened or while it was down. Then the station's order lists are reloaded
     * (the weeks answer 304 when they are in fact current). A first stream on a screen without a week
     * (the dashboard) cannot tell, and trusts its lists, which are moments old and polled.
     */
    const onReady = (event: Event) => {
      const version = versionOfEvent((event as MessageEvent | undefined)?.data);
      const held = [heldCalendarVersion(queryClient, stationId), told].filter((v) => v !== undefined);
      const behind = version === undefined || (held.length > 0 ? Math.max(...held) < version : opened);
      opened = true;
      if (version !== undefined) told = Math.max(told ?? version, version);
      if (behind) {
        reloadAll = true;
        later();
      }
    };
    const close = () => {
      source?.removeEventListener('order', onOrder);
      source?.removeEventListener('open', onOpen);
      source?.removeEventListener('ready', onReady);
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
      source.addEventListener('ready', onReady);
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

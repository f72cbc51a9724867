import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getBearerToken } from './session';

/** Several events in a burst (a blocked slot is one row per box) become one refetch. */
const BATCH_MS = 300;

/**
 * Live orders (DESIGN §7: pushed over server-sent events as well as polled): listens to
 * `GET /api/events?station_id=…` and invalidates every `['orders', stationId]` query on an `order` event.
 * The browser's EventSource reconnects by itself after a drop; the polling of each list stays the fallback
 * while it is down. The station guard mounts it once for every station page (calendar, dashboard, history,
 * the new-orders modal); a second mount would open a second stream.
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
    const onOrder = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: ['orders', stationId] });
      }, BATCH_MS);
    };
    source.addEventListener('order', onOrder);
    return () => {
      source.removeEventListener('order', onOrder);
      source.close();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [stationId, queryClient]);
}

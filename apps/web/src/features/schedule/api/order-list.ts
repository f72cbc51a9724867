import { queryOptions, useQuery } from '@tanstack/react-query';
import { fromCalendarRow, type CalendarResponse } from '@crm/shared';
import { api, ApiError } from '../../../lib/api-client';
import type { OrderPatchMeta } from '../../../lib/order-patch';
import { fromWall } from '../../../lib/station-time';
import { patchCalendarWeek, type CalendarWeek } from '../lib/calendar-week';

/**
 * The calendar's weeks (and days, and the dashboard's windows): every order query starts with
 * ['orders', stationId], so one invalidation refreshes them all.
 */
export const calendarWeekKey = (stationId: string, dateStart: string, dateEnd: string) =>
  ['orders', stationId, 'calendar', dateStart, dateEnd] as const;

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

/** A live order event puts the changed order into the cached week instead of reloading it (issue 15). */
const calendarWeekMeta = (stationId: string): OrderPatchMeta => ({
  patchOrder: (week, change) => patchCalendarWeek(week as CalendarWeek | undefined, change, stationId),
});

/**
 * `GET /api/order/calendar`: what the calendar draws of the orders whose booking starts in
 * [dateStart, dateEnd), both dates on the station's calendar (the end is exclusive). The answer is one
 * tuple per order (≈ 40 KB for a busy week); the order modal fetches the whole order when it opens. The
 * browser revalidates the answer with its ETag, so an unchanged poll costs a 304 and no body.
 */
export const calendarWeekQuery = (stationId: string, zone: string, dateStart: string, dateEnd: string) =>
  queryOptions({
    queryKey: calendarWeekKey(stationId, dateStart, dateEnd),
    queryFn: async ({ signal }): Promise<CalendarWeek> => {
      const { rows, version } = await api<CalendarResponse>('/order/calendar', {
        query: { station_id: stationId, date_start: dateStart, date_end: dateEnd },
        signal,
      });
      // bench:web measures from here to «calendar-rendered» (the grid with these orders committed).
      performance.mark('calendar-orders-received');
      return {
        orders: rows.map(fromCalendarRow),
        // The range as instants, so a live event can tell whether a moved order still belongs here.
        fromMs: fromWall(dateStart, 0, zone),
        toMs: fromWall(dateEnd, 0, zone),
        version,
      };
    },
    meta: calendarWeekMeta(stationId),
    staleTime: 30_000,
    refetchInterval: ORDER_LIST_POLL_MS,
    retry: retryOrderList,
    retryDelay: retryOrderListDelay,
  });

export function useCalendarWeek(stationId: string, zone: string, dateStart: string, dateEnd: string) {
  return useQuery(calendarWeekQuery(stationId, zone, dateStart, dateEnd));
}

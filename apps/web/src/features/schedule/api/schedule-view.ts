import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isCancelledStatus, type ScheduleViewRequest, type ScheduleViewResponse } from '@crm/shared';
import type { CalendarEvent } from '../lib/calendar-events';
import { api } from '../../../lib/api-client';
import type { OrderPatchMeta } from '../../../lib/order-patch';
import { ORDER_LIST_POLL_MS } from './order-list';

/**
 * `POST /api/order/list/schedule` (S1 §7): the station's days in [dateStart, dateEnd) with their work hours
 * and order counts — the week strip's figures. Under ['orders', stationId] like every order query, so an
 * order invalidation refreshes it too.
 */
/**
 * A live order event leaves the answer as it is: the strip counts the days the calendar holds from the
 * calendar's own (patched) orders, `useStripCounts`; a change on a day beyond them is counted at the next
 * poll, not worth a request on every screen.
 */
const scheduleViewMeta: OrderPatchMeta = { patchOrder: (view) => view };

export const scheduleViewQuery = (stationId: string, dateStart: string, dateEnd: string) =>
  queryOptions({
    queryKey: ['orders', stationId, 'schedule-view', dateStart, dateEnd] as const,
    queryFn: ({ signal }) =>
      api<ScheduleViewResponse>('/order/list/schedule', {
        method: 'POST',
        body: {
          station_id: stationId,
          date_start: dateStart,
          date_end: dateEnd,
        } satisfies ScheduleViewRequest,
        signal,
        silent: true,
      }),
    meta: scheduleViewMeta,
    staleTime: 30_000,
    refetchInterval: ORDER_LIST_POLL_MS,
  });

/** Live orders (not cancelled, not a blocked slot) per date, of what the calendar already holds. */
export function liveCountsByDate(
  events: readonly Pick<CalendarEvent, 'date' | 'status' | 'type'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'BlockerBookingSlot' || isCancelledStatus(e.status)) continue;
    counts.set(e.date, (counts.get(e.date) ?? 0) + 1);
  }
  return counts;
}

/**
 * The week strip's counts: the schedule view's for its days, and, for the days the calendar has loaded
 * (`loaded`, [start, end)), the count of the orders it holds — kept current by the live stream without a
 * request. Nothing while the first answer loads or when the call fails (the strip just has no badges).
 */
export function useStripCounts(
  stationId: string,
  dateStart: string,
  dateEnd: string,
  events: readonly CalendarEvent[],
  loaded: { start: string; end: string },
): ReadonlyMap<string, number> | undefined {
  const { data } = useQuery(scheduleViewQuery(stationId, dateStart, dateEnd));
  return useMemo(() => {
    if (!data) return undefined;
    const counts = new Map(data.days.map((d) => [d.date, d.orders]));
    const held = liveCountsByDate(events);
    for (const date of counts.keys()) {
      if (date >= loaded.start && date < loaded.end) counts.set(date, held.get(date) ?? 0);
    }
    return counts;
  }, [data, events, loaded.start, loaded.end]);
}

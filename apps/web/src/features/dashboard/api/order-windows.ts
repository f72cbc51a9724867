import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, type Order } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** S1 §9: upcoming and in-progress lists every 60 s. */
export const WINDOW_POLL_MS = 60_000;

/** `POST /api/order/list` for station-local dates [start, end) (the calendar's call, three fields). */
const windowQuery = (stationId: string, start: string, end: string) =>
  queryOptions({
    queryKey: ['orders', stationId, 'window', start, end] as const,
    queryFn: async ({ signal }) =>
      (
        await api<{ orders: Order[] }>('/order/list', {
          method: 'POST',
          body: { station_id: stationId, date_start: start, date_end: end },
          signal,
        })
      ).orders,
    staleTime: 30_000,
    refetchInterval: WINDOW_POLL_MS,
  });

/** S1 §4 «Upcoming orders: today to 2 days ahead». */
export const upcomingWindowQuery = (stationId: string, today: string) =>
  windowQuery(stationId, today, addDays(today, 2));

/** S1 §4 «Processing orders and today's valid orders: today to tomorrow». */
export const todayWindowQuery = (stationId: string, today: string) =>
  windowQuery(stationId, today, addDays(today, 1));

export function useUpcomingWindow(stationId: string, today: string) {
  return useQuery(upcomingWindowQuery(stationId, today));
}

export function useTodayWindow(stationId: string, today: string) {
  return useQuery(todayWindowQuery(stationId, today));
}

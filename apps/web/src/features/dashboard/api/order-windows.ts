import { useQuery } from '@tanstack/react-query';
import { addDays } from '@crm/shared';
import { calendarWeekQuery } from '../../schedule';

// The windows read the calendar's projection of the orders (`GET /api/order/calendar`, what their rows
// show): polled every 60 s as S1 §9 asks, a 304 while nothing changed, and patched in place by a live
// order event like the calendar's weeks (issue 15), instead of whole orders reloaded.

/** S1 §4 «Upcoming orders: today to 2 days ahead». */
export function useUpcomingWindow(stationId: string, zone: string, today: string, enabled = true) {
  return useQuery({
    ...calendarWeekQuery(stationId, zone, today, addDays(today, 2)),
    select: (window) => window.orders,
    enabled,
  });
}

/** S1 §4 «Processing orders and today's valid orders: today to tomorrow». */
export function useTodayWindow(stationId: string, zone: string, today: string, enabled = true) {
  return useQuery({
    ...calendarWeekQuery(stationId, zone, today, addDays(today, 1)),
    select: (window) => window.orders,
    enabled,
  });
}

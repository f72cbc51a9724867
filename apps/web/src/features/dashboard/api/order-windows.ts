import { useQuery } from '@tanstack/react-query';
import { addDays } from '@crm/shared';
import { orderListQuery } from '../../schedule';

// The windows are the calendar's own list call (`POST /api/order/list`, polled every 60 s as S1 §9 asks),
// so today's window shares its cache with the calendar's day view.

/** S1 §4 «Upcoming orders: today to 2 days ahead». */
export function useUpcomingWindow(stationId: string, today: string) {
  return useQuery(orderListQuery(stationId, today, addDays(today, 2)));
}

/** S1 §4 «Processing orders and today's valid orders: today to tomorrow». */
export function useTodayWindow(stationId: string, today: string) {
  return useQuery(orderListQuery(stationId, today, addDays(today, 1)));
}

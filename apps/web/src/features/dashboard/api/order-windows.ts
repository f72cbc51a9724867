import { useQuery } from '@tanstack/react-query';
import { addDays } from '@crm/shared';
import { orderListQuery } from '../../schedule';

// The windows use the full order list (`POST /api/order/list`, polled every 60 s as S1 §9 asks), not the
// calendar's projection (`GET /api/order/calendar`): their rows show what the projection leaves out.

/** S1 §4 «Upcoming orders: today to 2 days ahead». */
export function useUpcomingWindow(stationId: string, today: string) {
  return useQuery(orderListQuery(stationId, today, addDays(today, 2)));
}

/** S1 §4 «Processing orders and today's valid orders: today to tomorrow». */
export function useTodayWindow(stationId: string, today: string) {
  return useQuery(orderListQuery(stationId, today, addDays(today, 1)));
}

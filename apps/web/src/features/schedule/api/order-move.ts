import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order, OrderMove } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { calendarOrderOf } from '@crm/shared';
import { placeInWeek, type CalendarWeek } from '../lib/calendar-week';

export interface MoveRequest {
  orderId: string;
  body: OrderMove;
}

/** `POST /api/own_order/move/{id}`: an own order to another time and/or box (drag, resize, Alt+arrows). */
export const moveOrderCall = ({ orderId, body }: MoveRequest) =>
  api<{ order: Order }>(`/own_order/move/${encodeURIComponent(orderId)}`, { method: 'POST', body });

type Snapshot = [QueryKey, CalendarWeek | undefined][];

/**
 * The move with optimistic placement: every loaded calendar range of the station shows the order at its
 * new place at once; a refusal puts them back as they were (the card snaps back) and the caller shows
 * the server's message. An accepted move puts the server's order into the ranges (no reload of the week);
 * the station's other order queries (details, the dashboard's lists) are reloaded.
 */
export function useMoveOrder(stationId: string) {
  const client = useQueryClient();
  const weeks = { queryKey: ['orders', stationId, 'calendar'] };
  return useMutation({
    mutationFn: moveOrderCall,
    onMutate: async ({ orderId, body }): Promise<Snapshot> => {
      // A week refetch landing mid-move would draw the old place over the optimistic one.
      await client.cancelQueries(weeks);
      const before = client.getQueriesData<CalendarWeek>(weeks);
      client.setQueriesData<CalendarWeek>(weeks, (week) => {
        const moving = week?.orders.find((o) => o.id === orderId);
        if (!week || !moving) return week;
        return placeInWeek(week, orderId, {
          ...moving,
          booking_start: body.booking_start,
          booking_end: body.booking_end,
          box_number: body.box_number,
        });
      });
      return before;
    },
    onSuccess: ({ order }) => {
      client.setQueriesData<CalendarWeek>(weeks, (week) =>
        week ? placeInWeek(week, order.id, calendarOrderOf(order)) : week,
      );
      return client.invalidateQueries({
        queryKey: ['orders', stationId],
        predicate: (query) => query.queryKey[2] !== 'calendar',
      });
    },
    onError: (_error, _request, before) => {
      for (const [key, data] of before ?? []) client.setQueryData(key, data);
      // Something the week did not know of may stand in the way: it is reloaded.
      return client.invalidateQueries({ queryKey: ['orders', stationId] });
    },
  });
}

import { useCallback } from 'react';
import { orderMessages } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { fromWall } from '../../../lib/station-time';
import { useMoveOrder } from '../api/order-move';
import type { CalendarEvent } from './calendar-events';
import type { MoveTarget } from './use-drag-move';

/**
 * The calendar's move (drag, resize, Alt+arrows): station-local minutes → instants, sent with the length
 * the card now has. The card moves at once; a refusal (409 «Время занято», «Слот заблокирован») puts it
 * back and shows the server's message.
 */
export function useCalendarMove(stationId: string, zone: string) {
  const notify = useNotify();
  const { mutate } = useMoveOrder(stationId);
  return useCallback(
    (event: CalendarEvent, target: MoveTarget) => {
      const start = fromWall(target.date, target.startMin, zone);
      // The real length, not the one drawn (an order past midnight is drawn to the end of its day),
      // plus what a resize added.
      const resized = target.endMin - target.startMin - (event.endMin - event.startMin);
      const end = start + event.endMs - event.startMs + resized * 60_000;
      mutate(
        {
          orderId: event.id,
          body: {
            booking_start: new Date(start).toISOString(),
            booking_end: new Date(end).toISOString(),
            box_number: target.box,
          },
        },
        { onError: (error) => notify.error(error, orderMessages.updateFailed) },
      );
    },
    [mutate, notify, zone],
  );
}

import { z } from 'zod';
import { isoInstant } from '../time/date-fields';
import { orderMessages } from './order-status';

/** Field messages of a move from the calendar (drag, resize or Alt+arrows). */
export const orderMoveMessages = {
  boxRequired: 'Выберите бокс',
  completed: 'Завершённый заказ перенести нельзя',
} as const;

/**
 * `POST /api/own_order/move/{id}`: an own order to another time and/or box, nothing else changed. The
 * duration is what the client sends (a resize changes it); the server keeps the minute precision.
 */
export const orderMoveSchema = z
  .object({
    booking_start: isoInstant(orderMessages.startInvalid),
    booking_end: isoInstant(orderMessages.endInvalid),
    box_number: z
      .number({ error: orderMoveMessages.boxRequired })
      .int(orderMoveMessages.boxRequired)
      .min(1, orderMoveMessages.boxRequired),
  })
  .refine((v) => Date.parse(v.booking_start) < Date.parse(v.booking_end), {
    message: orderMessages.rangeOrder,
    path: ['booking_end'],
  });
export type OrderMove = z.input<typeof orderMoveSchema>;

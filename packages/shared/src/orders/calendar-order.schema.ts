import { z } from 'zod';
import { orderSources, orderStatuses, orderTypes } from './order-status';
import { localDate } from '../time/date-fields';
import type { CalendarRow } from './calendar-order';

/** `CalendarRow` (calendar-order.ts) checked at the edge. */
export const calendarRowSchema = z.tuple([
  z.string(),
  z.number().int(),
  z
    .number()
    .int()
    .min(0)
    .max(orderStatuses.length - 1),
  z
    .number()
    .int()
    .min(0)
    .max(orderSources.length - 1),
  z
    .number()
    .int()
    .min(0)
    .max(orderTypes.length - 1),
  z.number().int(),
  z.number().int().min(0),
  z.number().int(),
  z.number().int(),
  z.string(),
  z.string(),
  z.string(),
]);
// The schema and the plain tuple type must stay the same shape.
const sameShape: [z.infer<typeof calendarRowSchema>, CalendarRow] extends [
  CalendarRow,
  z.infer<typeof calendarRowSchema>,
]
  ? true
  : false = true;
void sameShape;

/**
 * `GET /api/order/calendar?station_id&date_start&date_end` (end exclusive, station calendar dates): the
 * dates are checked as the week query of `POST /api/order/list` checks them.
 */
export const calendarQuerySchema = z.object({
  station_id: z.string(),
  date_start: localDate(),
  date_end: localDate(),
});

/**
 * Every order (cancelled and blockers too, one row per box) starting in the range, earliest first.
 * `version` is the station's calendar version the rows are of (also in the weak ETag): an order event
 * with a `version` not above it changes nothing the client has. The server always sends it.
 */
export const calendarResponseSchema = z.object({
  rows: z.array(calendarRowSchema),
  version: z.number().int().optional(),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

import { z } from 'zod';
import {
  orderSources,
  orderStatuses,
  orderTypes,
  type OrderSource,
  type OrderStatus,
  type OrderType,
} from './order-status';
import { localDate } from '../time/date-fields';

/**
 * What the calendar draws of an order (issue 15): a time, a box, a car, a plate, a sum, a status and a
 * source. The order modal fetches the whole order (`GET /api/order/{id}`) when it opens.
 */
export interface CalendarOrder {
  id: string;
  number: number;
  status: OrderStatus;
  source: OrderSource;
  order_type: OrderType;
  /** UTC ISO instants, exactly as in `Order`. */
  booking_start: string;
  booking_end: string;
  box_number: number;
  sum: number;
  brand: string;
  model: string;
  plate_number: string;
}

/**
 * One order on the wire: a tuple, not an object, so 300 orders of a busy week fit in 40 KB of JSON
 * (object keys alone were a third of the old answer). Enumerations travel as their index in the shared
 * lists; times as Unix seconds and minutes of duration.
 *
 *   [id, number, status, source, order_type, start_s, minutes, box_number, sum, brand, model, plate_number]
 */
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
export type CalendarRow = z.infer<typeof calendarRowSchema>;

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

export function toCalendarRow(order: CalendarOrder): CalendarRow {
  const startMs = Date.parse(order.booking_start);
  return [
    order.id,
    order.number,
    orderStatuses.indexOf(order.status),
    orderSources.indexOf(order.source),
    orderTypes.indexOf(order.order_type),
    Math.round(startMs / 1000),
    Math.round((Date.parse(order.booking_end) - startMs) / 60_000),
    order.box_number,
    order.sum,
    order.brand,
    order.model,
    order.plate_number,
  ];
}

export function fromCalendarRow(row: CalendarRow): CalendarOrder {
  const [id, number, status, source, type, startS, minutes, box, sum, brand, model, plate] = row;
  return {
    id,
    number,
    status: orderStatuses[status]!,
    source: orderSources[source]!,
    order_type: orderTypes[type]!,
    booking_start: new Date(startS * 1000).toISOString(),
    booking_end: new Date(startS * 1000 + minutes * 60_000).toISOString(),
    box_number: box,
    sum,
    brand,
    model,
    plate_number: plate,
  };
}

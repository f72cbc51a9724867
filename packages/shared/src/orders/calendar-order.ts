import {
  orderSources,
  orderStatuses,
  orderTypes,
  type OrderSource,
  type OrderStatus,
  type OrderType,
} from './order-status';
import type { Order } from './order.schema';

// Plain code, no zod: the calendar route loads this (initial JS budget, issue 15); the schemas of the route
// are in calendar-order.schema.ts.

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
export type CalendarRow = [
  id: string,
  number: number,
  status: number,
  source: number,
  order_type: number,
  start_s: number,
  minutes: number,
  box_number: number,
  sum: number,
  brand: string,
  model: string,
  plate_number: string,
];

/** What the calendar keeps of a whole order: the same projection as the server's week rows. */
export function calendarOrderOf(order: Order): CalendarOrder {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    source: order.source,
    order_type: order.order_type,
    booking_start: order.booking_start,
    booking_end: order.booking_end,
    box_number: order.box_number,
    sum: order.sum,
    brand: order.client_car.brand,
    model: order.client_car.model,
    plate_number: order.client_car.plate_number,
  };
}

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
    source: orderSources[source] ?? 'Yandex',
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

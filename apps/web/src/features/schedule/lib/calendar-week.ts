import { calendarOrderOf, type CalendarOrder } from '@crm/shared';
import type { OrderChange } from '../../../lib/order-patch';

/** A cached calendar range: its orders, and the range as instants [fromMs, toMs) on the station's clock. */
export interface CalendarWeek {
  orders: CalendarOrder[];
  fromMs: number;
  toMs: number;
  /** The station's calendar version the answer was read at (the live stream compares it, issue 40). */
  version?: number;
}

function sameOrder(a: CalendarOrder, b: CalendarOrder): boolean {
  return (Object.keys(a) as (keyof CalendarOrder)[]).every((key) => a[key] === b[key]);
}

/** The server's order of the week: by start, then box. */
function comesBefore(a: CalendarOrder, b: CalendarOrder): boolean {
  const byStart = Date.parse(a.booking_start) - Date.parse(b.booking_start);
  return byStart < 0 || (byStart === 0 && a.box_number < b.box_number);
}

/**
 * The week with `orderId` as `order` is now: replaced where it was, inserted when it moved into the range,
 * removed when it left the range or is gone (`order` null). The same object when nothing changed.
 */
export function placeInWeek(week: CalendarWeek, orderId: string, order: CalendarOrder | null): CalendarWeek {
  const start = order ? Date.parse(order.booking_start) : NaN;
  const belongs = order !== null && start >= week.fromMs && start < week.toMs;
  const index = week.orders.findIndex((o) => o.id === orderId);
  if (belongs && index >= 0 && sameOrder(week.orders[index]!, order)) return week;
  if (!belongs) {
    if (index < 0) return week;
    return { ...week, orders: week.orders.filter((o) => o.id !== orderId) };
  }
  const others = index < 0 ? week.orders : week.orders.filter((o) => o.id !== orderId);
  const at = others.findIndex((o) => comesBefore(order, o));
  const orders = [...others];
  orders.splice(at < 0 ? orders.length : at, 0, order);
  return { ...week, orders };
}

/** `OrderPatchMeta.patchOrder` of a week: a live order event applied to it (lib/order-patch.ts). */
export function patchCalendarWeek(week: CalendarWeek | undefined, change: OrderChange, stationId: string) {
  if (!week) return undefined;
  const order = change.details?.order;
  // An order that now belongs to another station has left this calendar as surely as a deleted one.
  const here = order && order.station_id === stationId ? calendarOrderOf(order) : null;
  return placeInWeek(week, change.orderId, here);
}

import { useQuery } from '@tanstack/react-query';
import { addDays, fromMinutes, isCancelledStatus, type CalendarOrder } from '@crm/shared';
import { toWall } from '../../../lib/station-time';
import { calendarWeekQuery } from '../api/order-list';

/** The live order (a blocked slot too) each box has overlapping [fromMs, toMs), the earliest one. */
export function boxesTaken(
  orders: readonly CalendarOrder[],
  fromMs: number,
  toMs: number,
  exceptId?: string,
): Map<number, CalendarOrder> {
  const taken = new Map<number, CalendarOrder>();
  for (const order of orders) {
    if (isCancelledStatus(order.status) || order.id === exceptId) continue;
    const start = Date.parse(order.booking_start);
    const end = Date.parse(order.booking_end);
    if (!(start < toMs && fromMs < end)) continue;
    const known = taken.get(order.box_number);
    if (!known || Date.parse(known.booking_start) > start) taken.set(order.box_number, order);
  }
  return taken;
}

/** The cars in the boxes now: each box's order in progress (S1 «В процессе»), else a blocked slot now. */
export function boxesNow(orders: readonly CalendarOrder[], nowMs: number): Map<number, CalendarOrder> {
  const now = new Map<number, CalendarOrder>();
  for (const order of orders) if (order.status === 'Processing') now.set(order.box_number, order);
  for (const [box, order] of boxesTaken(orders, nowMs, nowMs + 1)) {
    if (order.order_type === 'BlockerBookingSlot' && !now.has(box)) now.set(box, order);
  }
  return now;
}

/** «№ 10234 · Kia Rio А123ВС77 · 10:00–10:30» (a blocked slot: «Слот заблокирован · 10:00–11:00»). */
export function takenLabel(order: CalendarOrder, zone: string): string {
  const from = toWall(Date.parse(order.booking_start), zone);
  const to = toWall(Date.parse(order.booking_end), zone);
  const time = `${fromMinutes(from.minutes)}–${fromMinutes(to.minutes)}`;
  if (order.order_type === 'BlockerBookingSlot') return `Слот заблокирован · ${time}`;
  const car = [order.brand, order.model, order.plate_number].filter(Boolean).join(' ');
  return [`№ ${order.number}`, car, time].filter(Boolean).join(' · ');
}

/**
 * The station's orders of one local day, as the calendar keeps them (the same cached query, brought up to
 * date by the live order events): for the new-order form's «Бокс» and the boxes' status.
 */
export function useDayOrders(stationId: string, zone: string, date: string | undefined) {
  const day = date ?? '2000-01-01';
  return useQuery({ ...calendarWeekQuery(stationId, zone, day, addDays(day, 1)), enabled: !!date });
}

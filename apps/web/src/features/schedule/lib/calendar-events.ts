import {
  isCancelledStatus,
  orderMessages,
  type CalendarOrder,
  type OrderSource,
  type OrderStatus,
  type OrderType,
} from '@crm/shared';
import { toWall } from '../../../lib/station-time';

/** Colour families of S1 §2 «Colours»; `other` is any status the calendar does not know. */
export type EventKind =
  'accepted' | 'booked' | 'processing' | 'completed' | 'cancelled' | 'blocker' | 'other';

/** One block on the grid: an order, or one blocked time (S1 §3 «Calendar events»). */
export interface CalendarEvent {
  /** The order id a click opens (the first row of a merged blocked slot). */
  id: string;
  /** Every order row behind the block: a blocked slot is one row per box. */
  orderIds: string[];
  status: OrderStatus;
  type: OrderType;
  source: OrderSource;
  kind: EventKind;
  title: string;
  /** «Kia Rio» or ''. */
  car: string;
  plate: string;
  sum: number;
  startMs: number;
  endMs: number;
  /** Station-local day and minutes of the start; the end is cut at that day's midnight (max 1440). */
  date: string;
  startMin: number;
  endMin: number;
  /** S1 §3 `is_warning`: a new order waiting for the station. */
  isWarning: boolean;
  isCancelled: boolean;
  /** Blocked slots open nothing (S1 §2). */
  clickable: boolean;
  /** Boxes a merged blocked slot covers. */
  boxes: number[];
  /** A live order outside the station's hours (kept at a schedule change, issue 38): marked «Вне графика». */
  outsideHours?: boolean;
}

function kindOf(order: Pick<CalendarOrder, 'status' | 'order_type'>): EventKind {
  return order.order_type === 'BlockerBookingSlot' ? 'blocker' : statusKind(order.status);
}

/** The colour family of a status (S1 §2 «Colours»). */
export function statusKind(status: OrderStatus): EventKind {
  if (isCancelledStatus(status)) return 'cancelled';
  switch (status) {
    case 'Accepted':
      return 'accepted';
    case 'Booked':
      return 'booked';
    case 'Processing':
      return 'processing';
    case 'Completed':
      return 'completed';
    default:
      return 'other';
  }
}

function carName(order: CalendarOrder): string {
  return [order.brand, order.model].filter(Boolean).join(' ').trim();
}

function titleOf(order: CalendarOrder, car: string): string {
  if (order.order_type === 'BlockerBookingSlot') return orderMessages.slotBlocked;
  if (order.order_type === 'SelfService') return orderMessages.selfBooking;
  return car || 'Запись';
}

/**
 * The calendar's orders (the week's rows) → grid events, in the station's zone. Blocked slots come as one row per box with the same times
 * (S1 §3, DESIGN §6); they are merged into one grey block. Sorted by start.
 */
export function buildEvents(orders: readonly CalendarOrder[], zone: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const blockers = new Map<string, CalendarEvent>();
  for (const order of orders) {
    const startMs = Date.parse(order.booking_start);
    const endMs = Date.parse(order.booking_end);
    if (Number.isNaN(startMs) || Number.isNaN(endMs)) continue;
    const isBlocker = order.order_type === 'BlockerBookingSlot';
    if (isBlocker) {
      const key = `${startMs}|${endMs}|${isCancelledStatus(order.status) ? 'x' : ''}`;
      const merged = blockers.get(key);
      if (merged) {
        merged.orderIds.push(order.id);
        merged.boxes.push(order.box_number);
        continue;
      }
    }
    const start = toWall(startMs, zone);
    const end = toWall(endMs, zone);
    const durationMin = Math.max(0, Math.round((endMs - startMs) / 60_000));
    // An order past midnight is drawn to the end of its first day.
    const endMin = end.date === start.date ? end.minutes : Math.min(1440, start.minutes + durationMin);
    const car = carName(order);
    const event: CalendarEvent = {
      id: order.id,
      orderIds: [order.id],
      status: order.status,
      type: order.order_type,
      source: order.source,
      kind: kindOf(order),
      title: titleOf(order, car),
      car: isBlocker ? '' : car,
      plate: isBlocker ? '' : order.plate_number,
      sum: order.sum,
      startMs,
      endMs,
      date: start.date,
      startMin: start.minutes,
      endMin: Math.max(endMin, start.minutes),
      isWarning: order.status === 'Accepted',
      isCancelled: isCancelledStatus(order.status),
      clickable: !isBlocker,
      boxes: [order.box_number],
    };
    if (isBlocker) blockers.set(`${startMs}|${endMs}|${event.isCancelled ? 'x' : ''}`, event);
    events.push(event);
  }
  for (const blocker of blockers.values()) blocker.boxes.sort((a, b) => a - b);
  return events.sort((a, b) => a.startMs - b.startMs || b.endMs - a.endMs);
}

/** S1 §2 minimum heights: 28 px for 5 minutes or less, 30 px for 15 or less, 40 px for 30 or less. */
export function eventHeight(durationMin: number, hourPx: number): number {
  const natural = (durationMin / 60) * hourPx;
  if (durationMin <= 5) return Math.max(natural, 28);
  if (durationMin <= 15) return Math.max(natural, 30);
  if (durationMin <= 30) return Math.max(natural, 40);
  return natural;
}

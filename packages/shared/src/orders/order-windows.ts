import { cancelledStatuses, isOwnSource, type OrderStatus } from './order-status';

/** Order list windows of the dashboard (S1 §4) and the «Скоро начнется» marker (S1 §9: 30 min). */
export const soonMinutes = 30;
export const dashboardListLimit = 5;

interface WindowOrder {
  status: OrderStatus;
  order_type: string;
  booking_start: string;
}

/** Valid excludes the cancelled statuses and blocked slots (S1 §4). */
export function isValidOrder(order: WindowOrder): boolean {
  return !cancelledStatuses.includes(order.status) && order.order_type !== 'BlockerBookingSlot';
}

/** Upcoming: Booked, starting after one hour ago (the list call covers today to 2 days ahead). */
export function isUpcoming(order: WindowOrder, now: Date): boolean {
  return (
    order.status === 'Booked' &&
    order.order_type !== 'BlockerBookingSlot' &&
    Date.parse(order.booking_start) > now.getTime() - 60 * 60_000
  );
}

export function isStartingSoon(order: Pick<WindowOrder, 'booking_start'>, now: Date): boolean {
  const lead = Date.parse(order.booking_start) - now.getTime();
  return lead > 0 && lead <= soonMinutes * 60_000;
}

/** Incoming new orders block work until answered (S1 §1): partners' orders and clients' own bookings. */
export function isIncomingNewOrder(order: { status: OrderStatus; source: string; order_type: string }) {
  return order.status === 'Accepted' && (!isOwnSource(order.source) || order.order_type === 'SelfService');
}

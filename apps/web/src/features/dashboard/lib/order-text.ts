import {
  addDays,
  isCancelledStatus,
  orderMessages,
  orderSourceLabel,
  orderTypeLabels,
  type Order,
  type OrderStatus,
} from '@crm/shared';
import { localParts } from '../../../lib/station-time';

/** The status tag look of the orders feature (orders.css, loaded with the order modals). */
export const statusTagClass = (status: OrderStatus) =>
  `status-tag status-tag--${isCancelledStatus(status) ? 'cancelled' : status.toLowerCase()}`;

/** «14:30–15:00» today, «завтра 10:00–10:30», «24.11 10:00–10:30» later. */
export function orderWhen(order: Pick<Order, 'booking_start' | 'booking_end'>, zone: string, today: string) {
  const start = localParts(order.booking_start, zone);
  const end = localParts(order.booking_end, zone);
  if (!start || !end) return orderMessages.notSpecified;
  const times = `${start.time}–${end.time}`;
  if (start.date === today) return times;
  if (start.date === addDays(today, 1)) return `завтра ${times}`;
  return `${start.date.slice(8, 10)}.${start.date.slice(5, 7)} ${times}`;
}

/** «Kia Rio», of an order's car (`order.client_car`) or of the calendar's projection of an order. */
export function carLine({ brand, model }: { brand: string; model: string }): string {
  return [brand, model].filter((p) => p.trim()).join(' ') || 'Автомобиль не указан';
}

/** «Яндекс», «Станция», or «Самозапись» for a client's own online booking. */
export function sourceLabel(order: Pick<Order, 'source' | 'order_type'>): string {
  if (order.order_type === 'SelfService') return orderTypeLabels.SelfService;
  return orderSourceLabel(order.source);
}

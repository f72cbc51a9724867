// Orders a settings change would strand (issue 38): live orders outside new work hours, or on boxes that go.
// Pure; no zod (the calendar marks kept orders with `outsideWorkHours`).
import { workHoursError } from '../slots/slot-derivation';
import type { WorktimeByDay } from './week';
import { outsideHoursMark } from './outside-hours-mark';

/** What the owner decided for the orders a schedule or box change leaves out (`affected_orders`). */
export const affectedOrdersActions = ['keep', 'cancel'] as const;
export type AffectedOrdersAction = (typeof affectedOrdersActions)[number];

/** Why an order is affected: the new hours leave it out, or its box is removed. */
export type AffectedReason = 'hours' | 'box';

/** One order of a 409 ORDERS_OUTSIDE_HOURS answer, with what the owner needs to recognise it. */
export interface AffectedOrder {
  id: string;
  number: number;
  /** Station-local date (YYYY-MM-DD) and times (HH:mm) of the booking. */
  date: string;
  start: string;
  end: string;
  booking_start: string;
  booking_end: string;
  box_number: number;
  status: string;
  source: string;
  car: string;
  plate_number: string;
  reason: AffectedReason;
}

/** The `error` member of the 409: the usual code and message, and the orders (at most `maxListed`). */
export interface OrdersOutsideHoursError {
  code: 'ORDERS_OUTSIDE_HOURS';
  message: string;
  orders: AffectedOrder[];
  /** Every affected order, listed or not. */
  total: number;
}

/** At most this many orders are listed in the 409; `total` says how many there are. */
export const maxListedAffectedOrders = 200;

/** «1 заказ», «3 заказа», «12 заказов». */
export function ordersCount(n: number): string {
  const ten = n % 10;
  const hundred = n % 100;
  if (ten === 1 && hundred !== 11) return `${n} заказ`;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return `${n} заказа`;
  return `${n} заказов`;
}

/** Ours (issue 38). */
export const affectedOrdersMessages = {
  conflict:
    'Изменение оставляет вне графика или без бокса {orders}. Выберите, что с ними сделать: оставить, перенести или отменить',
  actionInvalid: 'Выберите, что сделать с заказами вне графика: оставить (keep) или отменить (cancel)',
  /** A kept order cannot stay on a box that no longer exists. */
  keepOnRemovedBox: 'Заказы на убираемых боксах нельзя оставить: перенесите их в другой бокс или отмените',
  title: 'Заказы вне нового графика',
  appliesFrom: 'Новый график действует сразу, с сегодняшнего дня ({date}).',
  keep: 'Оставить заказы',
  cancel: 'Отменить заказы',
  move: 'Перенести',
  keptHint: 'Оставленные заказы остаются в календаре с пометкой «Вне графика».',
  outsideMark: outsideHoursMark,
  removedBox: 'Бокс убирается',
  outsideHours: 'Вне новых часов',
  partnerNotified: 'Партнёр получит уведомление об отмене',
  cancelledSaved: 'Отменено: {orders}',
  keptSaved: 'Оставлено вне графика: {orders}',
} as const;

/**
 * Whether a live order [start, end) lies outside the station's hours on its own clock (the own-order rule
 * of DESIGN §6). A station with no working day is never «outside».
 */
export function outsideWorkHours(worktime: WorktimeByDay, timeZone: string, start: Date, end: Date): boolean {
  return workHoursError(worktime, timeZone, start, end) !== null;
}

/**
 * Whether a change of hours (and maybe of zone) strands an order: outside the new hours while it was
 * inside the old ones. An order already outside before (kept at an earlier change) is not asked about again.
 */
export function strandedByHours(
  before: { worktime: WorktimeByDay; timeZone: string },
  after: { worktime: WorktimeByDay; timeZone: string },
  start: Date,
  end: Date,
): boolean {
  return (
    outsideWorkHours(after.worktime, after.timeZone, start, end) &&
    !outsideWorkHours(before.worktime, before.timeZone, start, end)
  );
}

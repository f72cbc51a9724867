import {
  canTransition,
  defaultCancelReason,
  isCancelledStatus,
  isEarlyStep,
  isFinalStatus,
  isOwnSource,
  orderMessages,
  ownPaymentMethods,
  type CancelReason,
  type Order,
  type OrderCompletePayment,
  type OrderStatus,
  type PaymentMethod,
  slotId,
  stationClock,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors';
import { recordOrderEvent } from '../events/order-event-bus';
import { loadOrderForCaller, requireOrderWriter, type Caller } from './order-access';
import type { OrderRow } from './order-dto';
import { paidAtFor } from './order-write';
import { placeOrder } from './booking';
import { collidingOrder, collisionBody, describeCollision } from './order-conflict';
import { stationRow, updateOrderIfStatus, type OrderInsert } from './orders.repository';
import { orderDto } from './orders.service';

/** The forward steps and the call of each (S1 §4, §7). */
export type OrderStep = 'Booked' | 'Processing' | 'Completed';

/**
 * Writes a status-side change only if nobody changed the status since we read it, and tells the
 * station's listeners in the same transaction.
 */
async function writeChange(
  db: Database,
  caller: Caller,
  order: OrderRow,
  change: { action: 'status' | 'payment'; values: Partial<OrderInsert> },
  lostRace: string,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const updated = await updateOrderIfStatus(tx, order.id, order.status, change.values);
    if (!updated) throw conflict(lostRace);
    await recordOrderEvent(
      tx,
      {
        type: 'order.changed',
        station_id: updated.stationId,
        order_id: updated.id,
        status: updated.status as OrderStatus,
      },
      {
        action: change.action,
        fromStatus: order.status as OrderStatus,
        actor: { kind: 'user', userId: caller.userId },
        source: order.source,
      },
    );
  });
  return orderDto(db, order.id);
}

/** Staff take card, cash or СБП for an own order; `paid` (online) happens at the partner (S1 §3). */
function requireMethodFor(order: OrderRow, method: PaymentMethod) {
  if (isOwnSource(order.source) && !ownPaymentMethods.includes(method)) {
    throw badRequest({ payment_method: orderMessages.paymentRequired });
  }
}

/**
 * `POST /api/order_booked|order_processing|order_completed/{id}`: one step forward. Every position may
 * do it. A start more than 10 minutes early or a completion before the booked end needs
 * `skip_validation` (the operator confirmed «Ранний старт» / «Раннее завершение»); any start before the
 * booked time moves the booking to now (`startEarly`).
 *
 * A completion may carry the payment taken (`payment`): the status and the money are written in one
 * transaction, so an order is never left Completed without the payment the operator recorded. Every
 * position that completes may take it: the washer who finishes the car is the one paid (docs/decisions.md,
 * «Issue 10: the operator's day»).
 */
export async function moveOrderStep(
  db: Database,
  caller: Caller,
  orderId: string,
  to: OrderStep,
  skipValidation: boolean,
  payment?: OrderCompletePayment,
  now = new Date(),
): Promise<Order> {
  const { order } = await loadOrderForCaller(db, caller, orderId);
  const from = order.status as OrderStatus;
  if (isFinalStatus(from)) throw conflict(orderMessages.finalStatus);
  if (!canTransition(from, to)) throw conflict(orderMessages.statusFailed);
  if (payment) requireMethodFor(order, payment.payment_method);
  const times = {
    booking_start: order.bookingStart.toISOString(),
    booking_end: order.bookingEnd.toISOString(),
  };
  if (!skipValidation && isEarlyStep(to, times, now)) throw conflict(orderMessages.statusTooEarly);
  if (to === 'Processing' && now < order.bookingStart) return startEarly(db, caller, order, now);
  const values: Partial<OrderInsert> = { status: to };
  if (to === 'Processing') values.dateStart = now;
  if (to === 'Completed') values.dateEnd = now;
  if (payment) {
    values.paymentMethod = payment.payment_method;
    values.sumCompleted = payment.sum_completed;
    values.paidAt = paidAtFor(payment.payment_method, order, now);
  }
  return writeChange(db, caller, order, { action: 'status', values }, orderMessages.statusFailed);
}

/** The refusal of an early start whose box is taken now, naming the order in the way. */
export const earlyStartTaken = (box: number, other: string) =>
  `Нельзя начать сейчас: бокс ${box} занят — ${other}. Завершите или перенесите тот заказ, либо начните этот в его время.`;

/**
 * A start before the booked time moves the booking to now (to the minute), keeping its length and box,
 * so the calendar, the history and the day's revenue all put the wash where it happened. The exclusion
 * constraint decides through the booking engine; a box taken now is a 409 naming the order in it. The
 * work hours are not asked: the car is already in the box.
 */
async function startEarly(db: Database, caller: Caller, order: OrderRow, now: Date): Promise<Order> {
  const station = await stationRow(db, order.stationId);
  if (!station) throw notFound();
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const end = new Date(start.getTime() + order.bookingEnd.getTime() - order.bookingStart.getTime());
  const from = stationClock(station.timeZone, start);
  const until = stationClock(station.timeZone, end);
  const basket = { ...order.basket, slot_id: slotId(from.date, from.time, until.time, station.slotDuration) };
  const box = order.boxNumber;
  await placeOrder(
    db,
    { stationId: station.id, start, end, onlyBox: box, exceptOrderId: order.id },
    async (tx) => {
      const updated = await updateOrderIfStatus(tx, order.id, order.status, {
        status: 'Processing',
        dateStart: now,
        bookingStart: start,
        bookingEnd: end,
        basket,
      });
      if (!updated) throw conflict(orderMessages.statusFailed);
      await recordOrderEvent(
        tx,
        { type: 'order.changed', station_id: station.id, order_id: order.id, status: 'Processing' },
        {
          action: 'status',
          fromStatus: order.status as OrderStatus,
          actor: { kind: 'user', userId: caller.userId },
          source: order.source,
        },
      );
    },
  ).catch(async (error: unknown) => {
    if (!(error instanceof AppError && error.code === 'SLOT_TAKEN')) throw error;
    const other = await collidingOrder(db, station.id, box, start, end, order.id);
    if (!other) throw error;
    const text = earlyStartTaken(box, describeCollision(other, station.timeZone));
    throw new AppError(409, 'SLOT_TAKEN', text, undefined, { order: collisionBody(other) });
  });
  return orderDto(db, order.id);
}

/** How the operator's words beside «Другое» are kept: a line of the order's service note. */
export const cancelCommentPrefix = 'Причина отказа: ';

function noteWith(systemComment: string, comment: string | undefined): string {
  const line = comment?.trim();
  if (!line) return systemComment;
  return systemComment ? `${systemComment}\n${cancelCommentPrefix}${line}` : `${cancelCommentPrefix}${line}`;
}

/**
 * `POST /api/order_canceled/{id}`: staff cancel from any non-final status, with a reason (default
 * Other) and optionally the operator's own words, kept in the service note. The station cancelled it, so
 * the status says so; the box is free again at once.
 */
export async function cancelOrder(
  db: Database,
  caller: Caller,
  orderId: string,
  reason: CancelReason = defaultCancelReason,
  comment?: string,
): Promise<Order> {
  const access = await loadOrderForCaller(db, caller, orderId);
  requireOrderWriter(access);
  const { order } = access;
  if (isFinalStatus(order.status as OrderStatus)) throw conflict(orderMessages.finalStatus);
  return writeChange(
    db,
    caller,
    order,
    {
      action: 'status',
      values: { status: 'StationCanceled', reason, systemComment: noteWith(order.systemComment, comment) },
    },
    orderMessages.cancelFailed,
  );
}

/** `POST /api/order/payment/{id}`: the «Оплата визита» tab records how and how much was paid. */
export async function payOrder(
  db: Database,
  caller: Caller,
  orderId: string,
  input: { payment_method: PaymentMethod; sum_completed: number },
): Promise<Order> {
  const access = await loadOrderForCaller(db, caller, orderId);
  requireOrderWriter(access);
  const { order } = access;
  if (isCancelledStatus(order.status as OrderStatus)) throw conflict(orderMessages.finalStatus);
  requireMethodFor(order, input.payment_method);
  return writeChange(
    db,
    caller,
    order,
    {
      action: 'payment',
      values: {
        paymentMethod: input.payment_method,
        sumCompleted: input.sum_completed,
        paidAt: paidAtFor(input.payment_method, order),
      },
    },
    orderMessages.paymentFailed,
  );
}

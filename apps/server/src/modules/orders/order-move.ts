import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cancelledStatuses,
  isCancelledStatus,
  orderMessages,
  orderMoveMessages,
  slotId,
  stationClock,
  type Order,
  type orderMoveSchema,
  type OrderStatus,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { bookingOverlaps, orders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { recordOrderEvent } from '../events/order-event-bus';
import { placeOrder } from './booking';
import { namedCollision } from './order-conflict';
import { requireWorkHours } from './order-write';
import { loadOrderForCaller, requireOrderWriter, requireOwnOrder, type Caller } from './order-access';
import { boxNumbersOf, stationRow, updateOrderIfStatus, type Tx } from './orders.repository';
import { boxUnknown, orderDto } from './orders.service';

type OrderMoveInput = z.output<typeof orderMoveSchema>;

/** A booking longer than a day is a typo, not a wash (the same limit as the edit form). */
const maxBookingMs = 24 * 60 * 60_000;
const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

/** A live blocked slot in the box overlapping [start, end): the move gets «Слот заблокирован». */
async function blockedInBox(db: Tx, stationId: string, box: number, start: Date, end: Date) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        eq(orders.boxNumber, box),
        eq(orders.orderType, 'BlockerBookingSlot'),
        notInArray(orders.status, [...cancelledStatuses]),
        bookingOverlaps(start, end),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * `POST /api/own_order/move/{id}`: the calendar's drag, resize and Alt+arrows. Only the time and the box
 * change, with the edit's rules: writer positions, own orders, not cancelled or completed, the box must
 * exist, and the exclusion constraint decides (409 «Время занято: № 10234, Kia Rio А123ВС77, 10:00–11:00»,
 * naming the order in the way; «Слот заблокирован» on a blocker).
 */
export async function moveOrder(
  db: Database,
  caller: Caller,
  orderId: string,
  input: OrderMoveInput,
): Promise<Order> {
  const access = await loadOrderForCaller(db, caller, orderId);
  requireOrderWriter(access);
  const { order } = access;
  requireOwnOrder(order);
  const status = order.status as OrderStatus;
  if (isCancelledStatus(status)) throw conflict(orderMessages.finalStatus);
  if (status === 'Completed') throw conflict(orderMoveMessages.completed);
  const station = await stationRow(db, order.stationId);
  if (!station) throw notFound();

  const start = toMinute(input.booking_start);
  const end = toMinute(input.booking_end);
  if (start >= end) throw badRequest({ booking_end: orderMessages.rangeOrder });
  if (end.getTime() - start.getTime() > maxBookingMs)
    throw badRequest({ booking_end: orderMessages.endInvalid });
  const box = input.box_number;
  // The move's own field names; a move to another box at the same time passes even if the hours changed.
  requireWorkHours(station, start, end, 'booking_start', {
    start: order.bookingStart,
    end: order.bookingEnd,
  });
  if (!(await boxNumbersOf(db, station.id)).includes(box)) throw badRequest({ box_number: boxUnknown });
  if (await blockedInBox(db, station.id, box, start, end))
    throw conflict(orderMessages.slotBlocked, 'SLOT_TAKEN');

  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  const basket = { ...order.basket, slot_id: slotId(from.date, from.time, to.time, station.slotDuration) };
  await placeOrder(
    db,
    { stationId: station.id, start, end, onlyBox: box, exceptOrderId: order.id },
    async (tx, placed) => {
      // Guarded by the status read above: a cancel or step that won the race is not overwritten.
      const updated = await updateOrderIfStatus(tx, order.id, order.status, {
        bookingStart: start,
        bookingEnd: end,
        boxNumber: placed,
        basket,
      });
      if (!updated) throw conflict(orderMessages.updateFailed);
      await recordOrderEvent(
        tx,
        {
          type: 'order.changed',
          station_id: station.id,
          order_id: order.id,
          status: updated.status as OrderStatus,
        },
        {
          action: 'moved',
          fromStatus: status,
          actor: { kind: 'user', userId: caller.userId },
          source: order.source,
        },
      );
      return updated;
    },
  ).catch((error: unknown) =>
    namedCollision(
      db,
      { stationId: station.id, timeZone: station.timeZone, box, start, end, exceptOrderId: order.id },
      error,
    ),
  );
  return orderDto(db, order.id);
}

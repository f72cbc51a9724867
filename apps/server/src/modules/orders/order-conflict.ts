import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import { cancelledStatuses, orderMessages, stationClock } from '@crm/shared';
import { bookingOverlaps, orders } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { Tx } from './orders.repository';

/** The live order a booking collides with: what the operator needs to recognise it. */
export interface CollidingOrder {
  id: string;
  number: number;
  orderType: string;
  brand: string;
  model: string;
  plate: string;
  bookingStart: Date;
  bookingEnd: Date;
}

/**
 * The earliest live order (a blocked slot too) in the box overlapping [start, end), other than
 * `exceptOrderId`. The `&&` is the exclusion constraint's own expression, so its GiST index answers it.
 */
export async function collidingOrder(
  db: Tx,
  stationId: string,
  box: number,
  start: Date,
  end: Date,
  exceptOrderId?: string,
): Promise<CollidingOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      orderType: orders.orderType,
      car: orders.clientCar,
      bookingStart: orders.bookingStart,
      bookingEnd: orders.bookingEnd,
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        eq(orders.boxNumber, box),
        notInArray(orders.status, [...cancelledStatuses]),
        bookingOverlaps(start, end),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    )
    .orderBy(asc(orders.bookingStart))
    .limit(1);
  if (!row) return null;
  const car = (row.car ?? {}) as { brand?: string; model?: string; plate_number?: string };
  return {
    id: row.id,
    number: row.number,
    orderType: row.orderType,
    brand: car.brand ?? '',
    model: car.model ?? '',
    plate: car.plate_number ?? '',
    bookingStart: row.bookingStart,
    bookingEnd: row.bookingEnd,
  };
}

/** «№ 10234, Kia Rio А123ВС77, 10:00–11:00» (a blocked slot: «заблокированный слот 10:00–11:00»), station time. */
export function describeCollision(order: CollidingOrder, timeZone: string): string {
  const from = stationClock(timeZone, order.bookingStart);
  const to = stationClock(timeZone, order.bookingEnd);
  const time =
    from.date === to.date
      ? `${from.time}–${to.time}`
      : `${from.time}–${to.date.slice(8, 10)}.${to.date.slice(5, 7)} ${to.time}`;
  if (order.orderType === 'BlockerBookingSlot') return `заблокированный слот ${time}`;
  const car = [order.brand, order.model, order.plate]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return [`№ ${order.number}`, car, time].filter(Boolean).join(', ');
}

/** The colliding order as the 409 carries it (`error.order`). */
export const collisionBody = (order: CollidingOrder) => ({
  id: order.id,
  number: order.number,
  order_type: order.orderType,
  booking_start: order.bookingStart.toISOString(),
  booking_end: order.bookingEnd.toISOString(),
});

/**
 * 409 SLOT_TAKEN naming the order in the way: the message says it in words, `error.order` carries it
 * for a client that wants to open it.
 */
export function slotTakenBy(
  order: CollidingOrder,
  timeZone: string,
  message: string = orderMessages.slotTaken,
) {
  return new AppError(409, 'SLOT_TAKEN', `${message}: ${describeCollision(order, timeZone)}`, undefined, {
    order: collisionBody(order),
  });
}

/**
 * What a placement on a chosen box throws: when it was refused as taken, the refusal names the order in
 * the way (if it is still there to name: it may have gone between the two reads); anything else as it was.
 */
export async function namedCollision(
  db: Tx,
  target: {
    stationId: string;
    timeZone: string;
    box: number | undefined;
    start: Date;
    end: Date;
    exceptOrderId?: string;
  },
  error: unknown,
): Promise<never> {
  if (!(error instanceof AppError && error.code === 'SLOT_TAKEN') || target.box === undefined) throw error;
  const other = await collidingOrder(
    db,
    target.stationId,
    target.box,
    target.start,
    target.end,
    target.exceptOrderId,
  );
  throw other ? slotTakenBy(other, target.timeZone) : error;
}

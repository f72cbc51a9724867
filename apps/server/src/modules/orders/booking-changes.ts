import { slotId, stationClock, type OrderEventActorKind, type OrderStatus } from '@crm/shared';
import type { Database } from '../../db/client';
import { recordOrderEvent } from '../events/order-event-bus';
import { placeOrder } from './booking';
import type { OrderRow } from './order-dto';
import { updateOrderIfStatus } from './orders.repository';

// A booking changed from outside the staff app: by a partner (partner API) or by the driver himself (his
// online booking's manage link). Staff changes go through order-write.ts and order-status.service.ts.

/**
 * Moves a booking to another start, its minutes kept, for the callers outside the staff's order form: a
 * partner's reschedule and a driver's from his manage link. Through the booking engine (DESIGN §6): its
 * own box first, its own place not counting as taken, the exclusion constraint deciding; 409 SLOT_TAKEN
 * when no box is free. `refused` is thrown when the order's status changed in the meantime.
 */
export async function moveBooking(
  db: Database,
  order: OrderRow,
  station: { timeZone: string; slotDuration: number },
  start: Date,
  actorKind: OrderEventActorKind,
  refused: () => Error,
): Promise<OrderRow> {
  const end = new Date(start.getTime() + (order.bookingEnd.getTime() - order.bookingStart.getTime()));
  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  return placeOrder(
    db,
    { stationId: order.stationId, start, end, preferBox: order.boxNumber, exceptOrderId: order.id },
    async (tx, box) => {
      const row = await updateOrderIfStatus(tx, order.id, order.status, {
        bookingStart: start,
        bookingEnd: end,
        boxNumber: box,
        basket: { ...order.basket, slot_id: slotId(from.date, from.time, to.time, station.slotDuration) },
      });
      if (!row) throw refused();
      await recordOrderEvent(
        tx,
        {
          type: 'order.changed',
          station_id: row.stationId,
          order_id: row.id,
          status: row.status as OrderStatus,
        },
        {
          action: 'moved',
          fromStatus: order.status as OrderStatus,
          actor: { kind: actorKind, userId: null },
          source: order.source,
        },
      );
      return row;
    },
  );
}

/**
 * The client cancelled (UserCanceled, «Отмены клиентом»): the box is free at once; `note` joins the order's
 * service note (the client's words are never logged). `refused` is thrown when the status changed meanwhile.
 */
export async function cancelByClient(
  db: Database,
  order: OrderRow,
  note: string,
  actorKind: OrderEventActorKind,
  refused: () => Error,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const row = await updateOrderIfStatus(tx, order.id, order.status, {
      status: 'UserCanceled',
      systemComment: order.systemComment ? `${order.systemComment}\n${note}` : note,
    });
    if (!row) throw refused();
    await recordOrderEvent(
      tx,
      { type: 'order.changed', station_id: row.stationId, order_id: row.id, status: 'UserCanceled' },
      {
        action: 'status',
        fromStatus: order.status as OrderStatus,
        actor: { kind: actorKind, userId: null },
        source: order.source,
      },
    );
    return row;
  });
}

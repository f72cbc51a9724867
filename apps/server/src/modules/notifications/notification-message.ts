import { eq, inArray } from 'drizzle-orm';
import {
  isIncomingNewOrder,
  stationClock,
  type ClientCar,
  type NotificationEvent,
  type OrderStatus,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { orderEvents, orders, stations } from '../../db/schema';
import type { NotificationMessage } from './channels';

export const noCarText = 'Автомобиль не указан';

/** «Toyota Camry А123ВС77», or «Автомобиль не указан» for an order without a car. */
export function carText(car: Partial<ClientCar> | null): string {
  const text = [car?.brand, car?.model, car?.plate_number]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return text || noCarText;
}

/** «25.11 07:55–08:25» on the station's clock (the end's date is left out: a wash ends the same day). */
export function timeText(timeZone: string, start: Date, end: Date): string {
  const from = stationClock(timeZone, start);
  const to = stationClock(timeZone, end);
  const [, month, day] = from.date.split('-');
  return `${day}.${month} ${from.time}–${to.time}`;
}

/**
 * The web app's address of the order: the calendar (the station's index route) on the order's day, with
 * the order modal open (`?orderId=`, apps/web features/orders order-modals.tsx).
 */
export function orderPath(stationId: string, orderId: string, date: string): string {
  return `/station/${stationId}?date=${date}&orderId=${orderId}`;
}

/** The messages of the given order events, by event id (an event whose order is gone has none). */
export async function buildMessages(
  db: Database,
  events: readonly { eventId: number; event: NotificationEvent }[],
): Promise<Map<number, NotificationMessage>> {
  const out = new Map<number, NotificationMessage>();
  if (events.length === 0) return out;
  const rows = await db
    .select({
      eventId: orderEvents.id,
      stationId: stations.id,
      stationName: stations.name,
      timeZone: stations.timeZone,
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      source: orders.source,
      orderType: orders.orderType,
      clientCar: orders.clientCar,
      bookingStart: orders.bookingStart,
      bookingEnd: orders.bookingEnd,
      boxNumber: orders.boxNumber,
      sum: orders.sum,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .innerJoin(stations, eq(stations.id, orders.stationId))
    .where(
      inArray(
        orderEvents.id,
        events.map((e) => e.eventId),
      ),
    );
  const kindOf = new Map(events.map((e) => [e.eventId, e.event]));
  for (const row of rows) {
    const status = row.status as OrderStatus;
    out.set(row.eventId, {
      event: kindOf.get(row.eventId)!,
      eventId: row.eventId,
      station: { id: row.stationId, name: row.stationName },
      order: {
        id: row.orderId,
        number: row.number,
        status,
        source: row.source,
        car: carText(row.clientCar),
        time: timeText(row.timeZone, row.bookingStart, row.bookingEnd),
        box: row.boxNumber,
        sum: row.sum,
        // Staff answer only incoming orders (a partner's, a driver's online booking); one they typed in
        // themselves is Booked already.
        awaitsDecision: isIncomingNewOrder({ status, source: row.source, order_type: row.orderType }),
      },
      url: orderPath(row.stationId, row.orderId, stationClock(row.timeZone, row.bookingStart).date),
    });
  }
  return out;
}

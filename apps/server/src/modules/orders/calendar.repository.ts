import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeOrderSource, orderSources, orderStatuses, orderTypes, type CalendarRow } from '@crm/shared';
import { orders, stationCalendarVersions } from '../../db/schema';
import type { Tx } from './orders.repository';

/**
 * The station's calendar version (issue 15), raised by every order write (order-event-bus.ts). Null
 * while the station has had no order write since the versions began.
 */
export async function storedCalendarVersion(db: Tx, stationId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: stationCalendarVersions.version })
    .from(stationCalendarVersions)
    .where(eq(stationCalendarVersions.stationId, stationId))
    .limit(1);
  return row ? Number(row.version) : null;
}

/** A value's index in its shared list, as the tuple carries it; a value outside the list is a bug, not a 0. */
function indexer(list: readonly string[], what: string): (value: string) => number {
  const index = new Map(list.map((value, i) => [value, i]));
  return (value) => {
    const found = index.get(value);
    if (found === undefined) throw new Error(`calendar row: unknown ${what} ${value}`);
    return found;
  };
}
const statusIndex = indexer(orderStatuses, 'status');
const knownSourceIndex = indexer(orderSources, 'source');
/** S1 §1: a source the client does not know travels as Yandex. */
const sourceIndex = (source: string) => knownSourceIndex(normalizeOrderSource(source));
const typeIndex = indexer(orderTypes, 'order type');

/**
 * The week list's rows: what the calendar draws and nothing else, from `orders` alone (no join), for the
 * orders starting within [dateStart, dateEnd) on the station's clock — the same orders, in the same order,
 * as `listOrdersByLocalDates`. Times leave the database as Unix seconds and minutes, sparing a Date per
 * column; the car is read out of its JSON column here so the rest of it stays in the database.
 */
export async function calendarRows(
  db: Tx,
  stationId: string,
  timeZone: string,
  dateStart: string,
  dateEnd: string,
): Promise<CalendarRow[]> {
  const from = sql`(${dateStart}::timestamp at time zone ${timeZone})`;
  const to = sql`(${dateEnd}::timestamp at time zone ${timeZone})`;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      source: orders.source,
      orderType: orders.orderType,
      startSeconds: sql<number>`round(extract(epoch from ${orders.bookingStart}))::int8`.mapWith(Number),
      minutes:
        sql<number>`round(extract(epoch from ${orders.bookingEnd} - ${orders.bookingStart}) / 60)::int4`.mapWith(
          Number,
        ),
      boxNumber: orders.boxNumber,
      sum: orders.sum,
      brand: sql<string>`coalesce(${orders.clientCar}->>'brand', '')`,
      model: sql<string>`coalesce(${orders.clientCar}->>'model', '')`,
      plate: sql<string>`coalesce(${orders.clientCar}->>'plate_number', '')`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        sql`${orders.bookingStart} >= ${from}`,
        sql`${orders.bookingStart} < ${to}`,
      ),
    )
    .orderBy(asc(orders.bookingStart), asc(orders.boxNumber));
  return rows.map((r) => [
    r.id,
    r.number,
    statusIndex(r.status),
    sourceIndex(r.source),
    typeIndex(r.orderType),
    r.startSeconds,
    r.minutes,
    r.boxNumber,
    r.sum,
    r.brand,
    r.model,
    r.plate,
  ]);
}

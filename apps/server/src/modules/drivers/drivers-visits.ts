import { and, count, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { cancelledStatuses, driverListDefaults, type DriverSummary, type DriverVisit } from '@crm/shared';
import type { Database } from '../../db/client';
import { orders, stations } from '../../db/schema';
import { tariffNames } from '../orders/orders.repository';
import type { DriverRow } from './drivers.repository';

/**
 * A client's orders across the network's stations: the ones created for them (`driver_id`), and the
 * ones that only carry their phone (a partner's order, one booked before the client was saved). An
 * order linked to another client is theirs, even with this phone. Blocked slots are no orders.
 */
function clientOrders(driver: Pick<DriverRow, 'id' | 'networkId' | 'phone'>) {
  return and(
    eq(orders.networkId, driver.networkId),
    or(eq(orders.driverId, driver.id), and(isNull(orders.driverId), eq(orders.phoneKey, driver.phone))),
    sql`${orders.orderType} <> 'BlockerBookingSlot'`,
  );
}

const completed = sql`${orders.status} = 'Completed'`;
/** Money of a completed order: what was taken, or its price when the payment was not recorded. */
const spent = sql<number>`coalesce(sum(case when ${orders.sumCompleted} > 0 then ${orders.sumCompleted} else ${orders.sum} end) filter (where ${completed}), 0)::int`;

export async function driverSummary(db: Database, driver: DriverRow): Promise<DriverSummary> {
  const mine = clientOrders(driver);
  const [[totals], [favourite]] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*) filter (where ${notInArray(orders.status, [...cancelledStatuses])})::int`,
        visits: sql<number>`count(*) filter (where ${completed})::int`,
        spent,
        first: sql<Date | null>`min(${orders.bookingStart}) filter (where ${completed})`,
        last: sql<Date | null>`max(${orders.bookingStart}) filter (where ${completed})`,
      })
      .from(orders)
      .where(mine),
    db
      .select({ id: stations.id, name: stations.name, visits: count() })
      .from(orders)
      .innerJoin(stations, eq(stations.id, orders.stationId))
      .where(and(mine, completed))
      .groupBy(stations.id, stations.name)
      .orderBy(desc(count()), desc(sql`max(${orders.bookingStart})`))
      .limit(1),
  ]);
  // Aggregates come back as strings or Dates depending on the driver (pg vs PGlite): normalise both.
  const when = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    orders_count: Number(totals?.orders ?? 0),
    visits_count: Number(totals?.visits ?? 0),
    total_spent: Number(totals?.spent ?? 0),
    first_visit: when(totals?.first),
    last_visit: when(totals?.last),
    favourite_station: favourite
      ? { id: favourite.id, name: favourite.name, visits: Number(favourite.visits) }
      : null,
  };
}

/** One page of the client's orders, newest first (`GET /api/drivers/visits/{id}`). */
export async function driverVisits(
  db: Database,
  driver: DriverRow,
  {
    page = driverListDefaults.page,
    page_size: size = driverListDefaults.page_size,
  }: { page?: number; page_size?: number },
): Promise<{ visits: DriverVisit[]; total: number }> {
  const mine = clientOrders(driver);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        bookingStart: orders.bookingStart,
        stationId: orders.stationId,
        stationName: stations.name,
        timeZone: stations.timeZone,
        car: orders.clientCar,
        basket: orders.basket,
        sum: orders.sum,
        status: orders.status,
        driverId: orders.driverId,
      })
      .from(orders)
      .innerJoin(stations, eq(stations.id, orders.stationId))
      .where(mine)
      .orderBy(desc(orders.bookingStart), desc(orders.number))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  // A visit names the tariff as it was booked (issue 38); the lookup only for orders that kept no name.
  const names = await tariffNames(db, [
    ...new Set(
      rows.flatMap((r) =>
        r.basket.tariff_id && r.basket.tariff_name === undefined ? [r.basket.tariff_id] : [],
      ),
    ),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    visits: rows.map((r) => ({
      order_id: r.id,
      number: r.number,
      date: r.bookingStart.toISOString(),
      station_id: r.stationId,
      station_name: r.stationName,
      station_timezone: r.timeZone,
      car: { brand: r.car.brand ?? '', model: r.car.model ?? '', plate_number: r.car.plate_number ?? '' },
      tariff: r.basket.tariff_name || (r.basket.tariff_id && names[r.basket.tariff_id]) || null,
      sum: r.sum,
      status: r.status,
      matched_by: r.driverId === driver.id ? 'driver' : 'phone',
    })),
  };
}

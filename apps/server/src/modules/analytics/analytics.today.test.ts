import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cancelledStatuses, stationClock, type OrderStatus, type StationsToday } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { carwashIds, insertRawOrder, stationIdByCarwash } from '../orders/orders.test-support';

// `GET /api/stations/today` (/home): today on each station's clock, against the seeded demo day and orders
// added at night, outside the demo's work hours, so they never collide with its bookings.

type TodayRow = StationsToday['stations'][number];

describe('GET /api/stations/today', () => {
  let t: TestApp;
  let lenina: string;
  let sadovaya: string;
  let bridge: string;

  const today = async (login: string) => {
    const user = await t.loginAs(login);
    const res = await t.app.inject({ method: 'GET', url: '/api/stations/today', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StationsToday).stations;
  };
  const rowOf = (rows: TodayRow[], id: string) => rows.find((r) => r.station_id === id)!;

  /** The same figures worked out in JS from the station's rows. */
  async function expected(stationId: string, timeZone: string): Promise<TodayRow> {
    const now = new Date();
    const date = stationClock(timeZone, now).date;
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.stationId, stationId), ne(orders.orderType, 'BlockerBookingSlot')));
    const todays = rows.filter((o) => stationClock(timeZone, o.bookingStart).date === date);
    const live = todays.filter((o) => !cancelledStatuses.includes(o.status as OrderStatus));
    const completed = todays.filter((o) => o.status === 'Completed');
    // Revenue is money taken today, whatever day the order was booked for.
    const paidToday = rows.filter((o) => o.paidAt && stationClock(timeZone, o.paidAt).date === date);
    return {
      station_id: stationId,
      date,
      orders: live.length,
      new_orders: rows.filter((o) => o.status === 'Accepted' && o.bookingEnd > now).length,
      processing: todays.filter((o) => o.status === 'Processing').length,
      completed: completed.length,
      revenue: paidToday.reduce((sum, o) => sum + o.sumCompleted, 0),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    bridge = await stationIdByCarwash(t, carwashIds.bridge);
  });
  afterAll(() => t.close());

  it("gives the owner each station's today on its own clock, in the station list's order", async () => {
    const rows = await today('owner');
    expect(rows.map((r) => r.station_id)).toEqual([lenina, sadovaya]);
    expect(rowOf(rows, lenina)).toEqual(await expected(lenina, 'Europe/Moscow'));
    expect(rowOf(rows, sadovaya)).toEqual(await expected(sadovaya, 'Asia/Novosibirsk'));
    // The demo's busy day and the two incoming orders of «Мойка на Садовой».
    expect(rowOf(rows, lenina).orders).toBeGreaterThan(5);
    expect(rowOf(rows, lenina).new_orders).toBeGreaterThanOrEqual(1);
    expect(rowOf(rows, sadovaya).new_orders).toBe(2);
  });

  it('counts what happens today and new orders ahead, not cancellations or blocked slots', async () => {
    const before = rowOf(await today('administrator'), lenina);
    const { date } = stationClock('Europe/Moscow');
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);
    const add = (day: string, time: string, status: OrderStatus, sum: number, extra = {}) =>
      insertRawOrder(t, {
        stationId: lenina,
        bookingStart: at(day, time),
        bookingEnd: new Date(at(day, time).getTime() + 30 * 60_000),
        status,
        sum,
        ...extra,
      });
    const paid = (day: string, time: string, sum: number) => ({ paidAt: at(day, time), sumCompleted: sum });
    await add(date, '03:00', 'Completed', 1000, paid(date, '03:25', 1000));
    // Booked today, not paid yet: an order, no money.
    await add(date, '03:30', 'Processing', 700);
    // Booked for last week, paid today: today's money, not today's order.
    await add(addDays(date, -7), '03:00', 'Completed', 650, paid(date, '02:10', 650));
    // Booked today, paid yesterday (a prepayment): an order today, yesterday's money.
    await add(date, '05:00', 'Booked', 400, paid(addDays(date, -1), '22:00', 400));
    await add(date, '04:00', 'UserCanceled', 900);
    await add(date, '04:30', 'Booked', 0, { orderType: 'BlockerBookingSlot' });
    await add(addDays(date, 1), '03:00', 'Accepted', 800);
    const after = rowOf(await today('administrator'), lenina);
    expect(after).toEqual({
      ...before,
      orders: before.orders + 3,
      completed: before.completed + 1,
      revenue: before.revenue + 1000 + 650,
      processing: before.processing + 1,
      new_orders: before.new_orders + 1,
    });
  });

  it("shows nothing to a worker, only the rival's own station to the rival", async () => {
    expect(await today('worker')).toEqual([]);
    const rival = await today('rival');
    expect(rival.map((r) => r.station_id)).toEqual([bridge]);
    expect(rival[0]).toEqual(await expected(bridge, 'Europe/Moscow'));
    // Role admin has no station list of their own: /home lists the stations one belongs to.
    expect(await today('admin')).toEqual([]);
    await expectSignInRequired(t, { method: 'GET', url: '/api/stations/today' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsRangeTooLong,
  untilFormat,
  type OrderSource,
  type OrderStatus,
  type OrderType,
  type StationAnalytics,
  type StationRating,
} from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { carwashIds, insertRawOrder, stationIdByCarwash } from '../orders/orders.test-support';

// `GET /api/station/rating/{id}` and `GET /api/station/analytics/{id}` against orders placed by hand on
// far-future days the demo leaves empty. Every expected figure below is worked out by hand.

const zero: StationRating = {
  all_orders: 0,
  all_orders_sum: 0,
  booking_completed_sum: 0,
  revenue: 0,
  completed_count: 0,
  canceled_count: 0,
  completed_percent: 0,
  canceled_percent: 0,
  total_count: 0,
  rating: null,
};

describe('station rating and analytics', () => {
  let t: TestApp;
  let lenina: string;
  let sadovaya: string;
  let bridge: string;
  const users: Record<string, Awaited<ReturnType<TestApp['loginAs']>>> = {};

  const offsetOf = (stationId: string) => (stationId === sadovaya ? '+07:00' : '+03:00');
  /**
   * An order at a local wall time: Moscow is UTC+3, Novosibirsk UTC+7, all year. `paidAt` (local wall
   * time) is when its whole sum was taken; without it the order is unpaid.
   */
  const add = (
    stationId: string,
    local: string,
    status: OrderStatus,
    sum: number,
    source: OrderSource = 'Own',
    orderType: OrderType = 'Booking',
    paidAt?: string,
  ) => {
    const start = new Date(`${local}:00${offsetOf(stationId)}`);
    return insertRawOrder(t, {
      stationId,
      bookingStart: start,
      bookingEnd: new Date(start.getTime() + 30 * 60_000),
      status,
      sum,
      source,
      orderType,
      ...(paidAt && {
        paidAt: new Date(`${paidAt}:00${offsetOf(stationId)}`),
        sumCompleted: sum,
        paymentMethod: 'paid_card',
      }),
    });
  };
  const get = (path: string, who = 'owner') =>
    t.app.inject({ method: 'GET', url: path, headers: users[who]!.headers });
  const rating = async (stationId: string, sdate: string, edate: string, who = 'owner') => {
    const res = await get(`/api/station/rating/${stationId}?sdate=${sdate}&edate=${edate}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { rating: StationRating }).rating;
  };
  const analytics = async (stationId: string, sdate: string, edate: string) => {
    const res = await get(`/api/station/analytics/${stationId}?sdate=${sdate}&edate=${edate}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StationAnalytics;
  };

  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    bridge = await stationIdByCarwash(t, carwashIds.bridge);
    for (const login of ['owner', 'principal', 'administrator', 'worker', 'admin', 'rival']) {
      users[login] = await t.loginAs(login);
    }
    // 1 March 2033 at «Мойка на Ленина», one order an hour from 08:00.
    // Paid when washed; the booked 10:00 and the 12:00 are not paid yet: orders, but no money.
    await add(lenina, '2033-03-01T08:00', 'Completed', 1000, 'Own', 'Booking', '2033-03-01T08:30');
    await add(lenina, '2033-03-01T09:00', 'Completed', 1500, 'Yandex', 'Booking', '2033-03-01T09:30');
    await add(lenina, '2033-03-01T10:00', 'Booked', 700, 'Benzuber');
    await add(lenina, '2033-03-01T11:00', 'Processing', 0);
    await add(lenina, '2033-03-01T12:00', 'Accepted', 500, 'Yandex');
    // Cancelled after the partner's prepayment was taken: the money still came in.
    await add(lenina, '2033-03-01T13:00', 'Canceled', 300, 'Benzuber', 'Booking', '2033-03-01T07:00');
    await add(lenina, '2033-03-01T14:00', 'StationCanceled', 400);
    await add(lenina, '2033-03-01T15:00', 'UserCanceled', 600, 'Yandex');
    // A blocked slot is no order, whatever it carries.
    await add(lenina, '2033-03-01T16:00', 'Completed', 999, 'Own', 'BlockerBookingSlot');
    // The day boundary on Moscow's clock: 23:30 on 3 March counts, 4 March 00:00 does not,
    // nor does 28 February 23:30 (20:30 UTC).
    // The 23:30 wash is paid after midnight: its money belongs to 4 March.
    await add(lenina, '2033-03-03T23:30', 'Completed', 2000, 'Own', 'Booking', '2033-03-04T00:05');
    await add(lenina, '2033-03-04T00:00', 'Completed', 5000);
    await add(lenina, '2033-02-28T23:30', 'Completed', 5000);
    // Booked for 20 February, paid on 2 March: 2 March's money, 20 February's order.
    await add(lenina, '2033-02-20T10:00', 'Booked', 800, 'Yandex', 'Booking', '2033-03-02T10:00');
    // Days with only cancellations: by a client (no rating), by the station (rating 0).
    await add(lenina, '2033-03-10T10:00', 'UserCanceled', 500, 'Yandex');
    await add(lenina, '2033-03-11T10:00', 'StationCanceled', 800);
    await add(lenina, '2033-03-11T11:00', 'Canceled', 800, 'Benzuber');
    // Novosibirsk: 00:30 on 2 March is 17:30 UTC on 1 March.
    await add(sadovaya, '2033-03-02T00:30', 'Completed', 1200, 'Yandex', 'Booking', '2033-03-02T00:50');
  });
  afterAll(() => t.close());

  it('rates a period: live orders and sums, completed revenue, shares and the station score', async () => {
    expect(await rating(lenina, '2033-03-01', '2033-03-03')).toEqual({
      // Completed ×3, Booked, Processing, Accepted.
      all_orders: 6,
      all_orders_sum: 1000 + 1500 + 700 + 0 + 500 + 2000,
      booking_completed_sum: 1000 + 1500 + 2000,
      // Money taken 1–3 March: the two washes, the cancelled prepayment, 20 February's order paid on the
      // 2nd; not the 23:30 wash paid on the 4th, nor the unpaid bookings.
      revenue: 1000 + 1500 + 300 + 800,
      completed_count: 3,
      canceled_count: 3,
      // 3 of 9.
      completed_percent: 33.3,
      canceled_percent: 33.3,
      total_count: 9,
      // Completed 3 against 3 + 1 cancelled by the station: 3.75 of 5, one decimal.
      rating: 3.8,
    });
  });

  it('answers zeros and no score for an empty period, and scores only what the station decided', async () => {
    expect(await rating(lenina, '2033-04-01', '2033-04-30')).toEqual(zero);
    expect(await rating(lenina, '2033-03-10', '2033-03-10')).toEqual({
      ...zero,
      canceled_count: 1,
      canceled_percent: 100,
      total_count: 1,
    });
    expect(await rating(lenina, '2033-03-11', '2033-03-11')).toEqual({
      ...zero,
      canceled_count: 2,
      canceled_percent: 100,
      total_count: 2,
      rating: 0,
    });
    const one = await rating(lenina, '2033-03-03', '2033-03-03');
    expect(one).toMatchObject({
      all_orders: 1,
      booking_completed_sum: 2000,
      revenue: 0,
      completed_percent: 100,
      rating: 5,
    });
    // 4 March: its own 00:00 wash is unpaid; the money is the 3 March wash paid at 00:05.
    expect(await rating(lenina, '2033-03-04', '2033-03-04')).toMatchObject({ all_orders: 1, revenue: 2000 });
  });

  it("counts an order on its station's local day", async () => {
    expect((await rating(sadovaya, '2033-03-02', '2033-03-02')).total_count).toBe(1);
    expect((await rating(sadovaya, '2033-03-01', '2033-03-01')).total_count).toBe(0);
    const day = await analytics(sadovaya, '2033-03-02', '2033-03-02');
    expect(day.days).toEqual([{ date: '2033-03-02', orders: 1, revenue: 1200, cancelled: 0 }]);
    expect(day.rating.revenue).toBe(1200);
    expect(day.hours[0]).toEqual({ hour: 0, orders: 1 });
  });

  it('breaks the period down by day, source, status and hour, every bucket listed', async () => {
    const body = await analytics(lenina, '2033-03-01', '2033-03-03');
    expect(body.rating).toEqual(await rating(lenina, '2033-03-01', '2033-03-03'));
    // Orders by booking day; revenue by the day the money was taken.
    expect(body.days).toEqual([
      { date: '2033-03-01', orders: 5, revenue: 1000 + 1500 + 300, cancelled: 3 },
      { date: '2033-03-02', orders: 0, revenue: 800, cancelled: 0 },
      { date: '2033-03-03', orders: 1, revenue: 0, cancelled: 0 },
    ]);
    // Booked value of the period's live bookings, and the money each source brought in it.
    expect(body.sources).toEqual([
      { source: 'Own', orders: 3, sum: 3000, revenue: 1000 },
      { source: 'Yandex', orders: 2, sum: 2000, revenue: 1500 + 800 },
      { source: 'Benzuber', orders: 1, sum: 700, revenue: 300 },
    ]);
    expect(body.statuses).toEqual([
      { status: 'Accepted', orders: 1 },
      { status: 'Booked', orders: 1 },
      { status: 'Processing', orders: 1 },
      { status: 'Completed', orders: 3 },
      { status: 'Canceled', orders: 1 },
      { status: 'StationCanceled', orders: 1 },
      { status: 'UserCanceled', orders: 1 },
    ]);
    const busy = { 8: 1, 9: 1, 10: 1, 11: 1, 12: 1, 23: 1 } as Record<number, number>;
    expect(body.hours).toEqual(Array.from({ length: 24 }, (_, hour) => ({ hour, orders: busy[hour] ?? 0 })));
  });

  it('cuts the last day at `until`: bookings and payments before that local time, like for like', async () => {
    // 1 March before 09:30: the 08:00 and 09:00 bookings; only the 08:30 payment and the 07:00
    // prepayment (the 09:30 one is on the bound, which is exclusive).
    expect(await rating(lenina, '2033-03-01', '2033-03-01&until=09:30')).toMatchObject({
      all_orders: 2,
      total_count: 2,
      revenue: 300 + 1000,
    });
    // Earlier days of the range stay whole: 28 February 23:30 counts, 1 March from 08:30 does not.
    expect(await rating(lenina, '2033-02-28', '2033-03-01&until=08:30')).toMatchObject({
      all_orders: 2,
      booking_completed_sum: 5000 + 1000,
      revenue: 300,
    });
    // Midnight leaves nothing of the last day.
    expect((await rating(lenina, '2033-03-01', '2033-03-01&until=00:00')).total_count).toBe(0);
    // The charts take the same bound.
    const body = await analytics(lenina, '2033-03-01', '2033-03-01&until=09:30');
    expect(body.days).toEqual([{ date: '2033-03-01', orders: 2, revenue: 1300, cancelled: 0 }]);
  });

  it('zero-fills a whole empty year (366 days is the limit)', async () => {
    const body = await analytics(lenina, '2036-01-01', '2036-12-31');
    expect(body.days).toHaveLength(366);
    expect(body.days.every((d) => d.orders === 0 && d.revenue === 0 && d.cancelled === 0)).toBe(true);
    expect(body.days.at(-1)!.date).toBe('2036-12-31');
    expect(body.sources.map((s) => s.orders)).toEqual([0, 0, 0]);
    expect(body.statuses).toHaveLength(7);
    expect(body.hours).toHaveLength(24);
    expect(body.rating).toEqual(zero);
  });

  it('refuses bad dates, a reversed range and an analytics range over 366 days', async () => {
    const cases: [string, string, string][] = [
      ['rating', 'sdate=2033-02-30&edate=2033-03-01', 'sdate'],
      ['rating', 'sdate=01.03.2033&edate=2033-03-01', 'sdate'],
      ['rating', 'sdate=2033-03-01', 'edate'],
      ['rating', 'sdate=2033-03-02&edate=2033-03-01', 'edate'],
      ['analytics', 'sdate=2033-03-02&edate=2033-03-01', 'edate'],
      ['analytics', 'sdate=2033-01-01&edate=2034-01-02', 'edate'],
    ];
    for (const until of ['9:30', '24:00', '12:60', '12:30:00', 'noon', '']) {
      cases.push(['rating', `sdate=2033-03-01&edate=2033-03-01&until=${until}`, 'until']);
    }
    cases.push(['analytics', 'sdate=2033-03-01&edate=2033-03-01&until=25:00', 'until']);
    for (const [call, query, field] of cases) {
      const res = await get(`/api/station/${call}/${lenina}?${query}`);
      expect(res.statusCode, `${call}?${query}`).toBe(400);
      expect(Object.keys(res.json().error.fields), `${call}?${query}`).toEqual([field]);
      expect(res.json().error.fields[field]).toMatch(/[а-я]/);
    }
    const badUntil = await get(`/api/station/rating/${lenina}?sdate=2033-03-01&edate=2033-03-01&until=9:30`);
    expect(badUntil.json().error.fields.until).toBe(untilFormat);
    const long = await get(`/api/station/analytics/${lenina}?sdate=2033-01-01&edate=2034-01-02`);
    expect(long.json().error.fields.edate).toBe(analyticsRangeTooLong);
    // The rating is one figure: any range, «all time» included.
    expect((await get(`/api/station/rating/${lenina}?sdate=2022-01-01&edate=2033-12-31`)).statusCode).toBe(
      200,
    );
  });

  it('shows figures to owner, principal, administrator and role admin; a worker gets 403', async () => {
    for (const who of ['owner', 'principal', 'administrator', 'admin']) {
      expect((await rating(lenina, '2033-03-01', '2033-03-03', who)).total_count).toBe(9);
    }
    // Support may open any station, another network's too.
    expect((await rating(bridge, '2033-03-01', '2033-03-03', 'admin')).total_count).toBe(0);
    for (const call of ['rating', 'analytics']) {
      const res = await get(`/api/station/${call}/${lenina}?sdate=2033-03-01&edate=2033-03-03`, 'worker');
      expect(res.statusCode).toBe(403);
      const cut = `/api/station/${call}/${lenina}?sdate=2033-03-01&edate=2033-03-01&until=12:00`;
      expect((await get(cut, 'worker')).statusCode).toBe(403);
      expect(res.body).not.toContain('2500');
    }
  });

  it('lists the figure calls in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/station/rating/{id}',
        '/api/station/analytics/{id}',
        '/api/stations/today',
      ]),
    );
  });

  it("hides another network's station, unknown and malformed ids as 404", async () => {
    for (const call of ['rating', 'analytics']) {
      for (const [id, who] of [
        [lenina, 'rival'],
        ['00000000-0000-4000-8000-000000000000', 'owner'],
        ['1', 'owner'],
      ] as const) {
        const res = await get(`/api/station/${call}/${id}?sdate=2033-03-01&edate=2033-03-03`, who);
        expect(res.statusCode, `${call} ${id} ${who}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        const cut = await get(
          `/api/station/${call}/${id}?sdate=2033-03-01&edate=2033-03-01&until=12:00`,
          who,
        );
        expect(cut.statusCode, `${call} ${id} ${who} until`).toBe(404);
      }
      await expectSignInRequired(t, {
        method: 'GET',
        url: `/api/station/${call}/${lenina}?sdate=2033-03-01&edate=2033-03-03`,
      });
    }
  });
});

import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelledStatuses, type Order } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  orderBody,
  overlappingLiveOrders,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

/**
 * DESIGN §6: races really happen only with many connections, so this runs in the PostgreSQL pass of the
 * suite (CI runs the server suite on both engines). PGlite has one connection and serialises them.
 */
describe('bookings under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let lenina: string;
  let expressId: string;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    expressId = (await tariffByCode(t, lenina, 'express')).id;
    total = (await expectedPrice(t, lenina, expressId, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  /** Live orders of the station overlapping [start, start + minutes). */
  const liveOverlapping = async (start: string, minutes: number) => {
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.stationId, lenina), notInArray(orders.status, [...cancelledStatuses])));
    return rows.filter(
      (r) => r.bookingStart < new Date(plus(start, minutes)) && r.bookingEnd > new Date(start),
    );
  };

  it('50 simultaneous creates for one half hour at a 4-box station: exactly 4 succeed, 46 get 409', async () => {
    // A far-future Monday with no demo orders: all four boxes of «Мойка на Ленина» are free.
    const start = '2032-06-14T07:00:00.000Z';
    expect(await liveOverlapping(start, 30)).toHaveLength(0);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/create_order/${lenina}`,
          headers: admin.headers,
          payload: orderBody(expressId, total, { start }) as object,
        }),
      ),
    );
    const won = responses.filter((r) => r.statusCode === 200);
    const lost = responses.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(4);
    expect(lost).toHaveLength(46);
    for (const r of lost) expect(r.json().error).toEqual({ code: 'SLOT_TAKEN', message: 'Время занято' });
    expect(won.map((r) => (r.json().order as Order).box_number).sort()).toEqual([1, 2, 3, 4]);
    expect(await liveOverlapping(start, 30)).toHaveLength(4);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
  });

  it('50 concurrent edits moving different orders onto one taken time: only the free boxes are won', async () => {
    const target = '2032-06-16T09:00:00.000Z';
    const occupant = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: orderBody(expressId, total, { start: target }) as object,
    });
    expect(occupant.order.box_number).toBe(1);
    // Fifty orders, each on its own half hour the next days, inside the 08:00–22:00 hours (28 a day).
    const movers: Order[] = [];
    for (let i = 0; i < 50; i++) {
      const start = plus('2032-06-17T05:00:00.000Z', 24 * 60 * Math.floor(i / 28) + 30 * (i % 28));
      movers.push(
        (
          await call(t, {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            headers: admin.headers,
            payload: orderBody(expressId, total, { start }) as object,
          })
        ).order,
      );
    }
    const responses = await Promise.all(
      movers.map((order) =>
        t.app.inject({
          method: 'POST',
          url: `/api/own_order/update/${order.id}`,
          headers: admin.headers,
          payload: orderBody(expressId, total, { start: target }) as object,
        }),
      ),
    );
    const won = responses.filter((r) => r.statusCode === 200);
    const lost = responses.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(47);
    for (const r of lost) expect(r.json().error.code).toBe('SLOT_TAKEN');
    expect(won.map((r) => (r.json().order as Order).box_number).sort()).toEqual([2, 3, 4]);
    expect(await liveOverlapping(target, 30)).toHaveLength(4);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
    // The losers were not moved at all.
    const wonIds = new Set(won.map((r) => (r.json().order as Order).id));
    for (const order of movers.filter((o) => !wonIds.has(o.id))) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.bookingStart.toISOString()).toBe(order.booking_start);
      expect(row!.boxNumber).toBe(order.box_number);
    }
  });
});

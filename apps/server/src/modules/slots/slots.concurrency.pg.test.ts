import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelledStatuses } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  carwashIds,
  expectedPrice,
  orderBody,
  overlappingLiveOrders,
  stationIdByCarwash,
  tariffByCode,
} from '../orders/orders.test-support';

/**
 * DESIGN §6 on real PostgreSQL (the `*.pg.test.ts` pass; PGlite serialises everything): staff block a slot
 * while clients keep booking it. The block takes every box lock of the station and the bookings one each,
 * and the exclusion constraint has the last word, so a box ends up with an order or a blocker, never both.
 */
describe('blocking a slot while it is being booked (PostgreSQL)', () => {
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

  const liveIn = async (start: Date, end: Date) => {
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.stationId, lenina), notInArray(orders.status, [...cancelledStatuses])));
    return rows.filter((r) => r.bookingStart < end && r.bookingEnd > start);
  };

  // Far-future Mondays with no demo orders, 10:00 Moscow (07:00Z), one round each. The block goes out 20 ms
  // ahead of the bookings (-2), just before them (-1), with them (0) or once some have answered, on an empty
  // slot or one with two boxes already booked: which side wins varies, the invariants below may not. Queued
  // on box 1's lock behind the bookings, the block usually comes last; 20 ms ahead it usually wins.
  it.each([
    ['2032-06-14', '140632_1000_1030', -2, 0],
    ['2032-06-21', '210632_1000_1030', -1, 0],
    ['2032-06-28', '280632_1000_1030', 0, 0],
    ['2032-07-05', '050732_1000_1030', 1, 0],
    ['2032-07-12', '120732_1000_1030', -1, 2],
    ['2032-07-19', '190732_1000_1030', 0, 2],
  ])(
    'on %s (slot %s): block sent at %i, %i boxes booked before, then 50 bookings',
    async (date, slotId, after, before) => {
      const start = `${date}T07:00:00.000Z`;
      const book = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/create_order/${lenina}`,
          headers: admin.headers,
          payload: orderBody(expressId, total, { start }) as object,
        });
      const block = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/slots/block/${lenina}/${slotId}`,
          headers: admin.headers,
          payload: { to_unblock: false },
        });
      for (let i = 0; i < before; i++) expect((await book()).statusCode).toBe(200);
      let answered = 0;
      let release: () => void = () => {};
      const turn = new Promise<void>((resolve) => (release = resolve));
      const blocking = after < 0 ? block() : turn.then(block);
      if (after === 0) release();
      if (after === -2) await new Promise((resolve) => setTimeout(resolve, 20));
      const bookings = await Promise.all(
        Array.from({ length: 50 }, () =>
          book().then((res) => {
            if (++answered === after) release();
            return res;
          }),
        ),
      );
      const blocked = await blocking;

      for (const res of bookings) expect([200, 409], res.body).toContain(res.statusCode);
      expect([200, 409], blocked.body).toContain(blocked.statusCode);

      const slotStart = new Date(start);
      const slotEnd = new Date(Date.parse(start) + 30 * 60_000);
      const live = await liveIn(slotStart, slotEnd);
      const blockers = live.filter((r) => r.orderType === 'BlockerBookingSlot');
      const booked = live.filter((r) => r.orderType !== 'BlockerBookingSlot');
      expect(booked).toHaveLength(before + bookings.filter((r) => r.statusCode === 200).length);
      // No box holds both; every box holds something (the block filled what the bookings left).
      const boxes = live.map((r) => r.boxNumber).sort();
      expect(new Set(boxes).size).toBe(boxes.length);
      if (blocked.statusCode === 200) {
        expect(boxes).toEqual([1, 2, 3, 4]);
        expect(blocked.json().slot).toMatchObject({
          status: 'Blocked',
          busy_boxes: booked.length,
          blocked_boxes: blockers.length,
        });
      } else {
        // Refused as «занят заказом»: the bookings took every box first, and the block wrote nothing.
        expect(blocked.json().error.code).toBe('SLOT_BUSY');
        expect(blockers).toHaveLength(0);
        expect(booked).toHaveLength(4);
      }
      expect(await overlappingLiveOrders(t, lenina)).toBe(0);
    },
  );
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partnerBookings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  carwashIds,
  insertRawOrder,
  overlappingLiveOrders,
  stationIdByCarwash,
} from '../orders/orders.test-support';
import { bookingBody, demoPartners, providerTariff, signedRequest } from './partners.test-support';

/**
 * Issue 36 on real PostgreSQL, where concurrent requests really race (PGlite serialises them): duplicates of
 * one partner order make one order, and partners racing for one box get one booking each box, the rest 409.
 */
describe('partner bookings under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let lenina: string;
  let tariffId: string;
  const yandex = demoPartners.yandex;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    tariffId = (await providerTariff(t, lenina)).id;
  });
  afterAll(() => t?.close());

  const book = (body: unknown) =>
    t.app.inject(signedRequest(yandex, { method: 'POST', url: '/api/partner/v1/bookings', body }));

  it('50 concurrent duplicates (each with its own webhook-id) make one order and answer the same body', async () => {
    const body = bookingBody('ya-pg-dup-1', tariffId, '2032-06-14T07:00:00.000Z');
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.extendedId, 'ya-pg-dup-1'));
    expect(rows).toHaveLength(1);
    const claims = await t.db
      .select()
      .from(partnerBookings)
      .where(eq(partnerBookings.partnerOrderId, 'ya-pg-dup-1'));
    expect(claims).toHaveLength(1);
    expect(claims[0]!.orderId).toBe(rows[0]!.id);
  });

  it('20 partner orders racing for one time at a 4-box station: 4 booked, 16 get 409, nothing overlaps', async () => {
    const start = '2032-06-15T07:00:00.000Z';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(bookingBody(`ya-pg-race-${i}`, tariffId, start))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(16);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
  });

  it('a time taken on every box is 409 and leaves no order and no claim', async () => {
    const start = '2032-06-16T07:00:00.000Z';
    for (const box of [1, 2, 3, 4]) {
      await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: box,
        bookingStart: new Date(start),
        bookingEnd: new Date('2032-06-16T09:00:00.000Z'),
      });
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => book(bookingBody('ya-pg-taken', tariffId, start))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(409));
    expect(await t.db.select().from(orders).where(eq(orders.extendedId, 'ya-pg-taken'))).toHaveLength(0);
  });
});

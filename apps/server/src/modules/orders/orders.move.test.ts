import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, orderMoveMessages, type Order } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import {
  call,
  carwashIds,
  expectedPrice,
  freeStart,
  insertRawOrder,
  orderBody,
  overlappingLiveOrders,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';
import { boxUnknown } from './orders.service';

describe('POST /api/own_order/move/{id}', () => {
  let t: TestApp;
  let lenina: string;
  let express: Awaited<ReturnType<typeof tariffByCode>>;
  let expressTotal: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    express = await tariffByCode(t, lenina, 'express');
    expressTotal = (await expectedPrice(t, lenina, express.id, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  const create = async (start: string, box: number, minutes = 30) =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: { ...orderBody(express.id, expressTotal, { start, minutes }), box_number: box },
      })
    ).order;
  const move = (id: string, body: unknown, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/own_order/move/${id}`, headers, payload: body as object });
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const body = (start: string, minutes: number, box: number) => ({
    booking_start: start,
    booking_end: plus(start, minutes),
    box_number: box,
  });

  it('moves an own order to another box and time, to the minute, with the duration sent', async () => {
    const order = await create(freeStart, 1);
    // 10:30:45 Moscow is stored as 10:30; a resize to 60 minutes is kept.
    const start = plus(freeStart, 30);
    const res = await move(order.id, {
      ...body(start, 60, 3),
      booking_start: start.replace(':00.000Z', ':45.000Z'),
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json().order as Order;
    expect(moved).toMatchObject({
      id: order.id,
      status: order.status,
      box_number: 3,
      booking_start: start,
      booking_end: plus(start, 60),
      sum: order.sum,
      client_car: order.client_car,
      comment: order.comment,
      basket: { tariff_id: express.id, slot_id: '100331_1030_1130' },
    });
    const row = await rowOf(order.id);
    expect(row.boxNumber).toBe(3);
    expect(row.bookingStart.toISOString()).toBe(start);
  });

  it('answers 409 «Время занято» naming the order in the way, and leaves the order where it was', async () => {
    const start = plus(freeStart, 120);
    const taken = await create(start, 2);
    const mover = await create(plus(start, 60), 1);
    const res = await move(mover.id, body(plus(start, 10), 30, 2));
    expect(res.statusCode).toBe(409);
    // Its number, car and time on the station's clock (12:00 Moscow), and the order itself for the client.
    expect(res.json().error).toEqual({
      code: 'SLOT_TAKEN',
      message: `${orderMessages.slotTaken}: № ${taken.number}, Kia Rio А123ВС77, 12:00–12:30`,
      order: {
        id: taken.id,
        number: taken.number,
        order_type: 'Booking',
        booking_start: start,
        booking_end: plus(start, 30),
      },
    });
    const row = await rowOf(mover.id);
    expect(row.boxNumber).toBe(1);
    expect(row.bookingStart.toISOString()).toBe(plus(start, 60));
    expect((await rowOf(taken.id)).boxNumber).toBe(2);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
    // Its own current place does not count as taken: a resize in place works.
    expect((await move(mover.id, body(plus(start, 60), 45, 1))).statusCode).toBe(200);
  });

  it('answers 409 «Слот заблокирован» onto a blocked slot of that box', async () => {
    const start = plus(freeStart, 240);
    await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 4,
      source: 'Own',
      orderType: 'BlockerBookingSlot',
      bookingStart: new Date(start),
      bookingEnd: new Date(plus(start, 60)),
    });
    const mover = await create(plus(start, 120), 4);
    const res = await move(mover.id, body(plus(start, 30), 30, 4));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(orderMessages.slotBlocked);
    expect((await rowOf(mover.id)).bookingStart.toISOString()).toBe(plus(start, 120));
  });

  it('rejects bad input with field messages (400) and changes nothing', async () => {
    const start = plus(freeStart, 400);
    const order = await create(start, 1);
    const cases: [unknown, Record<string, string>][] = [
      [{ ...body(start, 30, 1), booking_start: 'завтра' }, { booking_start: orderMessages.startInvalid }],
      [{ ...body(start, 30, 1), booking_end: start }, { booking_end: orderMessages.rangeOrder }],
      [{ ...body(start, 30, 1), box_number: 0 }, { box_number: orderMoveMessages.boxRequired }],
      [{ booking_start: start, booking_end: plus(start, 30) }, { box_number: orderMoveMessages.boxRequired }],
      [body(start, 30, 9), { box_number: boxUnknown }],
      [body(start, 25 * 60, 1), { booking_end: orderMessages.endInvalid }],
    ];
    for (const [payload, fields] of cases) {
      const res = await move(order.id, payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.fields).toMatchObject(fields);
    }
    const row = await rowOf(order.id);
    expect(row.bookingStart.toISOString()).toBe(start);
    expect(row.updatedAt.toISOString()).toBe(row.dateCreate.toISOString());
  });

  it('moves only own orders: a Yandex order is 403 «Вы можете редактировать только собственные заказы»', async () => {
    const start = plus(freeStart, 600);
    const yandex = await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 1,
      source: 'Yandex',
      bookingStart: new Date(start),
      bookingEnd: new Date(plus(start, 30)),
    });
    const res = await move(yandex.id, body(start, 30, 2));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: orderMessages.ownOnly });
    expect((await rowOf(yandex.id)).boxNumber).toBe(1);
  });

  it('refuses a worker (403), another network or a bad id (404), a cancelled or completed order (409)', async () => {
    const start = plus(freeStart, 660);
    const order = await create(start, 1);
    const target = body(start, 30, 2);
    const worker = await t.loginAs('worker');
    expect((await move(order.id, target, worker.headers)).statusCode).toBe(403);
    const rival = await t.loginAs('rival');
    for (const id of [order.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await move(id, target, rival.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await rowOf(order.id)).boxNumber).toBe(1);

    // 21:30–22:00: the last half hour before «Мойка на Ленина» closes.
    const done = await create(plus(start, 30), 3);
    await t.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, done.id));
    const completed = await move(done.id, body(plus(start, 30), 30, 2));
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error.message).toBe(orderMoveMessages.completed);

    await call(t, { method: 'POST', url: `/api/order_canceled/${order.id}`, headers: admin.headers });
    const cancelled = await move(order.id, target);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(orderMessages.finalStatus);
    expect((await rowOf(order.id)).boxNumber).toBe(1);
  });

  it('requires a session and a matching X-User-Id', async () => {
    const order = await create(plus(freeStart, 24 * 60), 1);
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/own_order/move/${order.id}`,
      payload: body(plus(freeStart, 24 * 60), 30, 2),
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, type Order } from '@crm/shared';
import { orders, tariffs } from '../../db/schema';
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

describe('POST /api/own_order/update/{id}', () => {
  let t: TestApp;
  let lenina: string;
  let express: Awaited<ReturnType<typeof tariffByCode>>;
  let complex: Awaited<ReturnType<typeof tariffByCode>>;
  let expressTotal: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    express = await tariffByCode(t, lenina, 'express');
    complex = await tariffByCode(t, lenina, 'complex');
    expressTotal = (await expectedPrice(t, lenina, express.id, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  const create = async (start: string, box?: number) =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: { ...orderBody(express.id, expressTotal, { start }), box_number: box },
      })
    ).order;
  const update = (id: string, body: unknown, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/own_order/update/${id}`, headers, payload: body as object });
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('changes car, tariff, time and comment, re-priced, keeping its box while it is free', async () => {
    const order = await create(plus(freeStart, 0), 2);
    const price = await expectedPrice(t, lenina, complex.id, 'Crossover');
    const start = plus(freeStart, 30);
    const body = orderBody(complex.id, price.totalAmount, {
      start,
      minutes: 60,
      comment: 'Перенос по просьбе клиента',
      car: {
        brand: 'Haval',
        model: 'Jolion',
        class: 'Crossover',
        category: 'Crossover',
        plateNumber: 'Е777КХ199',
      },
    });
    const res = await update(order.id, body);
    expect(res.statusCode).toBe(200);
    const updated = res.json().order as Order;
    expect(updated).toMatchObject({
      id: order.id,
      status: order.status,
      box_number: 2,
      booking_start: start,
      booking_end: plus(start, 60),
      comment: 'Перенос по просьбе клиента',
      sum: price.totalAmount,
      sum_manual: false,
      client_car: { brand: 'Haval', model: 'Jolion', plate_number: 'Е777КХ199', category: 'Crossover' },
      basket: {
        tariff_id: complex.id,
        slot_id: '100331_1030_1130',
        total_duration_minutes: price.totalDurationMinutes,
      },
    });
    expect(updated.date_create).toBe(order.date_create);
  });

  it('moves to another box when its own is taken at the new time, and 409 when every box is', async () => {
    const start = plus(freeStart, 180);
    const blocker = await create(start, 1);
    const mover = await create(plus(start, 60), 1);
    const moved = await update(mover.id, orderBody(express.id, expressTotal, { start }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().order.box_number).toBe(2);

    await create(start, 3);
    await create(start, 4);
    const other = await create(plus(start, 120), 1);
    const full = await update(other.id, orderBody(express.id, expressTotal, { start: plus(start, 10) }));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({ code: 'SLOT_TAKEN', message: orderMessages.slotTaken });
    // Nothing half-written: the order is where it was.
    const row = await rowOf(other.id);
    expect(row.bookingStart.toISOString()).toBe(plus(start, 120));
    expect(row.boxNumber).toBe(1);
    expect(blocker.box_number).toBe(1);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
  });

  it('keeps a tariff switched off after booking, but refuses to switch to an inactive one', async () => {
    const start = plus(freeStart, 400);
    const order = await create(start);
    const setActive = (id: string, active: boolean) =>
      t.db.update(tariffs).set({ active }).where(eq(tariffs.id, id));
    await setActive(express.id, false);
    await setActive(complex.id, false);
    try {
      const keep = await update(order.id, orderBody(express.id, expressTotal, { start, comment: 'ок' }));
      expect(keep.statusCode).toBe(200);
      expect(keep.json().order.comment).toBe('ок');
      const price = await expectedPrice(t, lenina, complex.id, 'Compact');
      const change = await update(order.id, orderBody(complex.id, price.totalAmount, { start }));
      expect(change.statusCode).toBe(400);
      expect(change.json().error.fields).toEqual({ 'basket.tariffId': orderMessages.tariffInactive });
      expect((await rowOf(order.id)).basket.tariff_id).toBe(express.id);
    } finally {
      await setActive(express.id, true);
      await setActive(complex.id, true);
    }
  });

  it('rejects invalid input with field messages and changes nothing', async () => {
    const order = await create(plus(freeStart, 520));
    const body = orderBody(express.id, expressTotal, { start: plus(freeStart, 520) });
    const cases: [unknown, Record<string, string>][] = [
      [
        { ...body, car: { ...body.car, plateNumber: 'А12ВС77' } },
        { 'car.plateNumber': orderMessages.plateFormat },
      ],
      [{ ...body, comment: 'x'.repeat(301) }, { comment: orderMessages.commentMax }],
      [
        { ...body, basket: { ...body.basket, totalAmount: 999 } },
        { 'basket.totalAmount': orderMessages.amountStep },
      ],
      [
        { ...body, bookingStart: body.bookingEnd, bookingEnd: body.bookingStart },
        { bookingEnd: orderMessages.rangeOrder },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await update(order.id, payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.fields).toMatchObject(fields);
    }
    expect((await rowOf(order.id)).updatedAt.toISOString()).toBe(
      (await rowOf(order.id)).dateCreate.toISOString(),
    );
  });

  it('edits only own orders: a Yandex order is 403 «Вы можете редактировать только собственные заказы»', async () => {
    const yandex = await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 1,
      source: 'Yandex',
      bookingStart: new Date(plus(freeStart, 600)),
      bookingEnd: new Date(plus(freeStart, 630)),
    });
    const res = await update(yandex.id, orderBody(express.id, expressTotal, { start: plus(freeStart, 600) }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: orderMessages.ownOnly });
    expect((await rowOf(yandex.id)).comment).toBe('');
  });

  it('refuses a cancelled order (409), a worker (403) and another network or a bad id (404)', async () => {
    const start = plus(freeStart, 660);
    const order = await create(start);
    const body = orderBody(express.id, expressTotal, { start, comment: 'изменено' });
    const worker = await t.loginAs('worker');
    expect((await update(order.id, body, worker.headers)).statusCode).toBe(403);
    const rival = await t.loginAs('rival');
    for (const id of [order.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await update(id, body, rival.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    await call(t, { method: 'POST', url: `/api/order_canceled/${order.id}`, headers: admin.headers });
    const cancelled = await update(order.id, body);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(orderMessages.finalStatus);
    expect((await rowOf(order.id)).comment).not.toBe('изменено');
  });

  it('requires a session and a matching X-User-Id', async () => {
    // The next day (Tuesday) at 10:00, inside «Мойка на Ленина»'s hours and clear of the other tests.
    const order = await create(plus(freeStart, 24 * 60));
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/own_order/update/${order.id}`,
      payload: orderBody(express.id, expressTotal) as object,
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFormMessages, orderMessages, type Order } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  insertRawOrder,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

/**
 * `POST /api/order_completed/{id}` with `{ payment_method, sum_completed }` (issue 10): «Завершить» on an
 * unpaid order takes the payment in the same step, status and money in one transaction.
 */
describe('POST /api/order_completed/{id} with the payment', () => {
  let t: TestApp;
  let lenina: string;
  let expressId: string;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  let rival: Awaited<ReturnType<TestApp['loginAs']>>;
  let day = 0;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    expressId = (await tariffByCode(t, lenina, 'express')).id;
    total = (await expectedPrice(t, lenina, expressId, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
  });
  afterAll(() => t.close());

  /** A past own order (no early-finish confirmation needed), already started: Processing. */
  const processing = async () => {
    const start = new Date(Date.UTC(2019, 0, 10 + day++, 9)).toISOString();
    const { order } = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: orderBody(expressId, total, { start }),
    });
    await call(t, { method: 'POST', url: `/api/order_processing/${order.id}`, headers: admin.headers });
    return order;
  };
  const complete = (id: string, payload?: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/order_completed/${id}`, headers, payload });
  const stored = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('completes and records the payment in one answer, paid_at set', async () => {
    const order = await processing();
    const before = Date.now();
    const res = await complete(order.id, { payment_method: 'paid_sbp', sum_completed: total });
    expect(res.statusCode).toBe(200);
    const done = res.json().order as Order;
    expect(done).toMatchObject({ status: 'Completed', payment_method: 'paid_sbp', sum_completed: total });
    expect(Date.parse(done.paid_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(done.paid_at).toBe(done.date_end);
    expect(await stored(order.id)).toMatchObject({ status: 'Completed', paymentMethod: 'paid_sbp' });
  });

  it('lets the worker who finishes the car take the money', async () => {
    const order = await processing();
    const res = await complete(
      order.id,
      { payment_method: 'paid_cash', sum_completed: total },
      worker.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Completed', payment_method: 'paid_cash' });
  });

  it('still completes without a body, leaving the order unpaid', async () => {
    const order = await processing();
    const res = await complete(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'Completed',
      payment_method: 'not_paid',
      sum_completed: 0,
      paid_at: null,
    });
  });

  it('refuses a bad method or amount with 400 and writes nothing', async () => {
    const order = await processing();
    const cases: [object, Record<string, string>][] = [
      [{ payment_method: 'barter', sum_completed: total }, { payment_method: orderMessages.paymentRequired }],
      [
        { payment_method: 'not_paid', sum_completed: total },
        { payment_method: orderMessages.paymentRequired },
      ],
      // Online payment happens at the partner, never for an own order.
      [{ payment_method: 'paid', sum_completed: total }, { payment_method: orderMessages.paymentRequired }],
      [{ payment_method: 'paid_card', sum_completed: 1025 }, { sum_completed: orderMessages.amountStep }],
      [
        { payment_method: 'paid_card', sum_completed: 0 },
        { sum_completed: orderFormMessages.paymentAmountRequired },
      ],
      [{ payment_method: 'paid_card' }, { sum_completed: orderFormMessages.paymentAmountRequired }],
    ];
    for (const [payload, fields] of cases) {
      const res = await complete(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual(fields);
    }
    expect(await stored(order.id)).toMatchObject({
      status: 'Processing',
      paymentMethod: 'not_paid',
      sumCompleted: 0,
      paidAt: null,
      dateEnd: null,
    });
  });

  it('takes online payment (`paid`) for a partner order', async () => {
    const yandex = await insertRawOrder(t, {
      stationId: lenina,
      status: 'Processing',
      bookingStart: new Date('2019-03-01T10:00:00Z'),
      bookingEnd: new Date('2019-03-01T10:30:00Z'),
    });
    const res = await complete(yandex.id, { payment_method: 'paid', sum_completed: 1200 });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'Completed',
      payment_method: 'paid',
      sum_completed: 1200,
    });
    expect(res.json().order.paid_at).not.toBeNull();
  });

  it("answers 404 for another network's order and leaves it in work", async () => {
    const order = await processing();
    const res = await complete(
      order.id,
      { payment_method: 'paid_card', sum_completed: total },
      rival.headers,
    );
    expect(res.statusCode).toBe(404);
    expect(await stored(order.id)).toMatchObject({ status: 'Processing', paymentMethod: 'not_paid' });
  });

  it('refuses a completion from Booked (409) without taking the money', async () => {
    const start = new Date(Date.UTC(2019, 5, 1, 9)).toISOString();
    const { order } = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: orderBody(expressId, total, { start }),
    });
    const res = await complete(order.id, { payment_method: 'paid_card', sum_completed: total });
    expect(res.statusCode).toBe(409);
    expect(await stored(order.id)).toMatchObject({ status: 'Booked', paymentMethod: 'not_paid' });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, orderMessages, stationClock, type Order } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { earlyStartTaken } from './order-status.service';
import {
  call,
  carwashIds,
  expectedPrice,
  freeStart,
  insertRawOrder,
  orderBody,
  plus,
  clearAroundNow,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

describe('order status calls', () => {
  let t: TestApp;
  let lenina: string;
  let expressId: string;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  let rival: Awaited<ReturnType<TestApp['loginAs']>>;
  let slot = 0;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    expressId = (await tariffByCode(t, lenina, 'express')).id;
    total = (await expectedPrice(t, lenina, expressId, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
    // An early start moves the booking to now (issue 38): the demo's orders of today must not be in the way.
    await clearAroundNow(t, lenina);
  });
  afterAll(() => t.close());

  /** A fresh own order, each on its own half hour; `start` overrides (a past one is never early). */
  const create = async (start = plus(freeStart, 30 * slot++)) =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: orderBody(expressId, total, { start }),
      })
    ).order;
  const post = (url: string, headers = admin.headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const step = (call: string, id: string, skip = false, headers = admin.headers) =>
    post(`/api/${call}/${id}${skip ? '?skip_validation=true' : ''}`, headers);

  describe('POST /api/order_booked|order_processing|order_completed/{id}', () => {
    it('walks Booked → Processing → Completed, early steps only with skip_validation', async () => {
      // Staff's own order is Booked at once (issue 10): nothing to accept.
      const order = await create();
      expect(order.status).toBe('Booked');

      // The booking is years ahead: a start now is more than 10 minutes early.
      const early = await step('order_processing', order.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(orderMessages.statusTooEarly);
      const before = Date.now();
      const started = await step('order_processing', order.id, true);
      expect(started.statusCode).toBe(200);
      const processing = started.json().order as Order;
      expect(processing.status).toBe('Processing');
      expect(Date.parse(processing.date_start!)).toBeGreaterThanOrEqual(before - 1000);
      expect(processing.date_end).toBeNull();

      const earlyEnd = await step('order_completed', order.id);
      expect(earlyEnd.statusCode).toBe(409);
      expect(earlyEnd.json().error.message).toBe(orderMessages.statusTooEarly);
      const done = await step('order_completed', order.id, true);
      expect(done.statusCode).toBe(200);
      expect(done.json().order).toMatchObject({ status: 'Completed', date_start: processing.date_start });
      expect(done.json().order.date_end).not.toBeNull();
    });

    it('needs no confirmation once the booked time has come', async () => {
      const order = await create('2020-01-15T09:00:00.000Z');
      const started = await step('order_processing', order.id);
      expect(started.statusCode).toBe(200);
      const done = await step('order_completed', order.id);
      expect(done.statusCode).toBe(200);
      expect(done.json().order.status).toBe('Completed');
    });

    it('refuses skipped steps, backward steps and any step from a final status (409)', async () => {
      const order = await create();
      // From Booked: completing skips the start, booking again is no step at all.
      for (const call of ['order_completed', 'order_booked']) {
        const res = await step(call, order.id, true);
        expect(res.statusCode, call).toBe(409);
        expect(res.json().error).toEqual({ code: 'CONFLICT', message: orderMessages.statusFailed });
      }
      await post(`/api/order_canceled/${order.id}`);
      for (const call of ['order_booked', 'order_processing', 'order_completed']) {
        const res = await step(call, order.id, true);
        expect(res.statusCode, call).toBe(409);
        expect(res.json().error.message).toBe(orderMessages.finalStatus);
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('StationCanceled');
    });

    it('lets a worker move statuses, also of partner orders', async () => {
      const order = await create('2020-01-17T09:00:00.000Z');
      expect((await step('order_processing', order.id, true, worker.headers)).statusCode).toBe(200);
      const yandex = await insertRawOrder(t, {
        stationId: lenina,
        status: 'Accepted',
        bookingStart: new Date('2020-02-01T10:00:00Z'),
        bookingEnd: new Date('2020-02-01T10:30:00Z'),
      });
      const res = await step('order_booked', yandex.id, false, worker.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ source: 'Yandex', status: 'Booked' });
    });

    it("answers 404 for another network's order and malformed ids; 400 for a bad skip_validation", async () => {
      const order = await create();
      for (const id of [order.id, 'abc', '00000000-0000-4000-8000-000000000000']) {
        expect((await step('order_booked', id, false, rival.headers)).statusCode).toBe(404);
      }
      expect((await post(`/api/order_booked/${order.id}?skip_validation=yes`)).statusCode).toBe(400);
      await expectSignInRequired(t, { method: 'POST', url: `/api/order_booked/${order.id}` });
    });
  });

  describe('an early start (issue 38)', () => {
    const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

    it('moves the booking to now, to the minute, keeping its length and box; the calendar of today has it', async () => {
      await clearAroundNow(t, lenina);
      const order = await create();
      const before = minute(Date.now());
      const res = await step('order_processing', order.id, true, worker.headers);
      expect(res.statusCode).toBe(200);
      const started = res.json().order as Order;
      const start = Date.parse(started.booking_start);
      expect(start).toBeGreaterThanOrEqual(before);
      expect(start).toBeLessThanOrEqual(Date.now());
      expect(start % 60_000).toBe(0);
      expect(Date.parse(started.booking_end) - start).toBe(30 * 60_000);
      expect(started).toMatchObject({ status: 'Processing', box_number: order.box_number });
      expect(started.basket.slot_id).not.toBe(order.basket.slot_id);
      // Today's calendar (the station's clock) draws it where it happened.
      const today = stationClock('Europe/Moscow').date;
      const week = await call<{ rows: unknown[][] }>(t, {
        method: 'GET',
        url: `/api/order/calendar?station_id=${lenina}&date_start=${today}&date_end=${addDays(today, 1)}`,
        headers: admin.headers,
      });
      expect(week.rows.map((r) => r[0])).toContain(order.id);
      // Completed later, it stays there.
      expect((await step('order_completed', order.id, true)).json().order.booking_start).toBe(
        started.booking_start,
      );
    });

    it('refuses when its box is taken now, naming the order in it, and changes nothing', async () => {
      // The order in the box began 10 minutes ago: a demo order that ended in those minutes must go too.
      await clearAroundNow(t, lenina, 3, 15);
      const now = Date.now();
      const inBox = await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: 2,
        status: 'Processing',
        bookingStart: new Date(minute(now) - 10 * 60_000),
        bookingEnd: new Date(minute(now) + 20 * 60_000),
      });
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: { ...orderBody(expressId, total, { start: plus(freeStart, 30 * slot++) }), box_number: 2 },
      });
      const res = await step('order_processing', order.id, true);
      expect(res.statusCode).toBe(409);
      const [from, to] = [inBox.bookingStart, inBox.bookingEnd].map((d) => stationClock('Europe/Moscow', d));
      // Run in the half hour before midnight, the order in the box ends tomorrow: its end carries the date.
      const until =
        from!.date === to!.date ? to!.time : `${to!.date.slice(8)}.${to!.date.slice(5, 7)} ${to!.time}`;
      const other = `№ ${inBox.number}, Toyota Camry В456ОР199, ${from!.time}–${until}`;
      expect(res.json().error).toMatchObject({
        code: 'SLOT_TAKEN',
        message: earlyStartTaken(2, other),
        order: { id: inBox.id, number: inBox.number },
      });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'Booked', dateStart: null });
      expect(row!.bookingStart.toISOString()).toBe(order.booking_start);
      // The other's car leaves: now the early start goes through.
      await t.db
        .update(orders)
        .set({ status: 'Completed', bookingEnd: new Date(minute(now)) })
        .where(eq(orders.id, inBox.id));
      expect((await step('order_processing', order.id, true)).statusCode).toBe(200);
    });
  });

  describe('POST /api/order_canceled/{id}', () => {
    it('cancels as the station with the reason from the query, the body, or Other, freeing the box', async () => {
      const start = plus(freeStart, 24 * 60);
      const fromQuery = await create(start);
      const res = await post(`/api/order_canceled/${fromQuery.id}?cancel_reason=TimeBusy`);
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ status: 'StationCanceled', reason: 'TimeBusy' });

      const fromBody = await create(start);
      const body = await post(`/api/order_canceled/${fromBody.id}`, admin.headers, {
        cancel_reason: 'NotWorking',
      });
      expect(body.json().order).toMatchObject({ status: 'StationCanceled', reason: 'NotWorking' });

      const plain = await create(start);
      const other = await post(`/api/order_canceled/${plain.id}`);
      expect(other.json().order).toMatchObject({ status: 'StationCanceled', reason: 'Other' });
      // Every order took box 1 in turn: a cancelled order frees its box.
      expect([fromQuery, fromBody, plain].map((o) => o.box_number)).toEqual([1, 1, 1]);
    });

    it('cancels from Booked and Processing but not from a final status', async () => {
      const booked = await create();
      expect((await post(`/api/order_canceled/${booked.id}`)).statusCode).toBe(200);
      const processing = await create('2020-01-18T09:00:00.000Z');
      expect((await step('order_processing', processing.id)).statusCode).toBe(200);
      expect((await post(`/api/order_canceled/${processing.id}`)).statusCode).toBe(200);
      const completed = await create('2020-01-16T09:00:00.000Z');
      for (const call of ['order_processing', 'order_completed']) await step(call, completed.id);
      for (const id of [booked.id, completed.id]) {
        const res = await post(`/api/order_canceled/${id}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(orderMessages.finalStatus);
      }
    });

    it('refuses a worker (403), an unknown reason (400) and other networks (404)', async () => {
      const order = await create();
      expect((await post(`/api/order_canceled/${order.id}`, worker.headers)).statusCode).toBe(403);
      const bad = await post(`/api/order_canceled/${order.id}?cancel_reason=Bored`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(['cancel_reason']);
      expect((await post(`/api/order_canceled/${order.id}`, rival.headers)).statusCode).toBe(404);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('Booked');
    });

    it('keeps the words written beside «Другое» in the service note, staff can read them later', async () => {
      const order = await create();
      const res = await post(`/api/order_canceled/${order.id}`, admin.headers, {
        cancel_reason: 'Other',
        cancel_comment: '  Клиент перенёс визит на завтра  ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        status: 'StationCanceled',
        reason: 'Other',
        system_comment: 'Причина отказа: Клиент перенёс визит на завтра',
      });
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: worker.headers,
      });
      expect(details.json().order.system_comment).toBe('Причина отказа: Клиент перенёс визит на завтра');

      // A partner's note stays; the reason goes on its own line. The query works as the spec's reason does.
      const yandex = await insertRawOrder(t, {
        stationId: lenina,
        status: 'Accepted',
        systemComment: 'Оплачено в Яндексе',
        bookingStart: new Date('2020-02-02T10:00:00Z'),
        bookingEnd: new Date('2020-02-02T10:30:00Z'),
      });
      const declined = await post(
        `/api/order_canceled/${yandex.id}?cancel_reason=Other&cancel_comment=${encodeURIComponent('Нет мастера')}`,
      );
      expect(declined.json().order.system_comment).toBe('Оплачено в Яндексе\nПричина отказа: Нет мастера');
    });

    it('refuses a comment over 300 characters or with a NUL (400), writing nothing', async () => {
      const order = await create();
      for (const cancel_comment of ['я'.repeat(301), 'a\u0000b']) {
        const res = await post(`/api/order_canceled/${order.id}`, admin.headers, {
          cancel_reason: 'Other',
          cancel_comment,
        });
        expect(res.statusCode).toBe(400);
      }
      const long = await post(`/api/order_canceled/${order.id}`, admin.headers, {
        cancel_comment: 'я'.repeat(301),
      });
      expect(long.json().error.fields).toEqual({ cancel_comment: 'Не больше 300 символов' });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'Booked', systemComment: '' });
    });
  });

  describe('POST /api/order/payment/{id}', () => {
    it('records the payment method and the amount paid', async () => {
      const order = await create();
      const res = await post(`/api/order/payment/${order.id}`, admin.headers, {
        payment_method: 'paid_card',
        sum_completed: total,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        payment_method: 'paid_card',
        sum_completed: total,
        sum: total,
      });
    });

    it('accepts online payment for a partner order only', async () => {
      const own = await create();
      const ownPaid = await post(`/api/order/payment/${own.id}`, admin.headers, {
        payment_method: 'paid',
        sum_completed: total,
      });
      expect(ownPaid.statusCode).toBe(400);
      expect(ownPaid.json().error.fields).toEqual({ payment_method: orderMessages.paymentRequired });
      const yandex = await insertRawOrder(t, {
        stationId: lenina,
        bookingStart: new Date('2020-03-01T10:00:00Z'),
        bookingEnd: new Date('2020-03-01T10:30:00Z'),
      });
      const res = await post(`/api/order/payment/${yandex.id}`, admin.headers, {
        payment_method: 'paid',
        sum_completed: 1200,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order.payment_method).toBe('paid');
    });

    it('refuses a cancelled order (409), bad input (400), a worker (403) and other networks (404)', async () => {
      const order = await create();
      const pay = { payment_method: 'paid_cash', sum_completed: 500 };
      expect((await post(`/api/order/payment/${order.id}`, worker.headers, pay)).statusCode).toBe(403);
      expect((await post(`/api/order/payment/${order.id}`, rival.headers, pay)).statusCode).toBe(404);
      const bad = await post(`/api/order/payment/${order.id}`, admin.headers, {
        payment_method: 'barter',
        sum_completed: -1,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({
        payment_method: orderMessages.paymentRequired,
        sum_completed: expect.any(String),
      });
      await post(`/api/order_canceled/${order.id}`);
      const cancelled = await post(`/api/order/payment/${order.id}`, admin.headers, pay);
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error.message).toBe(orderMessages.finalStatus);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ paymentMethod: 'not_paid', sumCompleted: 0 });
    });
  });
});

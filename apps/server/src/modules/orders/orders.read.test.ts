import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offeredExtras,
  washServiceName,
  type Order,
  type OrderDetailsResponse,
  type newOrdersResponseSchema,
} from '@crm/shared';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import { dateInvalid, dateRangeOrder } from './orders.service';
import {
  call,
  carwashIds,
  expectedPrice,
  insertRawOrder,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
  workRoundTheClock,
} from './orders.test-support';

type NewOrders = z.infer<typeof newOrdersResponseSchema>;

describe('order reads', () => {
  let t: TestApp;
  let lenina: string;
  let sadovaya: string;
  let express: Awaited<ReturnType<typeof tariffByCode>>;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  let rival: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    express = await tariffByCode(t, lenina, 'express');
    total = (await expectedPrice(t, lenina, express.id, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
  });
  afterAll(() => t.close());

  const create = async (start: string, minutes = 30, stationId = lenina, tariffId = express.id) =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${stationId}`,
        headers: admin.headers,
        payload: orderBody(
          tariffId,
          stationId === lenina ? total : (await expectedPrice(t, stationId, tariffId, 'Compact')).totalAmount,
          { start, minutes },
        ),
      })
    ).order;
  const list = (body: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/order/list', headers, payload: body });

  describe('POST /api/order/list', () => {
    it("selects by the station's local dates, date_end exclusive, blockers and cancelled included", async () => {
      // Moscow is UTC+3: 23:30 on 11 March is 20:30Z; 00:10 on 12 March is 21:10Z on the 11th.
      await workRoundTheClock(t, lenina);
      const lateEvening = await create('2031-03-11T20:30:00.000Z');
      const afterMidnight = await create('2031-03-11T21:10:00.000Z');
      const morning = await create('2031-03-11T05:00:00.000Z');
      await call(t, { method: 'POST', url: `/api/order_canceled/${morning.id}`, headers: admin.headers });
      const blocker = await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: 4,
        source: 'Own',
        orderType: 'BlockerBookingSlot',
        bookingStart: new Date('2031-03-11T09:00:00Z'),
        bookingEnd: new Date('2031-03-11T10:00:00Z'),
      });
      const day = await list({ station_id: lenina, date_start: '2031-03-11', date_end: '2031-03-12' });
      expect(day.statusCode).toBe(200);
      const orders = day.json().orders as Order[];
      expect(orders.map((o) => o.id)).toEqual([morning.id, blocker.id, lateEvening.id]);
      expect(orders[0]).toMatchObject({ status: 'StationCanceled' });
      expect(orders[1]).toMatchObject({ order_type: 'BlockerBookingSlot' });
      expect(orders[2]).toEqual(lateEvening);

      const next = await list({ station_id: lenina, date_start: '2031-03-12', date_end: '2031-03-13' });
      expect((next.json().orders as Order[]).map((o) => o.id)).toEqual([afterMidnight.id]);
      const both = await list({ station_id: lenina, date_start: '2031-03-11', date_end: '2031-03-13' });
      expect(both.json().orders).toHaveLength(4);
    });

    it("uses each station's own zone (Novosibirsk, UTC+7)", async () => {
      const sadovayaExpress = await tariffByCode(t, sadovaya, 'express');
      // 01:00 local on Tuesday 11 March 2031 is 18:00Z on the 10th.
      await workRoundTheClock(t, sadovaya);
      const order = await create('2031-03-10T18:00:00.000Z', 30, sadovaya, sadovayaExpress.id);
      expect(order.basket.slot_id).toBe('110331_0100_0130');
      const res = await list({ station_id: sadovaya, date_start: '2031-03-11', date_end: '2031-03-12' });
      expect((res.json().orders as Order[]).map((o) => o.id)).toContain(order.id);
      const before = await list({ station_id: sadovaya, date_start: '2031-03-10', date_end: '2031-03-11' });
      expect((before.json().orders as Order[]).map((o) => o.id)).not.toContain(order.id);
    });

    it('rejects malformed and impossible dates and an empty range', async () => {
      const shape = await list({ station_id: lenina, date_start: '11.03.2031', date_end: '2031-03-12' });
      expect(shape.statusCode).toBe(400);
      expect(Object.keys(shape.json().error.fields)).toEqual(['date_start']);
      const impossible = await list({ station_id: lenina, date_start: '2031-02-30', date_end: '2031-03-01' });
      expect(impossible.json().error.fields).toEqual({ date_start: dateInvalid });
      const empty = await list({ station_id: lenina, date_start: '2031-03-12', date_end: '2031-03-12' });
      expect(empty.json().error.fields).toEqual({ date_end: dateRangeOrder });
    });

    it('lets a worker read, and hides another network’s station as 404', async () => {
      const body = { station_id: lenina, date_start: '2031-03-11', date_end: '2031-03-12' };
      expect((await list(body, worker.headers)).statusCode).toBe(200);
      for (const station_id of [lenina, 'x', '00000000-0000-4000-8000-000000000000']) {
        expect((await list({ ...body, station_id }, rival.headers)).statusCode).toBe(404);
      }
      await expectSignInRequired(t, { method: 'POST', url: '/api/order/list', payload: body });
    });
  });

  describe('GET /api/order/list/new/{stationId}', () => {
    it('lists Accepted orders not yet over, oldest request first, with tariff and service names', async () => {
      // Incoming orders are clients' self-bookings; the one staff typed in is Booked and not listed.
      let requested = Date.parse('2031-01-01T00:00:00.000Z');
      const incoming = async (start: string) => {
        const row = await insertRawOrder(t, {
          stationId: lenina,
          status: 'Accepted',
          source: 'Own',
          orderType: 'SelfService',
          boxNumber: 4,
          bookingStart: new Date(start),
          bookingEnd: new Date(Date.parse(start) + 30 * 60_000),
          dateCreate: new Date((requested += 60_000)),
          basket: {
            tariff_id: express.id,
            slot_id: null,
            price_element_id: null,
            total_duration_minutes: 30,
            total_amount: total,
            include_service_amount: total,
            additional_service_amounts: {},
            compensation_amount: 0,
            user_need_to_pay_amount: total,
          },
        });
        return row;
      };
      const later = await incoming('2031-04-01T10:00:00.000Z');
      const sooner = await incoming('2031-03-20T10:00:00.000Z');
      const accepted = await incoming('2031-03-25T10:00:00.000Z');
      await call(t, { method: 'POST', url: `/api/order_booked/${accepted.id}`, headers: admin.headers });
      const past = await incoming('2020-05-01T10:00:00.000Z');
      const walkIn = await create('2031-03-21T10:00:00.000Z');
      const res = await call<NewOrders>(t, {
        method: 'GET',
        url: `/api/order/list/new/${lenina}`,
        headers: worker.headers,
      });
      const ids = res.orders_list.map((o) => o.order.id);
      expect(ids).toEqual(expect.arrayContaining([later.id, sooner.id]));
      expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(sooner.id));
      expect(ids).not.toContain(accepted.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(walkIn.id);
      for (const { order } of res.orders_list) {
        expect(order.status).toBe('Accepted');
        expect(order.station_id).toBe(lenina);
        expect(Date.parse(order.booking_end)).toBeGreaterThan(Date.now());
      }
      expect(res.ru_tariff_name[express.id]).toBe(express.name);
      expect(res.ru_services_name.wax).toBe('Горячий воск');
    });

    it('hides another network’s station as 404', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order/list/new/${lenina}`, headers: rival.headers }))
          .statusCode,
      ).toBe(404);
      await expectSignInRequired(t, { method: 'GET', url: `/api/order/list/new/${lenina}` });
    });
  });

  describe('GET /api/order/{id}', () => {
    it('wraps the order with tariff, included and additional service names (S1 §3)', async () => {
      const config = (await loadTariffConfig(t.db, lenina, express.id))!;
      const extras = offeredExtras(config, 'Compact').slice(0, 1);
      const price = await expectedPrice(t, lenina, express.id, 'Compact', extras);
      const body = orderBody(express.id, price.totalAmount, { start: '2031-05-05T08:00:00.000Z' });
      body.basket.additionalServiceAmounts = Object.fromEntries(extras.map((k) => [k, 0]));
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: body,
      });
      const details = await call<OrderDetailsResponse>(t, {
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: worker.headers,
      });
      expect(details).toEqual({
        order,
        human_name_tariff: express.name,
        basket_human_names: {
          formated_includes: express.includeServices.map(washServiceName),
          formated_additional: extras.map(washServiceName),
        },
        ru_services_name: expect.objectContaining({ body_wash: 'Мойка кузова' }),
      });
    });

    it('shows a partner order with its redirect phone, without a tariff name', async () => {
      const yandex = await insertRawOrder(t, {
        stationId: lenina,
        bookingStart: new Date('2031-05-06T08:00:00Z'),
        bookingEnd: new Date(plus('2031-05-06T08:00:00.000Z', 30)),
      });
      const details = await call<OrderDetailsResponse>(t, {
        method: 'GET',
        url: `/api/order/${yandex.id}`,
        headers: admin.headers,
      });
      expect(details.order).toMatchObject({
        source: 'Yandex',
        phones: [{ redirection_phone: '+74950000000', ext: '123' }],
      });
      expect(details.human_name_tariff).toBe('');
    });

    it("answers 404 for another network's order, an unknown and a malformed id", async () => {
      const order = await create('2031-05-07T08:00:00.000Z');
      for (const [id, headers] of [
        [order.id, rival.headers],
        ['00000000-0000-4000-8000-000000000000', admin.headers],
        ['123', admin.headers],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      await expectSignInRequired(t, { method: 'GET', url: `/api/order/${order.id}` });
    });
  });
});

import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyDiscount,
  driverDetailsResponseSchema,
  driverVisitsResponseSchema,
  type Driver,
  type Order,
} from '@crm/shared';
import { drivers, networks, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import {
  carwashIds,
  expectedPrice,
  freeStart,
  insertRawOrder,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from '../orders/orders.test-support';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('a client’s card: GET /api/drivers/get/{id} and /api/drivers/visits/{id}, discounted orders', () => {
  let t: TestApp;
  let owner: Login;
  let demoNet: string;
  let rivalNet: string;
  let lenina: string;
  let sadovaya: string;
  let client: Driver;
  const get = (url: string, who: Login = owner) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const book = async (stationId: string, start: string, body: Record<string, unknown>) => {
    const express = await tariffByCode(t, stationId, 'express');
    const list = (await expectedPrice(t, stationId, express.id, 'Compact')).totalAmount;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/create_order/${stationId}`,
      headers: owner.headers,
      payload: orderBody(express.id, (body.total as number | undefined) ?? list, {
        start,
        ...body,
      }) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { order: res.json().order as Order, list };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.loginAs('owner');
    const rows = await t.db.select().from(networks);
    demoNet = rows.find((n) => n.name === 'Демо-сеть')!.id;
    rivalNet = rows.find((n) => n.name === 'Соседняя сеть')!.id;
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/drivers/create',
      headers: owner.headers,
      payload: {
        network_id: demoNet,
        name: 'Вера',
        surname: 'Скидкина',
        phone: '+79175550011',
        discount: 15,
      },
    });
    client = res.json().driver;
  });
  afterAll(() => t.close());

  it('prices an order for the client with their discount and stores the list price and the percent', async () => {
    const { order, list } = await book(lenina, freeStart, { driver_id: client.id });
    const expected = applyDiscount(list, 15);
    expect(order).toMatchObject({
      sum: expected.sum,
      sum_manual: false,
      discount_percent: 15,
      sum_before_discount: list,
      driver_id: client.id,
    });
    expect(order.basket.total_amount).toBe(expected.sum);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ sum: expected.sum, discountPercent: 15, sumBeforeDiscount: list });
    // The form may already show the discounted total: the same price, not a hand-typed one.
    const again = await book(lenina, plus(freeStart, 60), { driver_id: client.id, total: expected.sum });
    expect(again.order).toMatchObject({ sum: expected.sum, sum_manual: false, discount_percent: 15 });
    // A total typed by hand is the final price: no discount on top.
    const typed = await book(lenina, plus(freeStart, 120), { driver_id: client.id, total: 50 });
    expect(typed.order).toMatchObject({
      sum: 50,
      sum_manual: true,
      discount_percent: 0,
      sum_before_discount: 50,
    });
    // No client, no discount.
    const plain = await book(lenina, plus(freeStart, 180), {});
    expect(plain.order).toMatchObject({
      sum: plain.list,
      discount_percent: 0,
      sum_before_discount: plain.list,
    });
  });

  it('sums up the client’s visits: linked orders and orders with their phone, across stations', async () => {
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/drivers/create',
      headers: owner.headers,
      payload: {
        network_id: demoNet,
        name: 'Лев',
        phone: '+79175550022',
        cars: [{ brand: 'Kia', model: 'Rio' }],
      },
    });
    const lev = fresh.json().driver as Driver;
    const empty = driverDetailsResponseSchema.parse((await get(`/api/drivers/get/${lev.id}`)).json());
    expect(empty.summary).toEqual({
      orders_count: 0,
      visits_count: 0,
      total_spent: 0,
      first_visit: null,
      last_visit: null,
      favourite_station: null,
    });
    const start = new Date('2031-04-01T07:00:00Z');
    const at = (days: number) => new Date(start.getTime() + days * 86_400_000);
    const end = (d: Date) => new Date(d.getTime() + 30 * 60_000);
    await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: at(0),
      bookingEnd: end(at(0)),
      driverId: lev.id,
      status: 'Completed',
      sum: 1000,
      sumCompleted: 1000,
    });
    await insertRawOrder(t, {
      stationId: sadovaya,
      bookingStart: at(1),
      bookingEnd: end(at(1)),
      driverId: lev.id,
      status: 'Completed',
      sum: 500,
    });
    // A partner's order with the client's phone as typed elsewhere: found by phone.
    await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: at(2),
      bookingEnd: end(at(2)),
      phones: [{ redirection_phone: '8 (917) 555-00-22' }],
      status: 'Completed',
      sum: 700,
      sumCompleted: 700,
    });
    await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: at(3),
      bookingEnd: end(at(3)),
      driverId: lev.id,
      status: 'Canceled',
      sum: 900,
    });
    // Another client's order with the same phone is theirs, not Лев's.
    const [other] = await t.db
      .select()
      .from(drivers)
      .where(and(eq(drivers.networkId, demoNet), ne(drivers.id, lev.id), ne(drivers.id, client.id)))
      .limit(1);
    await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: at(4),
      bookingEnd: end(at(4)),
      driverId: other!.id,
      phones: [{ redirection_phone: '+79175550022' }],
      status: 'Completed',
      sum: 300,
    });

    const details = driverDetailsResponseSchema.parse((await get(`/api/drivers/get/${lev.id}`)).json());
    expect(details.driver).toMatchObject({ id: lev.id, cars: [{ brand: 'Kia', model: 'Rio' }] });
    expect(details.summary).toMatchObject({
      orders_count: 3,
      visits_count: 3,
      total_spent: 2200,
      first_visit: at(0).toISOString(),
      last_visit: at(2).toISOString(),
      favourite_station: { id: lenina, name: 'Мойка на Ленина', visits: 2 },
    });

    const visits = driverVisitsResponseSchema.parse(
      (await get(`/api/drivers/visits/${lev.id}?page=1&page_size=2`)).json(),
    );
    expect(visits.total).toBe(4);
    expect(visits.visits.map((v) => [v.date, v.status, v.matched_by])).toEqual([
      [at(3).toISOString(), 'Canceled', 'driver'],
      [at(2).toISOString(), 'Completed', 'phone'],
    ]);
    expect(visits.visits[0]).toMatchObject({
      station_id: lenina,
      station_name: 'Мойка на Ленина',
      sum: 900,
      tariff: null,
    });
    const second = driverVisitsResponseSchema.parse(
      (await get(`/api/drivers/visits/${lev.id}?page=2&page_size=2`)).json(),
    );
    expect(second.visits.map((v) => v.station_id)).toEqual([sadovaya, lenina]);
    expect(typeof second.visits[0]!.number).toBe('number');
  });

  it('names the tariff of a booked visit', async () => {
    const visits = driverVisitsResponseSchema.parse((await get(`/api/drivers/visits/${client.id}`)).json());
    expect(visits.total).toBe(3);
    expect(visits.visits.every((v) => v.tariff && v.matched_by === 'driver')).toBe(true);
  });

  it('is 404 for another network’s client or a bad id, 400 for a bad page, 401 without a session', async () => {
    const [theirs] = await t.db.select().from(drivers).where(eq(drivers.networkId, rivalNet)).limit(1);
    for (const url of [
      `/api/drivers/get/${theirs!.id}`,
      `/api/drivers/visits/${theirs!.id}`,
      '/api/drivers/get/nope',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    const bad = await get(`/api/drivers/visits/${client.id}?page_size=1000`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['page_size']);
    expect((await get(`/api/drivers/get/${client.id}`, await t.loginAs('worker'))).statusCode).toBe(200);
    await expectSignInRequired(t, { method: 'GET', url: `/api/drivers/get/${client.id}` });
    await expectSignInRequired(t, { method: 'GET', url: `/api/drivers/visits/${client.id}` });
  });
});

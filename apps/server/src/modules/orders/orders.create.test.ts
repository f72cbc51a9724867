import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offeredExtras,
  orderFormMessages,
  orderMessages,
  type Order,
  type OrderDetailsResponse,
} from '@crm/shared';
import { drivers, orders, stations, tariffs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import { boxUnknown } from './orders.service';
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

describe('POST /api/create_order/{stationId}', () => {
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

  const create = (body: unknown, headers = admin.headers, stationId = lenina) =>
    t.app.inject({ method: 'POST', url: `/api/create_order/${stationId}`, headers, payload: body as object });
  const liveAt = async (start: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.stationId, lenina), eq(orders.bookingStart, new Date(start))));

  it('books an own order on the lowest free box, priced and timed by the tariff', async () => {
    const start = plus(freeStart, 0);
    const price = await expectedPrice(t, lenina, express.id, 'Compact');
    const res = await create(orderBody(express.id, price.totalAmount, { start }));
    expect(res.statusCode).toBe(200);
    const order = res.json().order as Order;
    // Staff typed it in: Booked at once, nobody is asked to accept it (issue 10).
    expect(order).toMatchObject({
      status: 'Booked',
      source: 'Own',
      order_type: 'Booking',
      station_id: lenina,
      carwash_id: carwashIds.lenina,
      box_number: 1,
      booking_start: start,
      booking_end: plus(start, 30),
      date_start: null,
      date_end: null,
      sum: price.totalAmount,
      sum_completed: 0,
      sum_manual: false,
      payment_method: 'not_paid',
      comment: 'Позвонить за 10 минут',
      phones: [{ redirection_phone: '+79161112233' }],
      reason: null,
      client_car: {
        brand: 'Kia',
        model: 'Rio',
        plate_number: 'А123ВС77',
        body_type: 'Седан',
        body_color: '',
        car_class: 'Compact',
        category: 'Compact',
      },
      basket: {
        tariff_id: express.id,
        // 10:00–10:30 on the station's clock (Moscow), 10 March 2031.
        slot_id: '100331_1000_1030',
        total_duration_minutes: price.totalDurationMinutes,
        total_amount: price.totalAmount,
        include_service_amount: price.includeServiceAmount,
        additional_service_amounts: {},
        user_need_to_pay_amount: price.totalAmount,
      },
    });
    const details = await call<OrderDetailsResponse>(t, {
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: admin.headers,
    });
    expect(details.order).toEqual(order);
    expect(details.human_name_tariff).toBe(express.name);
    const incoming = await call<{ orders_list: { order: Order }[] }>(t, {
      method: 'GET',
      url: `/api/order/list/new/${lenina}`,
      headers: admin.headers,
    });
    expect(incoming.orders_list.map((o) => o.order.id)).not.toContain(order.id);
  });

  it('books a walk-in at once even where the station does not accept bookings automatically', async () => {
    const [station] = await t.db.select().from(stations).where(eq(stations.id, lenina));
    expect(station!.autoacceptBooking).toBe(false);
    const res = await create(orderBody(express.id, expressTotal, { start: plus(freeStart, 24 * 60) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('Booked');
  });

  it('prices offered extras and keeps a typed total, marked manual', async () => {
    const config = (await loadTariffConfig(t.db, lenina, express.id))!;
    const extras = offeredExtras(config, 'Compact').slice(0, 2);
    expect(extras.length).toBeGreaterThan(0);
    const price = await expectedPrice(t, lenina, express.id, 'Compact', extras);
    const start = plus(freeStart, 60);
    const body = orderBody(express.id, price.totalAmount, { start });
    body.basket.additionalServiceAmounts = Object.fromEntries(extras.map((k) => [k, 1]));
    const priced = (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: body,
      })
    ).order;
    expect(priced.basket.additional_service_amounts).toEqual(price.additionalServiceAmounts);
    expect(priced.basket.total_duration_minutes).toBe(price.totalDurationMinutes);
    expect(priced.sum).toBe(price.totalAmount);
    expect(priced.sum_manual).toBe(false);

    const typed = price.totalAmount + 500;
    const manual = (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: { ...body, basket: { ...body.basket, totalAmount: typed }, paymentMethod: 'paid_cash' },
      })
    ).order;
    expect(manual).toMatchObject({
      sum: typed,
      sum_manual: true,
      payment_method: 'paid_cash',
      sum_completed: typed,
    });
    expect(manual.basket.total_amount).toBe(typed);
    expect(manual.box_number).toBe(2);
  });

  it('fills boxes in order, honours a chosen box, and answers 409 «Время занято» when none is left', async () => {
    const start = plus(freeStart, 120);
    const body = orderBody(express.id, expressTotal, { start });
    const chosen = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: { ...body, box_number: 3 },
    });
    expect(chosen.order.box_number).toBe(3);
    const takenChoice = await create({ ...body, box_number: 3 });
    expect(takenChoice.statusCode).toBe(409);
    // The chosen box names the order in it (issue 38: the new-order form's «Бокс»).
    expect(takenChoice.json().error).toMatchObject({
      code: 'SLOT_TAKEN',
      message: `${orderMessages.slotTaken}: № ${chosen.order.number}, Kia Rio А123ВС77, 12:00–12:30`,
      order: { id: chosen.order.id },
    });
    const unknownBox = await create({ ...body, box_number: 9 });
    expect(unknownBox.statusCode).toBe(400);
    expect(unknownBox.json().error.fields).toEqual({ box_number: boxUnknown });

    const boxes = [];
    for (let i = 0; i < 3; i++)
      boxes.push(
        (
          await call(t, {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            headers: admin.headers,
            payload: body,
          })
        ).order.box_number,
      );
    expect(boxes).toEqual([1, 2, 4]);
    // Overlapping by a minute is still taken; touching ([start, end)) is not.
    const full = await create(orderBody(express.id, expressTotal, { start: plus(start, 29), minutes: 30 }));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({ code: 'SLOT_TAKEN', message: 'Время занято' });
    expect(await liveAt(plus(start, 29))).toHaveLength(0);
    const after = await create(orderBody(express.id, expressTotal, { start: plus(start, 30) }));
    expect(after.statusCode).toBe(200);
    expect(after.json().order.box_number).toBe(1);
    expect(await overlappingLiveOrders(t, lenina)).toBe(0);
  });

  it('does not book over a blocked slot (a blocker order on every box)', async () => {
    const start = plus(freeStart, 240);
    for (const box of [1, 2, 3, 4]) {
      await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: box,
        source: 'Own',
        orderType: 'BlockerBookingSlot',
        bookingStart: new Date(start),
        bookingEnd: new Date(plus(start, 60)),
      });
    }
    const res = await create(orderBody(express.id, expressTotal, { start: plus(start, 15) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SLOT_TAKEN');
  });

  it('rejects invalid input with the S1 §5 messages per field', async () => {
    const body = orderBody(express.id, expressTotal, { start: plus(freeStart, 300) });
    const cases: [unknown, Record<string, string>][] = [
      [
        { ...body, car: { ...body.car, plateNumber: 'ABC12' } },
        { 'car.plateNumber': orderMessages.plateFormat },
      ],
      // An empty plate is missing, not malformed; nothing but stripped characters is empty too.
      [
        { ...body, car: { ...body.car, plateNumber: '' } },
        { 'car.plateNumber': orderFormMessages.plateRequired },
      ],
      [
        { ...body, car: { ...body.car, plateNumber: ' -' } },
        { 'car.plateNumber': orderFormMessages.plateRequired },
      ],
      [{ ...body, comment: 'я'.repeat(301) }, { comment: orderMessages.commentMax }],
      [
        { ...body, basket: { ...body.basket, totalAmount: 1025 } },
        { 'basket.totalAmount': orderMessages.amountStep },
      ],
      [
        { ...body, basket: { ...body.basket, totalAmount: -50 } },
        { 'basket.totalAmount': orderMessages.amountMin },
      ],
      [{ ...body, bookingEnd: body.bookingStart }, { bookingEnd: orderMessages.rangeOrder }],
      [{ ...body, bookingStart: 'завтра' }, { bookingStart: orderMessages.startInvalid }],
      [{ ...body, car: { ...body.car, brand: ' ' } }, { 'car.brand': orderMessages.brandRequiredNew }],
      [
        { ...body, basket: { ...body.basket, tariffId: '' } },
        { 'basket.tariffId': orderMessages.tariffRequired },
      ],
      [{ ...body, paymentMethod: undefined }, { paymentMethod: orderMessages.paymentRequired }],
      [{ ...body, paymentMethod: 'paid' }, { paymentMethod: orderMessages.paymentRequired }],
      [{ ...body, bookingEnd: plus(body.bookingStart, 25 * 60) }, { bookingEnd: orderMessages.endInvalid }],
      [
        { ...body, basket: { ...body.basket, tariffId: '00000000-0000-4000-8000-000000000000' } },
        { 'basket.tariffId': orderMessages.tariffInactive },
      ],
      [
        { ...body, basket: { ...body.basket, additionalServiceAmounts: { no_such_service: 100 } } },
        { 'basket.additionalServiceAmounts': 'Услуга недоступна для этого тарифа' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields).toMatchObject(fields);
    }
    expect(await liveAt(body.bookingStart)).toHaveLength(0);
  });

  it('refuses an inactive tariff, another station’s tariff and a station without a slot duration', async () => {
    const body = orderBody(express.id, expressTotal, { start: plus(freeStart, 360) });
    await t.db.update(tariffs).set({ active: false }).where(eq(tariffs.id, express.id));
    try {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ 'basket.tariffId': orderMessages.tariffInactive });
    } finally {
      await t.db.update(tariffs).set({ active: true }).where(eq(tariffs.id, express.id));
    }
    const sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    const foreign = await create(body, admin.headers, sadovaya);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ 'basket.tariffId': orderMessages.tariffInactive });

    await t.db.update(stations).set({ slotDuration: 0 }).where(eq(stations.id, lenina));
    try {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(orderMessages.slotDurationMissing);
    } finally {
      await t.db.update(stations).set({ slotDuration: 30 }).where(eq(stations.id, lenina));
    }
  });

  it('lets owner and principal create, forbids a worker, hides other networks', async () => {
    let minute = 420;
    for (const login of ['owner', 'principal', 'admin'] as const) {
      const who = await t.loginAs(login);
      const res = await create(
        orderBody(express.id, expressTotal, { start: plus(freeStart, (minute += 30)) }),
        who.headers,
      );
      expect(res.statusCode, login).toBe(200);
    }
    const worker = await t.loginAs('worker');
    const start = plus(freeStart, 600);
    const denied = await create(orderBody(express.id, expressTotal, { start }), worker.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
    const rival = await t.loginAs('rival');
    for (const stationId of [lenina, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const hidden = await create(orderBody(express.id, expressTotal, { start }), rival.headers, stationId);
      expect(hidden.statusCode).toBe(404);
    }
    expect(await liveAt(start)).toHaveLength(0);
  });

  it('refuses a client of another network as 404', async () => {
    const bridge = await stationIdByCarwash(t, carwashIds.bridge);
    const [station] = await t.db.select().from(stations).where(eq(stations.id, bridge));
    const [driver] = await t.db
      .insert(drivers)
      .values({ networkId: station!.networkId, name: 'Чужой', phone: '+79990000000' })
      .returning();
    const body = orderBody(express.id, expressTotal, { start: plus(freeStart, 660), driver_id: driver!.id });
    const res = await create(body);
    expect(res.statusCode).toBe(404);
  });

  it('requires a session and a matching X-User-Id', async () => {
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      payload: orderBody(express.id, expressTotal) as object,
    });
  });
});

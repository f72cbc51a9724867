import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  calendarResponseSchema,
  cancelledStatuses,
  dateMessages,
  fromCalendarRow,
  orderSources,
  orderStatuses,
  type CalendarOrder,
  type Order,
  type OrderEvent,
} from '@crm/shared';
import { eq } from 'drizzle-orm';
import { orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { mondaySlot } from '../slots/slots.test-support';
import { calendarRows } from './calendar.repository';
import type * as CalendarRepository from './calendar.repository';
import { dateRangeOrder } from './orders.service';
import {
  call,
  carwashIds,
  clearAroundNow,
  expectedPrice,
  freeStart,
  insertRawOrder,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

// The orders query, counted: a 304 must come from the version alone.
vi.mock('./calendar.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof CalendarRepository>();
  return { ...actual, calendarRows: vi.fn(actual.calendarRows) };
});

/** What the calendar draws of an `Order`, to compare the two lists field by field. */
const drawn = (o: Order): CalendarOrder => ({
  id: o.id,
  number: o.number,
  status: o.status,
  source: o.source,
  order_type: o.order_type,
  booking_start: o.booking_start,
  booking_end: o.booking_end,
  box_number: o.box_number,
  sum: o.sum,
  brand: o.client_car.brand,
  model: o.client_car.model,
  plate_number: o.client_car.plate_number,
});

/** Long, real names: the budget must hold for a busy premium week, not for «Kia Rio». */
const cars = [
  ['Mercedes-Benz', 'GLE Coupe'],
  ['Land Rover', 'Range Rover Sport'],
  ['Volkswagen', 'Tiguan Allspace'],
  ['Hyundai', 'Solaris'],
  ['Toyota', 'Land Cruiser Prado'],
  ['BMW', 'X5 M Competition'],
  ['Kia', 'Sportage'],
  ['Lada', 'Vesta SW Cross'],
] as const;
const plateLetters = 'АВЕКМНОРСТУХ';
const plateOf = (i: number) => {
  const letter = (k: number) => plateLetters[(i * 7 + k * 5) % plateLetters.length];
  return `${letter(0)}${String(100 + ((i * 37) % 900))}${letter(1)}${letter(2)}${[77, 97, 177, 777, 799][i % 5]}`;
};

describe('GET /api/order/calendar', () => {
  let t: TestApp;
  let lenina: string;
  let express: Awaited<ReturnType<typeof tariffByCode>>;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  let rival: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    express = await tariffByCode(t, lenina, 'express');
    total = (await expectedPrice(t, lenina, express.id, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
  });
  afterAll(() => t.close());

  const week = { date_start: '2031-03-10', date_end: '2031-03-17' };
  const calendarUrl = (query: Record<string, string> = {}, stationId = lenina) =>
    `/api/order/calendar?${new URLSearchParams({ station_id: stationId, ...week, ...query })}`;
  const calendar = (headers: Record<string, string> = admin.headers, url = calendarUrl()) =>
    t.app.inject({ method: 'GET', url, headers });
  const etagNow = async () => {
    const res = await calendar();
    expect(res.statusCode).toBe(200);
    return res.headers.etag as string;
  };
  const create = async (start: string, minutes = 30) =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: orderBody(express.id, total, { start, minutes }),
      })
    ).order;

  it('lists the same orders as POST /api/order/list, as tuples, blockers and cancelled included', async () => {
    const own = await create(freeStart);
    const cancelled = await create(plus(freeStart, 60));
    await call(t, { method: 'POST', url: `/api/order_canceled/${cancelled.id}`, headers: admin.headers });
    await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 2,
      source: 'Yandex',
      bookingStart: new Date(plus(freeStart, 120)),
      bookingEnd: new Date(plus(freeStart, 165)),
    });
    await call(t, {
      method: 'POST',
      url: `/api/slots/block/${lenina}/${mondaySlot('15:00')}`,
      headers: admin.headers,
      payload: { to_unblock: false },
    });

    const res = await calendar();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    const body = calendarResponseSchema.parse(res.json());
    const rows = body.rows.map(fromCalendarRow);

    const listed = await call<{ orders: Order[] }>(t, {
      method: 'POST',
      url: '/api/order/list',
      headers: admin.headers,
      payload: { station_id: lenina, ...week },
    });
    expect(rows).toEqual(listed.orders.map(drawn));
    expect(rows.map((r) => r.id)).toContain(own.id);
    expect(cancelledStatuses).toContain(rows.find((r) => r.id === cancelled.id)?.status);
    const blockers = rows.filter((r) => r.order_type === 'BlockerBookingSlot');
    expect(blockers.map((r) => r.box_number).sort()).toEqual([1, 2, 3, 4]);
    expect(rows.find((r) => r.source === 'Yandex')).toMatchObject({
      brand: 'Toyota',
      plate_number: 'В456ОР199',
    });
    expect(body.version).toBeGreaterThan(0);
  });

  it('answers 304 with no body to the same ETag, without reading the orders', async () => {
    const first = await calendar();
    const etag = first.headers.etag as string;
    const readsBefore = vi.mocked(calendarRows).mock.calls.length;
    const again = await calendar({ ...admin.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // In a list, and as the strong form of the same tag (weak comparison).
    const listed = await calendar({ ...admin.headers, 'if-none-match': `W/"other", ${etag.slice(2)}` });
    expect(listed.statusCode).toBe(304);
    expect(vi.mocked(calendarRows).mock.calls.length).toBe(readsBefore);
    const headerBytes = Object.entries(again.headers).reduce(
      (n, [name, value]) => n + Buffer.byteLength(`${name}: ${String(value)}\r\n`),
      0,
    );
    console.info(
      `calendar 304: no body, ${headerBytes} bytes of headers (before compression-free transport)`,
    );

    // Another range or another station is another tag.
    const otherRange = await calendar(
      { ...admin.headers, 'if-none-match': etag },
      calendarUrl({ date_end: '2031-03-18' }),
    );
    expect(otherRange.statusCode).toBe(200);
    expect(otherRange.headers.etag).not.toBe(etag);
    expect(vi.mocked(calendarRows).mock.calls.length).toBe(readsBefore + 1);
  });

  it('changes the ETag on every kind of order write of the station, and the event carries the new version', async () => {
    const events: OrderEvent[] = [];
    const stop = await t.app.orderEvents.subscribe(lenina, (e) => events.push(e));
    const seen = new Set([await etagNow()]);
    const expectNewEtag = async (write: string) => {
      const etag = await etagNow();
      expect(seen.has(etag), `${write} kept the ETag`).toBe(false);
      seen.add(etag);
      await expect.poll(() => events.length, { message: `${write} sent no event` }).toBeGreaterThan(0);
      const event = events.splice(0).at(-1)!;
      const body = calendarResponseSchema.parse((await calendar()).json());
      expect(event.version, `${write}: the event's version is the list's`).toBe(body.version);
      return event;
    };

    const start = plus(freeStart, 240);
    const order = await create(start);
    expect(await expectNewEtag('create')).toMatchObject({ type: 'order.created', order_id: order.id });

    await call(t, {
      method: 'POST',
      url: `/api/own_order/update/${order.id}`,
      headers: admin.headers,
      payload: orderBody(express.id, total, { start, comment: 'Другой комментарий' }),
    });
    expect(await expectNewEtag('edit')).toMatchObject({ order_id: order.id });

    await call(t, {
      method: 'POST',
      url: `/api/own_order/move/${order.id}`,
      headers: admin.headers,
      payload: { booking_start: plus(start, 30), booking_end: plus(start, 60), box_number: 3 },
    });
    expect(await expectNewEtag('move')).toMatchObject({ order_id: order.id });

    await call(t, {
      method: 'POST',
      url: `/api/order/payment/${order.id}`,
      headers: admin.headers,
      payload: { payment_method: 'paid_cash', sum_completed: total },
    });
    expect(await expectNewEtag('payment')).toMatchObject({ order_id: order.id });

    // The early start moves the booking to now in box 3 (issue 38): the demo's orders now must not be there.
    await clearAroundNow(t, lenina);
    await call(t, {
      method: 'POST',
      url: `/api/order_processing/${order.id}?skip_validation=true`,
      headers: worker.headers,
    });
    expect(await expectNewEtag('step')).toMatchObject({ order_id: order.id, status: 'Processing' });

    const other = await create(plus(freeStart, 360));
    await expectNewEtag('create');
    await call(t, { method: 'POST', url: `/api/order_canceled/${other.id}`, headers: admin.headers });
    const cancel = await expectNewEtag('cancel');
    expect(cancel.order_id).toBe(other.id);
    expect(cancelledStatuses).toContain(cancel.status);

    const slot = (toUnblock: boolean) =>
      call(t, {
        method: 'POST',
        url: `/api/slots/block/${lenina}/${mondaySlot('18:00')}`,
        headers: admin.headers,
        payload: { to_unblock: toUnblock },
      });
    await slot(false);
    const blocked = await expectNewEtag('slot block');
    expect(blocked.order_ids).toHaveLength(4);
    // Unblocking deletes the blockers: no audit rows are left to write, only the NOTIFY — still a new tag.
    await slot(true);
    const unblocked = await expectNewEtag('slot unblock');
    expect(new Set(unblocked.order_ids)).toEqual(new Set(blocked.order_ids));
    stop();
  });

  it('changes the ETag when the settings remove a box and its future blockers', async () => {
    // «Мойка на Садовой» has future orders on its two boxes: a third box comes and goes with its blocker.
    const sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    const owner = await t.loginAs('owner');
    const url = calendarUrl({}, sadovaya);
    const boxCount = (boxes: number) =>
      call(t, {
        method: 'POST',
        url: `/api/station/update/${sadovaya}`,
        headers: owner.headers,
        payload: { boxes },
      });
    const onBox3 = (res: { json(): unknown }) =>
      calendarResponseSchema.parse(res.json()).rows.filter((row) => row[7] === 3);
    await boxCount(3);
    await call(t, {
      method: 'POST',
      url: `/api/slots/block/${sadovaya}/${mondaySlot('10:00')}`,
      headers: owner.headers,
      payload: { to_unblock: false },
    });
    const before = await calendar(owner.headers, url);
    expect(onBox3(before)).toHaveLength(1);
    await boxCount(2);
    const after = await calendar({ ...owner.headers, 'if-none-match': before.headers.etag as string }, url);
    expect(after.statusCode).toBe(200);
    expect(onBox3(after)).toHaveLength(0);
  });

  it('refuses bad dates with Russian messages', async () => {
    const bad = async (query: Record<string, string>) => {
      const res = await calendar(admin.headers, calendarUrl(query));
      expect(res.statusCode).toBe(400);
      return res.json().error as { code: string; fields: Record<string, string> };
    };
    expect((await bad({ date_start: '10.03.2031' })).fields.date_start).toBe(dateMessages.format);
    expect((await bad({ date_start: '2031-02-30' })).fields.date_start).toBe(dateMessages.invalid);
    expect((await bad({ date_end: '2031-03-10' })).fields.date_end).toBe(dateRangeOrder);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/order/calendar?station_id=${lenina}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(400);
  });

  it("is 404 for another network's station and a malformed id, 200 for a worker, 401 without a session", async () => {
    expect((await calendar(rival.headers)).statusCode).toBe(404);
    expect((await calendar(admin.headers, calendarUrl({}, 'not-a-uuid'))).statusCode).toBe(404);
    const byWorker = await calendar(worker.headers);
    expect(byWorker.statusCode).toBe(200);
    expect(calendarResponseSchema.parse(byWorker.json()).rows.length).toBeGreaterThan(0);
    await expectSignInRequired(t, { method: 'GET', url: calendarUrl() });
  });

  it('fits a busy week of 300 orders in 40 KB of JSON (budget of issue 15)', async () => {
    // A week of its own, 2031-04-07..13 at «Мойка на Ленина»: 4 boxes × 7 days × 11 orders, less 8, every
    // status and source, 35-minute washes every 40 minutes from 08:00 Moscow.
    const weekStart = Date.parse('2031-04-07T05:00:00Z');
    const [station] = await t.db.select().from(stations).where(eq(stations.id, lenina));
    const values: (typeof orders.$inferInsert)[] = [];
    for (let i = 0; values.length < 300; i++) {
      const day = Math.floor(i / 44);
      const box = (i % 4) + 1;
      const slot = Math.floor((i % 44) / 4);
      const start = new Date(weekStart + day * 86_400_000 + slot * 40 * 60_000);
      const [brand, model] = cars[i % cars.length]!;
      values.push({
        stationId: lenina,
        networkId: station!.networkId,
        boxNumber: box,
        status: orderStatuses[i % orderStatuses.length]!,
        source: orderSources[i % orderSources.length]!,
        orderType: 'Booking',
        bookingStart: start,
        bookingEnd: new Date(start.getTime() + 35 * 60_000),
        clientCar: {
          brand,
          model,
          plate_number: plateOf(i),
          body_type: 'Кроссовер',
          body_color: 'Чёрный',
          car_class: 'Crossover',
          category: 'Crossover',
        },
        basket: {
          tariff_id: express.id,
          slot_id: null,
          price_element_id: null,
          total_duration_minutes: 35,
          total_amount: 2450 + (i % 7) * 350,
          include_service_amount: 2450,
          additional_service_amounts: {},
          compensation_amount: 0,
          user_need_to_pay_amount: 0,
        },
        sum: 2450 + (i % 7) * 350,
        phones: [{ redirection_phone: '+79161234567' }],
        comment: 'Клиент просит протереть пороги и коврики',
      });
    }
    await t.db.insert(orders).values(values);
    const range = { date_start: '2031-04-07', date_end: '2031-04-14' };

    const res = await calendar(admin.headers, calendarUrl(range));
    expect(res.statusCode).toBe(200);
    expect(calendarResponseSchema.parse(res.json()).rows).toHaveLength(300);
    const lean = Buffer.byteLength(res.body);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/order/list',
      headers: admin.headers,
      payload: { station_id: lenina, ...range },
    });
    const full = Buffer.byteLength(old.body);
    console.info(
      `300 orders of a week: GET /api/order/calendar ${lean} bytes (${(lean / 1024).toFixed(1)} KB), ` +
        `POST /api/order/list ${full} bytes (${(full / 1024).toFixed(1)} KB), ${(full / lean).toFixed(1)}× smaller`,
    );
    expect(lean, `calendar week of 300 orders: ${lean} bytes`).toBeLessThanOrEqual(40 * 1024);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orderEvents, orders, partnerRequests, partners, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notificationEventOf } from '../notifications/outbox-fanout';
import { carwashIds, freeDay, insertRawOrder, stationIdByCarwash } from '../orders/orders.test-support';
import { bookingBody, demoPartners, providerTariff, signedRequest } from './partners.test-support';

// The partner API (issue 36) through app.inject(): signatures, idempotency, the booking engine, tenancy.

let t: TestApp;
let lenina: string;
let tariffId: string;
const yandex = demoPartners.yandex;
const benzuber = demoPartners.benzuber;
/** 10:00 Moscow on the empty demo day. */
const at = (hourUtc: number, minute = 0) =>
  `${freeDay}T${String(hourUtc).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  lenina = await stationIdByCarwash(t, carwashIds.lenina);
  tariffId = (await providerTariff(t, lenina)).id;
});
afterAll(() => t?.close());

const book = (partner: { id: string; secret: string }, body: unknown, options = {}) =>
  t.app.inject(signedRequest(partner, { method: 'POST', url: '/api/partner/v1/bookings', body }, options));

async function ordersOf(partnerOrderId: string) {
  return t.db.select().from(orders).where(eq(orders.extendedId, partnerOrderId));
}

describe('signatures (Standard Webhooks)', () => {
  const url = `/api/partner/v1/stations/100101/availability?date=${freeDay}&tariff_id=`;

  it('a valid signature passes; none, a wrong one, a stale one and a replay are 401 and change nothing', async () => {
    const ok = await t.app.inject(
      signedRequest(yandex, { method: 'GET', url: `${url}${tariffId}&car_category=Compact` }),
    );
    expect(ok.statusCode).toBe(200);

    const body = bookingBody('sig-1', tariffId, at(6));
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/partner/v1/bookings', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('SIGNATURE_INVALID');

    const wrong = await book(yandex, body, { secret: benzuber.secret });
    expect(wrong.statusCode).toBe(401);

    const stale = await book(yandex, body, { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.statusCode).toBe(401);

    const future = await book(yandex, body, { at: new Date(Date.now() + 6 * 60_000) });
    expect(future.statusCode).toBe(401);

    // Signed for one body, sent with another.
    const signed = signedRequest(yandex, { method: 'POST', url: '/api/partner/v1/bookings', body });
    const tampered = await t.app.inject({ ...signed, payload: JSON.stringify({ ...body, paid: true }) });
    expect(tampered.statusCode).toBe(401);

    // Another partner's id with this partner's signature.
    const otherId = signedRequest(yandex, { method: 'POST', url: '/api/partner/v1/bookings', body });
    const swapped = await t.app.inject({
      ...otherId,
      headers: { ...(otherId.headers as Record<string, string>), 'x-partner-id': benzuber.id },
    });
    expect(swapped.statusCode).toBe(401);
    expect(await ordersOf('sig-1')).toHaveLength(0);

    const first = await book(yandex, body, { webhookId: 'msg_replay_1' });
    expect(first.statusCode).toBe(201);
    const replayed = await book(yandex, body, { webhookId: 'msg_replay_1' });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('WEBHOOK_REPLAYED');
    expect(await ordersOf('sig-1')).toHaveLength(1);
  });

  it('a GET signs its path: the signature of one query does not open another', async () => {
    const signed = signedRequest(yandex, { method: 'GET', url: `${url}${tariffId}&car_category=Compact` });
    const moved = await t.app.inject({ ...signed, url: `${url}${tariffId}&car_category=MiddleSize` });
    expect(moved.statusCode).toBe(401);
  });

  it('after a rotation the old secret works for 24 hours, then no longer', async () => {
    const admin = await t.loginAs('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/partners/${benzuber.id}/rotate-secret`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const { secret, previous_secret_valid_until } = res.json() as {
      secret: string;
      previous_secret_valid_until: string;
    };
    expect(secret).toMatch(/^whsec_/);
    expect(Date.parse(previous_secret_valid_until) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const read = (s: string) =>
      t.app.inject(
        signedRequest(
          { id: benzuber.id, secret: s },
          { method: 'GET', url: `/api/partner/v1/bookings/unknown-order` },
        ),
      );
    expect((await read(secret)).statusCode).toBe(404);
    expect((await read(benzuber.secret)).statusCode).toBe(404);
    await t.db
      .update(partners)
      .set({ previousSecretValidUntil: new Date(Date.now() - 1000) })
      .where(eq(partners.id, benzuber.id));
    expect((await read(benzuber.secret)).statusCode).toBe(401);
    expect((await read(secret)).statusCode).toBe(404);
    // Put the development secret back for the other tests.
    await t.db.update(partners).set({ secret: benzuber.secret }).where(eq(partners.id, benzuber.id));
  });
});

describe('availability', () => {
  it('answers the free starts of the provider tariff with its price and minutes, from the same slots', async () => {
    const url = `/api/partner/v1/stations/100101/availability?date=${freeDay}&tariff_id=${tariffId}&car_category=Compact`;
    const before = (await t.app.inject(signedRequest(yandex, { method: 'GET', url }))).json();
    expect(before.time_zone).toBe('Europe/Moscow');
    expect(before.price).toBeGreaterThan(0);
    expect(before.duration_minutes).toBeGreaterThan(0);
    // 08:00–22:00 Moscow = 05:00–19:00 UTC, the wash ending by closing.
    expect(before.start_times[0]).toBe(at(5));
    const last = Date.parse(before.start_times.at(-1));
    expect(last + before.duration_minutes * 60_000).toBeLessThanOrEqual(Date.parse(at(19)));

    // Every box blocked at 12:00 Moscow: that start is gone.
    for (const box of [1, 2, 3, 4]) {
      await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: box,
        orderType: 'BlockerBookingSlot',
        source: 'Own',
        bookingStart: new Date(at(9)),
        bookingEnd: new Date(at(9, 30)),
      });
    }
    const after = (await t.app.inject(signedRequest(yandex, { method: 'GET', url }))).json();
    expect(after.start_times).not.toContain(at(9));
    expect(before.start_times).toContain(at(9));
  });

  it('bad input is 400 with field messages; another station, tariff or partner is 404/400', async () => {
    const bad = await t.app.inject(
      signedRequest(yandex, {
        method: 'GET',
        url: `/api/partner/v1/stations/100101/availability?date=2031-02-30&tariff_id=${tariffId}&car_category=Compact`,
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.date).toBeTruthy();
    const own = await t.app.inject(
      signedRequest(yandex, {
        method: 'GET',
        url: `/api/partner/v1/stations/100101/availability?date=${freeDay}&tariff_id=00000000-0000-4000-8000-000000000000&car_category=Compact`,
      }),
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields.tariff_id).toBe('Тариф не найден или недоступен партнёру');
    // Benzuber is connected to «Мойка на Ленина» only.
    const unconnected = await t.app.inject(
      signedRequest(benzuber, {
        method: 'GET',
        url: `/api/partner/v1/stations/100102/availability?date=${freeDay}&tariff_id=${tariffId}&car_category=Compact`,
      }),
    );
    expect(unconnected.statusCode).toBe(404);
    expect(unconnected.json().error.code).toBe('NOT_FOUND');
  });
});

describe('bookings', () => {
  it('books through the engine: Accepted and in «Новые заказы» without auto-accept, priced by the provider tariff', async () => {
    const res = await book(yandex, bookingBody('ya-new-1', tariffId, at(7), { paid: true }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      partner_order_id: 'ya-new-1',
      partner_station_id: '100101',
      status: 'Accepted',
      paid: true,
    });
    const [order] = await ordersOf('ya-new-1');
    expect(order).toMatchObject({
      source: 'Yandex',
      status: 'Accepted',
      paymentMethod: 'paid',
      sum: body.price,
    });
    // The provider tariff's minutes and price for the category (what availability quotes) set the end and sum;
    // the partner's id is the order's extended_id, the redirection number and extension its phones.
    const quote = (
      await t.app.inject(
        signedRequest(yandex, {
          method: 'GET',
          url: `/api/partner/v1/stations/100101/availability?date=${freeDay}&tariff_id=${tariffId}&car_category=Compact`,
        }),
      )
    ).json();
    expect((order!.bookingEnd.getTime() - order!.bookingStart.getTime()) / 60_000).toBe(
      quote.duration_minutes,
    );
    expect(order!.sum).toBe(quote.price);
    expect(order!.extendedId).toBe('ya-new-1');
    expect(order!.phones).toEqual([{ redirection_phone: '+74950000000', ext: '123' }]);

    const owner = await t.loginAs('owner');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/order/list/new/${lenina}`,
      headers: owner.headers,
    });
    expect(list.json().orders_list.map((o: { order: { id: string } }) => o.order.id)).toContain(order!.id);

    const read = await t.app.inject(
      signedRequest(yandex, { method: 'GET', url: '/api/partner/v1/bookings/ya-new-1' }),
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().order_number).toBe(order!.number);
    // Benzuber does not see Yandex's booking.
    const foreign = await t.app.inject(
      signedRequest(benzuber, { method: 'GET', url: '/api/partner/v1/bookings/ya-new-1' }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("the station's open screens hear of a new partner order within a second (the stream event)", async () => {
    const seen: { type: string; order_id: string; status: string }[] = [];
    const stop = await t.app.orderEvents.subscribe(lenina, (event) =>
      seen.push(event as (typeof seen)[number]),
    );
    try {
      const started = Date.now();
      expect((await book(yandex, bookingBody('ya-sse-1', tariffId, at(7, 30)))).statusCode).toBe(201);
      const [order] = await ordersOf('ya-sse-1');
      await expect
        .poll(() => seen.find((e) => e.order_id === order!.id), { timeout: 1000, interval: 10 })
        .toMatchObject({ type: 'order.created', status: 'Accepted' });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      stop();
    }
  });

  it('an auto-accepting station books it at once', async () => {
    await t.db.update(stations).set({ autoacceptBooking: true }).where(eq(stations.id, lenina));
    try {
      const res = await book(benzuber, bookingBody('bz-auto-1', tariffId, at(8)));
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('Booked');
      const [order] = await ordersOf('bz-auto-1');
      expect(order!.source).toBe('Benzuber');
    } finally {
      await t.db.update(stations).set({ autoacceptBooking: false }).where(eq(stations.id, lenina));
    }
  });

  it('50 concurrent duplicates make one order and get the same answer; another body under the id is 422', async () => {
    const body = bookingBody('ya-dup-1', tariffId, at(10));
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(yandex, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await ordersOf('ya-dup-1')).toHaveLength(1);

    const other = await book(yandex, { ...body, paid: true });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await ordersOf('ya-dup-1')).toHaveLength(1);
  });

  it('a taken time is 409 SLOT_TAKEN and no order', async () => {
    for (const box of [1, 2, 3, 4]) {
      await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: box,
        bookingStart: new Date(at(12)),
        bookingEnd: new Date(at(13)),
      });
    }
    const res = await book(yandex, bookingBody('ya-taken-1', tariffId, at(12)));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SLOT_TAKEN');
    expect(await ordersOf('ya-taken-1')).toHaveLength(0);
  });

  it('bad bodies are 400 with fields; an unconnected or switched-off station is 404', async () => {
    const bad = await book(yandex, {
      ...bookingBody('ya-bad-1', tariffId, at(14)),
      car: { brand: '', model: 'Rio', plate_number: '', category: 'Tank' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['car.brand', 'car.category']),
    );
    const notJson = await t.app.inject(
      signedRequest(yandex, {
        method: 'POST',
        url: '/api/partner/v1/bookings',
        rawBody: '{"partner_order_id":',
      }),
    );
    expect(notJson.statusCode).toBe(400);
    // A start already past (the availability never offers one): 400 on the field, no order.
    const past = await book(
      yandex,
      bookingBody('ya-past-1', tariffId, new Date(Date.now() - 3600_000).toISOString()),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.booking_start).toBe('Это время уже прошло: выберите начало в будущем');
    expect(await ordersOf('ya-past-1')).toHaveLength(0);
    const unconnected = await book(
      benzuber,
      bookingBody('bz-x-1', tariffId, at(14), { partner_station_id: '100102' }),
    );
    expect(unconnected.statusCode).toBe(404);
    const owner = await t.loginAs('owner');
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
      payload: { partner_id: benzuber.id, partner_station_id: '100101', enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await book(benzuber, bookingBody('bz-off-1', tariffId, at(14)))).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
      payload: { partner_id: benzuber.id, partner_station_id: '100101', enabled: true },
    });
    expect(await ordersOf('bz-off-1')).toHaveLength(0);
  });

  it('the partner cancels: UserCanceled, «Отмены клиентом», the box free again; repeating is harmless', async () => {
    expect((await book(yandex, bookingBody('ya-cancel-1', tariffId, at(15)))).statusCode).toBe(201);
    const cancel = () =>
      t.app.inject(
        signedRequest(yandex, {
          method: 'POST',
          url: '/api/partner/v1/bookings/ya-cancel-1/cancel',
          body: { reason: 'Передумал' },
        }),
      );
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('UserCanceled');
    expect((await cancel()).statusCode).toBe(200);
    const [order] = await ordersOf('ya-cancel-1');
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.toStatus, 'UserCanceled')));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorKind).toBe('partner');
    expect(notificationEventOf(events[0]!)).toBe('client_cancel');
  });

  it('reschedules a booking not yet started; a taken time is 409; a started one is locked', async () => {
    expect((await book(yandex, bookingBody('ya-move-1', tariffId, at(16)))).statusCode).toBe(201);
    const move = (start: string) =>
      t.app.inject(
        signedRequest(yandex, {
          method: 'POST',
          url: '/api/partner/v1/bookings/ya-move-1/reschedule',
          body: { booking_start: start },
        }),
      );
    const res = await move(at(17));
    expect(res.statusCode).toBe(200);
    expect(res.json().booking_start).toBe(at(17));
    expect((await move(at(12))).json().error.code).toBe('SLOT_TAKEN');
    const intoPast = await move(new Date(Date.now() - 3600_000).toISOString());
    expect(intoPast.statusCode).toBe(400);
    expect(intoPast.json().error.fields.booking_start).toBeTruthy();
    expect((await ordersOf('ya-move-1'))[0]!.bookingStart.toISOString()).toBe(at(17));
    await t.db.update(orders).set({ status: 'Processing' }).where(eq(orders.extendedId, 'ya-move-1'));
    const lockedMove = await move(at(17, 30));
    expect(lockedMove.statusCode).toBe(409);
    expect(lockedMove.json().error.code).toBe('BOOKING_LOCKED');
  });

  it('every signed request is in the exchange log, without personal data', async () => {
    const rows = await t.db.select().from(partnerRequests).where(eq(partnerRequests.partnerId, yandex.id));
    expect(rows.some((r) => r.kind === 'booking.create' && r.statusCode === 201)).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('+74950000000');
    expect(text).not.toContain('А123ВС77');
    const n = await t.db.execute(
      sql`select count(*)::int as n from partner_requests where partner_order_id = 'ya-dup-1'`,
    );
    // The 50 duplicates and the 422.
    expect(Number((n as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(51);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affectedOrdersMessages,
  everyDay,
  ROUND_THE_CLOCK,
  settingsMessages,
  stationClock,
  weekDays,
  type AffectedOrder,
  type Station,
} from '@crm/shared';
import { orderEvents, orders, partnerCallbacks, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOutbox } from '../notifications/outbox';
import { carwashIds, freeDay, stationIdByCarwash } from '../orders/orders.test-support';
import { bookingBody, demoPartners, providerTariff, signedRequest } from '../partners/partners.test-support';
import { demoIds } from '../users/test-guards';

// Issue 38: a schedule or box-count change never strands live orders silently.

const hour = 60 * 60_000;
/** A far Saturday and Sunday the demo leaves empty; Moscow is UTC+3. */
const saturday = '2031-03-15';
const sunday = '2031-03-16';
const moscow = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`);
const saturdayOnly = {
  daysOfWork: ['Saturday'],
  worktime_by_day: { start_Saturday: '10:00', end_Saturday: '18:00' },
};

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
});
afterAll(() => t.close());

async function update(login: string, stationId: string, payload: Record<string, unknown>) {
  const user = await t.loginAs(login);
  return t.app.inject({
    method: 'POST',
    url: `/api/station/update/${stationId}`,
    headers: user.headers,
    payload,
  });
}

/** A Moscow station of its own, open 08:00–22:00 every day (or `hours`), with three boxes. */
async function freshStation(name: string, hours = { start: '08:00', end: '22:00' }): Promise<Station> {
  const owner = await t.loginAs('owner');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/station/create',
    headers: owner.headers,
    payload: {
      name,
      boxes: 3,
      address: 'Москва, Тверская улица, 7',
      location: { type: 'Point', coordinates: [37.6118, 55.7585] },
      worktime_by_day: everyDay(hours),
      time_zone: 'Europe/Moscow',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Station;
}

async function addOrder(
  station: Station,
  start: Date,
  end: Date,
  kind: { box?: number; status?: string; source?: string; orderType?: string } = {},
) {
  const [row] = await t.db
    .insert(orders)
    .values({
      stationId: station.id,
      networkId: station.network_id,
      boxNumber: kind.box ?? 1,
      status: kind.status ?? 'Booked',
      source: kind.source ?? 'Own',
      orderType: kind.orderType ?? 'Booking',
      bookingStart: start,
      bookingEnd: end,
      clientCar: {
        brand: 'Kia',
        model: 'Rio',
        plate_number: 'а123вс77',
        body_type: '',
        body_color: '',
        car_class: null,
        category: null,
      },
      basket: {
        tariff_id: null,
        slot_id: null,
        price_element_id: null,
        total_duration_minutes: 60,
        total_amount: 0,
        include_service_amount: 0,
        additional_service_amounts: {},
        compensation_amount: 0,
        user_need_to_pay_amount: 0,
      },
    })
    .returning({ id: orders.id });
  return row!.id;
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stationRow = async (id: string) => (await t.db.select().from(stations).where(eq(stations.id, id)))[0]!;

/** Saturday 08:00 and 18:00 and Sunday 11:00 fall outside «Saturday 10:00–18:00»; noon on Saturday stays. */
async function weekendOrders(station: Station) {
  return {
    early: await addOrder(station, moscow(saturday, '08:00'), moscow(saturday, '09:00')),
    late: await addOrder(station, moscow(saturday, '18:00'), moscow(saturday, '18:50'), { box: 2 }),
    inside: await addOrder(station, moscow(saturday, '12:00'), moscow(saturday, '13:00')),
    sunday: await addOrder(station, moscow(sunday, '11:00'), moscow(sunday, '12:00'), { source: 'Yandex' }),
    cancelled: await addOrder(station, moscow(saturday, '08:00'), moscow(saturday, '09:00'), {
      box: 3,
      status: 'StationCanceled',
    }),
    blocker: await addOrder(station, moscow(sunday, '09:00'), moscow(sunday, '10:00'), {
      orderType: 'BlockerBookingSlot',
    }),
  };
}

describe('a schedule change that leaves live orders outside the hours', () => {
  it('is refused with 409 ORDERS_OUTSIDE_HOURS listing them (date, time, car, source), saving nothing', async () => {
    const station = await freshStation('Мойка на Тверской');
    const o = await weekendOrders(station);
    const res = await update('owner', station.id, { ...saturdayOnly, name: 'Тверская, 7' });
    expect(res.statusCode).toBe(409);
    const error = res.json().error as {
      code: string;
      message: string;
      orders: AffectedOrder[];
      total: number;
    };
    expect(error.code).toBe('ORDERS_OUTSIDE_HOURS');
    expect(error.message).toBe(affectedOrdersMessages.conflict.replace('{orders}', '3 заказа'));
    expect(error.total).toBe(3);
    expect(error.orders.map((x) => x.id)).toEqual([o.early, o.late, o.sunday]);
    expect(error.orders[0]).toMatchObject({
      date: saturday,
      start: '08:00',
      end: '09:00',
      box_number: 1,
      status: 'Booked',
      source: 'Own',
      car: 'Kia Rio',
      plate_number: 'а123вс77',
      reason: 'hours',
    });
    expect(error.orders[2]).toMatchObject({ date: sunday, start: '11:00', source: 'Yandex' });
    // All or nothing: neither the hours nor the name sent with them are saved.
    const row = await stationRow(station.id);
    expect(row.name).toBe('Мойка на Тверской');
    expect(row.worktimeByDay).toEqual(everyDay({ start: '08:00', end: '22:00' }));
  });

  it('keeps them when asked, and does not ask about them again', async () => {
    const station = await freshStation('Мойка на Арбате');
    const o = await weekendOrders(station);
    const res = await update('owner', station.id, { ...saturdayOnly, affected_orders: 'keep' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().station.worktime_by_day).toEqual(saturdayOnly.worktime_by_day);
    for (const id of [o.early, o.late, o.sunday]) expect((await orderRow(id)).status).toBe('Booked');
    // The kept orders were outside already: a later change that leaves them there goes through.
    const later = await update('owner', station.id, {
      daysOfWork: ['Saturday'],
      worktime_by_day: { start_Saturday: '09:30', end_Saturday: '17:59' },
    });
    expect(later.statusCode, later.body).toBe(200);
    const unrelated = await update('owner', station.id, { name: 'Мойка на Арбате, 1' });
    expect(unrelated.statusCode).toBe(200);
  });

  it('cancels them in one go with a reason, the owner recorded as actor, partners told', async () => {
    const station = await freshStation('Мойка на Пресне');
    const o = await weekendOrders(station);
    const owner = await t.loginAs('owner');
    const res = await update('owner', station.id, {
      ...saturdayOnly,
      affected_orders: 'cancel',
      cancel_reason: 'NotWorking',
      cancel_comment: 'Сокращаем часы работы',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [o.early, o.late, o.sunday]) {
      const row = await orderRow(id);
      expect(row).toMatchObject({ status: 'StationCanceled', reason: 'NotWorking' });
      expect(row.systemComment).toContain('Причина отказа: Сокращаем часы работы');
    }
    expect((await orderRow(o.inside)).status).toBe('Booked');
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, [o.early, o.late, o.sunday]));
    expect(events).toHaveLength(3);
    for (const e of events) {
      expect(e).toMatchObject({
        action: 'status',
        fromStatus: 'Booked',
        toStatus: 'StationCanceled',
        actorKind: 'user',
        actorUserId: owner.userId,
      });
    }
    expect(events.find((e) => e.orderId === o.sunday)?.source).toBe('Yandex');
  });

  it('counts an order in progress as live: listed, kept with the station open, cancelled', async () => {
    // Round the clock: the order around now is inside the old hours whatever the time of day.
    const station = await freshStation('Мойка на Неглинной', ROUND_THE_CLOCK);
    const now = Date.now();
    const processing = await addOrder(station, new Date(now - hour), new Date(now + hour), {
      status: 'Processing',
    });
    // A working day that is neither today nor tomorrow on the station's clock: «now» is outside it.
    const today = weekDays.indexOf(stationClock('Europe/Moscow').day);
    const other = weekDays[(today + 3) % 7]!;
    const body = {
      daysOfWork: [other],
      worktime_by_day: { [`start_${other}`]: '10:00', [`end_${other}`]: '18:00' },
    };
    const refused = await update('owner', station.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.orders).toMatchObject([{ id: processing, status: 'Processing' }]);
    // Kept, the car in the box keeps the station open: the station says it has one under way.
    const kept = await update('owner', station.id, { ...body, affected_orders: 'keep' });
    expect(kept.json().station.in_progress).toBe(1);
    const owner = await t.loginAs('owner');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/station/${station.id}`,
      headers: owner.headers,
    });
    expect(read.json().station.in_progress).toBe(1);
    // Back to every day, then the same change cancelling it.
    await update('owner', station.id, { worktime_by_day: everyDay(ROUND_THE_CLOCK) });
    const cancelled = await update('owner', station.id, { ...body, affected_orders: 'cancel' });
    expect(cancelled.statusCode).toBe(200);
    // Without a reason the station's own: «Станция не работает».
    expect(await orderRow(processing)).toMatchObject({ status: 'StationCanceled', reason: 'NotWorking' });
    expect(cancelled.json().station.in_progress).toBe(0);
  });

  it('tells the partner of a cancelled partner order through the partner callbacks', async () => {
    const lenina = await stationIdByCarwash(t, carwashIds.lenina);
    const tariff = await providerTariff(t, lenina);
    const booked = await t.app.inject(
      signedRequest(demoPartners.yandex, {
        method: 'POST',
        url: '/api/partner/v1/bookings',
        body: bookingBody('ya-hours-1', tariff.id, `${freeDay}T06:00:00.000Z`),
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.extendedId, 'ya-hours-1'));
    // Accepted by the station first: a cancel then is «booking.cancelled» (a new one's would be a decline).
    const owner = await t.loginAs('owner');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/order_booked/${order!.id}`,
      headers: owner.headers,
    });
    expect(accepted.statusCode).toBe(200);
    // Monday (the booking's day, 09:00 in Moscow) becomes a day off.
    const stored = (await stationRow(lenina)).worktimeByDay;
    const days = weekDays.filter((d) => d !== 'Monday' && stored[`start_${d}`]);
    const worktime = Object.fromEntries(
      days.flatMap((d) => [
        [`start_${d}`, stored[`start_${d}`]!],
        [`end_${d}`, stored[`end_${d}`]!],
      ]),
    );
    const refused = await update('owner', lenina, { daysOfWork: days, worktime_by_day: worktime });
    expect(refused.statusCode).toBe(409);
    const listed = refused.json().error.orders as AffectedOrder[];
    expect(listed.find((x) => x.id === order!.id)).toMatchObject({ source: 'Yandex', start: '09:00' });

    const res = await update('principal', lenina, {
      daysOfWork: days,
      worktime_by_day: worktime,
      affected_orders: 'cancel',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order!.id)).status).toBe('StationCanceled');
    const outbox = createOutbox({ db: t.db, database: t.database, channels: [], pollMs: 60_000 });
    await outbox.runOnce();
    await outbox.stop();
    const callbacks = await t.db
      .select()
      .from(partnerCallbacks)
      .where(eq(partnerCallbacks.orderId, order!.id));
    expect(callbacks.map((c) => c.type)).toEqual(['booking.accepted', 'booking.cancelled']);
  });

  it('lists what another time zone moves outside the hours, on the new clock', async () => {
    const station = await freshStation('Мойка на Варварке');
    const early = await addOrder(station, moscow(saturday, '08:00'), moscow(saturday, '09:00'));
    // Kaliningrad is an hour behind: 08:00 in Moscow is 07:00 there, before the 08:00 opening.
    const res = await update('owner', station.id, { time_zone: 'Europe/Kaliningrad' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.orders).toMatchObject([{ id: early, start: '07:00', end: '08:00' }]);
    expect((await stationRow(station.id)).timeZone).toBe('Europe/Moscow');
    const kept = await update('owner', station.id, {
      time_zone: 'Europe/Kaliningrad',
      affected_orders: 'keep',
    });
    expect(kept.json().station.time_zone).toBe('Europe/Kaliningrad');
  });

  it('refuses a bad action or reason with a Russian field message', async () => {
    const station = await freshStation('Мойка на Покровке');
    await weekendOrders(station);
    const bogus = await update('owner', station.id, { ...saturdayOnly, affected_orders: 'bogus' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.fields).toEqual({ affected_orders: affectedOrdersMessages.actionInvalid });
    const reason = await update('owner', station.id, {
      ...saturdayOnly,
      affected_orders: 'cancel',
      cancel_reason: 'Надоело',
    });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error.fields).toHaveProperty('cancel_reason');
    expect((await stationRow(station.id)).worktimeByDay).toEqual(everyDay({ start: '08:00', end: '22:00' }));
  });

  it('answers 404 to another tenant and 403 to staff below principal, cancelling nothing', async () => {
    const station = await freshStation('Мойка на Мясницкой');
    const o = await weekendOrders(station);
    const cancel = { ...saturdayOnly, affected_orders: 'cancel' };
    expect((await update('rival', station.id, cancel)).statusCode).toBe(404);
    for (const login of ['administrator', 'worker']) {
      const res = await update(login, station.id, cancel);
      expect(res.statusCode).toBe(403);
    }
    expect((await orderRow(o.early)).status).toBe('Booked');
    // The 409's list is for the owner only: others never see it.
    expect((await update('rival', ids.lenina, saturdayOnly)).statusCode).toBe(404);
  });
});

describe('fewer boxes with live orders on the removed ones', () => {
  it('lists them, cannot keep them, and cancels them with the boxes removed', async () => {
    const station = await freshStation('Мойка на Лубянке');
    const onThird = await addOrder(station, moscow(saturday, '12:00'), moscow(saturday, '13:00'), { box: 3 });
    const onFirst = await addOrder(station, moscow(saturday, '12:00'), moscow(saturday, '13:00'), { box: 1 });
    const refused = await update('owner', station.id, { boxes: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'ORDERS_OUTSIDE_HOURS',
      total: 1,
      orders: [{ id: onThird, box_number: 3, reason: 'box' }],
    });
    const keep = await update('owner', station.id, { boxes: 2, affected_orders: 'keep' });
    expect(keep.statusCode).toBe(409);
    expect(keep.json().error).toEqual({
      code: 'BOX_IN_USE',
      message: settingsMessages.boxInUse.replace('{box}', '3'),
    });
    const cancel = await update('owner', station.id, { boxes: 2, affected_orders: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().station.boxes).toHaveLength(2);
    expect((await orderRow(onThird)).status).toBe('StationCanceled');
    expect((await orderRow(onFirst)).status).toBe('Booked');
    const trail = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, onThird), eq(orderEvents.toStatus, 'StationCanceled')));
    expect(trail).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dateMessages,
  fromCalendarRow,
  scheduleViewMessages,
  type CalendarResponse,
  type Order,
  type ScheduleViewResponse,
} from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { carwashIds, insertRawOrder, stationIdByCarwash } from './orders.test-support';

// A far-future week the demo leaves empty: Monday 10 March 2031 … Sunday 16 March (Moscow, UTC+3).
const monday = '2031-03-10';
const url = '/api/order/list/schedule';

describe("POST /api/order/list/schedule (S1 §7: the week strip's hours and counts)", () => {
  let t: TestApp;
  let lenina: string;
  let owner: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    owner = await t.loginAs('owner');
    const at = (iso: string, extra: Partial<Parameters<typeof insertRawOrder>[1]> = {}) =>
      insertRawOrder(t, {
        stationId: lenina,
        bookingStart: new Date(iso),
        bookingEnd: new Date(Date.parse(iso) + 30 * 60_000),
        ...extra,
      });
    // Monday: two live orders (one new), one cancelled, one blocked slot; 23:30 Moscow on Monday is still
    // Monday on the station's clock though it is 20:30 UTC.
    await at('2031-03-10T07:00:00.000Z');
    await at('2031-03-10T20:30:00.000Z', { status: 'Accepted', boxNumber: 2 });
    await at('2031-03-10T09:00:00.000Z', { status: 'StationCanceled' });
    await at('2031-03-10T11:00:00.000Z', { orderType: 'BlockerBookingSlot', source: 'Own' });
    // Tuesday 00:30 Moscow is Monday 21:30 UTC: it belongs to Tuesday.
    await at('2031-03-10T21:30:00.000Z', { boxNumber: 3 });
  });
  afterAll(() => t.close());

  const post = (payload: object, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it("answers each day of the range with its hours and its orders counted on the station's clock", async () => {
    const res = await post({ station_id: lenina, date_start: monday, date_end: '2031-03-17' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ScheduleViewResponse>();
    expect(body).toMatchObject({ station_id: lenina, time_zone: 'Europe/Moscow', date_start: monday });
    expect(body.days.map((d) => d.date)).toEqual([
      '2031-03-10',
      '2031-03-11',
      '2031-03-12',
      '2031-03-13',
      '2031-03-14',
      '2031-03-15',
      '2031-03-16',
    ]);
    expect(body.days[0]).toMatchObject({
      day_of_week: 'Monday',
      is_working: true,
      orders: 2,
      new_orders: 1,
      cancelled: 1,
      blocked: 1,
    });
    expect(body.days[0]!.start).toMatch(/^\d{2}:\d{2}$/);
    expect(body.days[1]).toMatchObject({ day_of_week: 'Tuesday', orders: 1, new_orders: 0, cancelled: 0 });
    expect(body.days.slice(2).every((d) => d.orders === 0)).toBe(true);
  });

  it("defaults to the seven days from the station's today", async () => {
    const body = (await post({ station_id: lenina })).json<ScheduleViewResponse>();
    expect(body.days).toHaveLength(7);
    expect(body.date_end > body.date_start).toBe(true);
  });

  it('refuses a bad range with a field message, never a 500', async () => {
    const backwards = await post({ station_id: lenina, date_start: monday, date_end: monday });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.date_end).toBe(scheduleViewMessages.rangeOrder);
    const tooLong = await post({ station_id: lenina, date_start: monday, date_end: '2031-06-10' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.date_end).toBe(scheduleViewMessages.rangeTooLong);
    const endAlone = await post({ station_id: lenina, date_end: monday });
    expect(endAlone.json().error.fields.date_start).toBe(dateMessages.required);
    const notADate = await post({ station_id: lenina, date_start: '2031-02-30', date_end: monday });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error.fields.date_start).toBe(dateMessages.invalid);
    const noStation = await post({ date_start: monday, date_end: '2031-03-17' });
    expect(noStation.statusCode).toBe(400);
  });

  it("is a 404 for another network's station, an unknown id and a user without stations", async () => {
    const rival = await t.loginAs('rival');
    const newcomer = await t.loginAs('newcomer');
    const body = { station_id: lenina, date_start: monday, date_end: '2031-03-17' };
    expect((await post(body, rival.headers)).statusCode).toBe(404);
    expect((await post(body, newcomer.headers)).statusCode).toBe(404);
    expect((await post({ ...body, station_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await post({ ...body, station_id: 'not-a-uuid' })).statusCode).toBe(404);
  });

  it("every position reads it (the week strip is in everyone's calendar), role admin any station; signed out: 401", async () => {
    const body = { station_id: lenina, date_start: monday, date_end: '2031-03-12' };
    for (const login of ['worker', 'administrator', 'admin'] as const) {
      const res = await post(body, (await t.loginAs(login)).headers);
      expect(res.statusCode, login).toBe(200);
      expect(res.json<ScheduleViewResponse>().days[0]!.orders, login).toBe(2);
    }
    await expectSignInRequired(t, { method: 'POST', url, payload: body });
  });

  it('reads an order from a source it does not know as Yandex (S1 §1), in the full list and the calendar', async () => {
    const start = '2031-03-12T08:00:00.000Z';
    const partner = await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: new Date(start),
      bookingEnd: new Date(Date.parse(start) + 30 * 60_000),
      source: 'Lukoil',
    });
    const range = { station_id: lenina, date_start: '2031-03-12', date_end: '2031-03-13' };
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/order/list',
      headers: owner.headers,
      payload: range,
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ orders: Order[] }>().orders.find((o) => o.id === partner.id);
    expect(listed?.source).toBe('Yandex');
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/order/calendar?${new URLSearchParams(range)}`,
      headers: owner.headers,
    });
    expect(calendar.statusCode).toBe(200);
    const row = calendar.json<CalendarResponse>().rows.find((r) => r[0] === partner.id);
    expect(row && fromCalendarRow(row).source).toBe('Yandex');
    // The schedule view counts it like any other live order.
    const day = (await post(range)).json<ScheduleViewResponse>().days[0]!;
    expect(day.orders).toBe(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyDay } from '@crm/shared';
import { orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  freeDay,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from './orders.test-support';

/**
 * DESIGN §6: own orders fall inside the station's work hours. «Мойка на Ленина» works 08:00–22:00
 * Moscow time every day; «Мойка на Садовой» 09:00–21:00 Novosibirsk time, Sundays off.
 */
describe('work hours of own orders', () => {
  let t: TestApp;
  let lenina: string;
  let sadovaya: string;
  let express: string;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    express = (await tariffByCode(t, lenina, 'express')).id;
    total = (await expectedPrice(t, lenina, express, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  // Monday 10 March 2031 on the Moscow clock.
  const moscow = (hhmm: string) => new Date(`${freeDay}T${hhmm}:00+03:00`).toISOString();
  const mondayHours = 'Станция работает в понедельник с 08:00 до 22:00: выберите время в эти часы';
  const create = (start: string, minutes = 30, stationId = lenina, tariffId = express, amount = total) =>
    t.app.inject({
      method: 'POST',
      url: `/api/create_order/${stationId}`,
      headers: admin.headers,
      payload: orderBody(tariffId, amount, { start, minutes }) as object,
    });
  const ordersAt = (start: string) =>
    t.db
      .select()
      .from(orders)
      .where(eq(orders.bookingStart, new Date(start)));
  const setHours = (worktime: Record<string, string>) =>
    t.db.update(stations).set({ worktimeByDay: worktime }).where(eq(stations.id, lenina));

  it('books an order that starts at opening or ends at closing', async () => {
    expect((await create(moscow('08:00'))).statusCode).toBe(200);
    expect((await create(moscow('21:30'))).statusCode).toBe(200);
  });

  it('refuses an order before opening or past closing with the day and the hours, and stores nothing', async () => {
    for (const [start, minutes] of [
      [moscow('07:30'), 30],
      [moscow('07:45'), 30],
      [moscow('21:45'), 30],
      [moscow('22:00'), 30],
    ] as const) {
      const res = await create(start, minutes);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: mondayHours,
        fields: { bookingStart: mondayHours },
      });
      expect(await ordersAt(start)).toHaveLength(0);
    }
  });

  it("refuses a day off on the station's own clock", async () => {
    const sadovayaExpress = (await tariffByCode(t, sadovaya, 'express')).id;
    const amount = (await expectedPrice(t, sadovaya, sadovayaExpress, 'Compact')).totalAmount;
    // 12:00 on Sunday 16 March in Novosibirsk (UTC+7).
    const sunday = await create('2031-03-16T05:00:00.000Z', 30, sadovaya, sadovayaExpress, amount);
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().error.fields).toEqual({
      bookingStart: 'Воскресенье — выходной день станции: выберите другой день',
    });
    // 02:00Z on Monday is 09:00 in Novosibirsk: open, though Moscow is still closed then.
    expect((await create('2031-03-17T02:00:00.000Z', 30, sadovaya, sadovayaExpress, amount)).statusCode).toBe(
      200,
    );
  });

  it('refuses an edit or a move out of the hours, but not an edit that keeps the time', async () => {
    const start = moscow('12:00');
    const { order } = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: orderBody(express, total, { start }) as object,
    });
    const update = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/own_order/update/${order.id}`,
        headers: admin.headers,
        payload: body,
      });
    const move = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/own_order/move/${order.id}`,
        headers: admin.headers,
        payload: body,
      });

    const late = await update(orderBody(express, total, { start: moscow('22:30') }));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual({ bookingStart: mondayHours });

    const dragged = await move({
      booking_start: moscow('21:45'),
      booking_end: moscow('22:15'),
      box_number: 2,
    });
    expect(dragged.statusCode).toBe(400);
    expect(dragged.json().error.fields).toEqual({ booking_start: mondayHours });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.bookingStart.toISOString()).toBe(start);

    // The owner shortens the hours afterwards: the order booked before may still be edited and moved to
    // another box at its time, just not to another time outside the new hours.
    await setHours(everyDay({ start: '14:00', end: '20:00' }));
    try {
      const kept = await update({ ...orderBody(express, total, { start }), comment: 'Перезвонить' });
      expect(kept.statusCode).toBe(200);
      expect(
        (await move({ booking_start: start, booking_end: plus(start, 30), box_number: 3 })).statusCode,
      ).toBe(200);
      const later = await move({
        booking_start: plus(start, 30),
        booking_end: plus(start, 60),
        box_number: 3,
      });
      expect(later.statusCode).toBe(400);
      expect(later.json().error.message).toBe(
        'Станция работает в понедельник с 14:00 до 20:00: выберите время в эти часы',
      );
    } finally {
      await setHours(everyDay({ start: '08:00', end: '22:00' }));
    }
  });

  it('does not restrict a station whose schedule is not set up yet', async () => {
    await setHours({});
    try {
      expect((await create(moscow('03:00'))).statusCode).toBe(200);
    } finally {
      await setHours(everyDay({ start: '08:00', end: '22:00' }));
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { onlineBookingMessages as m, publicBookingSchema, type PublicTariff } from '@crm/shared';
import { onlineBookings, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertRawOrder } from '../orders/orders.test-support';
import { tokenHashOf } from './online-booking.repository';
import {
  availabilityRequest,
  bookRequest,
  bookingBody,
  clearedDay,
  leninaCode,
  manageUrl,
  moscowAt,
  setupLenina,
} from './online-booking.test-support';

// The driver's manage link (issue 37) through app.inject(): read, .ics, move, cancel, cut-off.

let t: TestApp;
let lenina: string;
let tariff: PublicTariff;
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ stationId: lenina, tariff } = await setupLenina(t));
  day = await clearedDay(t, lenina, 8);
});
afterAll(() => t?.close());

const availability = (date: string, query = '', ip?: string) =>
  t.app.inject(availabilityRequest(leninaCode, tariff.id, date, query, ip));
const book = async (start: string, overrides = {}) =>
  t.app.inject(bookRequest(leninaCode, bookingBody(tariff.id, start, overrides)));

describe('the manage link', () => {
  let token: string;
  const start = () => moscowAt(day, '19:00');
  beforeAll(async () => {
    const res = await book(start());
    token = res.json().manage_token;
  });

  it('reads the booking; a wrong or malformed token is the same 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: manageUrl(token) });
    expect(res.statusCode).toBe(200);
    expect(publicBookingSchema.parse(res.json())).toMatchObject({ state: 'waiting', booking_start: start() });
    for (const wrong of ['x', 'A'.repeat(43), `${token}x`]) {
      const bad = await t.app.inject({ method: 'GET', url: manageUrl(wrong) });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().error.message).toBe(m.bookingNotFound);
    }
  });

  it('gives an iCalendar event', async () => {
    const res = await t.app.inject({ method: 'GET', url: manageUrl(token, '/calendar.ics') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="booking-\d+\.ics"$/);
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain(`DTSTART:${start().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(text).toMatch(/\r\nUID:online-booking-\d+@car-wash-crm\r\n/);
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).toContain(`SUMMARY:Мойка: ${tariff.name}`);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('reschedules to a free start with the same minutes; a taken one is 409', async () => {
    const before = publicBookingSchema.parse(
      (await t.app.inject({ method: 'GET', url: manageUrl(token) })).json(),
    );
    const to = moscowAt(day, '20:00');
    const res = await t.app.inject({
      method: 'POST',
      url: manageUrl(token, '/reschedule'),
      payload: { booking_start: to },
    });
    expect(res.statusCode).toBe(200);
    const moved = publicBookingSchema.parse(res.json());
    expect(moved.booking_start).toBe(to);
    expect(Date.parse(moved.booking_end) - Date.parse(to)).toBe(
      Date.parse(before.booking_end) - Date.parse(before.booking_start),
    );
    // 15:00 taken on every box.
    for (const box of [1, 2, 3, 4]) {
      await insertRawOrder(t, {
        stationId: lenina,
        boxNumber: box,
        bookingStart: new Date(moscowAt(day, '15:00')),
        bookingEnd: new Date(moscowAt(day, '16:00')),
      });
    }
    const taken = await t.app.inject({
      method: 'POST',
      url: manageUrl(token, '/reschedule'),
      payload: { booking_start: moscowAt(day, '15:00') },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(m.slotTaken);
  });

  it('cancels (UserCanceled), frees the time at once, and a repeat answers the cancelled booking', async () => {
    const to = moscowAt(day, '20:00');
    // Fill the other three boxes: the time then shows only once the booking is cancelled.
    for (let i = 0; i < 3; i++) expect((await book(to)).statusCode).toBe(201);
    expect((await availability(day)).json().start_times).not.toContain(to);
    const res = await t.app.inject({
      method: 'POST',
      url: manageUrl(token, '/cancel'),
      payload: { reason: 'Планы поменялись' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', can_change: false });
    expect((await availability(day)).json().start_times).toContain(to);
    const again = await t.app.inject({ method: 'POST', url: manageUrl(token, '/cancel'), payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json().state).toBe('cancelled');
    const [record] = await t.db
      .select()
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(token)));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, record!.orderId));
    expect(order!.status).toBe('UserCanceled');
    const moved = await t.app.inject({
      method: 'POST',
      url: manageUrl(token, '/reschedule'),
      payload: { booking_start: to },
    });
    expect(moved.statusCode).toBe(409);
  });

  it('after the cut-off neither cancel nor move is taken', async () => {
    const res = await book(moscowAt(day, '21:00'));
    const late = res.json().manage_token as string;
    // Move the booking to 30 minutes from now (inside the 60-minute cut-off), as staff might.
    const [record] = await t.db
      .select()
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(late)));
    const soon = new Date(Date.now() + 30 * 60_000);
    const soonEnd = new Date(soon.getTime() + 30 * 60_000);
    // The demo's own orders of that half hour make room (a test copy of the demo).
    await t.db
      .delete(orders)
      .where(
        and(
          eq(orders.stationId, lenina),
          ne(orders.id, record!.orderId),
          lt(orders.bookingStart, soonEnd),
          gt(orders.bookingEnd, soon),
        ),
      );
    await t.db
      .update(orders)
      .set({ bookingStart: soon, bookingEnd: soonEnd })
      .where(eq(orders.id, record!.orderId));
    const cancel = await t.app.inject({ method: 'POST', url: manageUrl(late, '/cancel'), payload: {} });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(m.changeClosed(60));
    const view = await t.app.inject({ method: 'GET', url: manageUrl(late) });
    expect(view.json().can_change).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  manageTokenPattern,
  onlineBookingMessages as m,
  publicAvailabilitySchema,
  publicBookingCreatedSchema,
  publicStationCardSchema,
  slotsResponseSchema,
  type PublicTariff,
} from '@crm/shared';
import { drivers, onlineBookings, orderEvents, orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { flat } from '../slots/slots.test-support';
import { insertRawOrder } from '../orders/orders.test-support';
import { tokenHashOf } from './online-booking.repository';
import {
  availabilityRequest,
  bookRequest,
  bookingBody,
  clearedDay,
  freshIp,
  freshPhone,
  leninaCode,
  moscowAt,
  offCode,
  setupLenina,
} from './online-booking.test-support';

// The public booking page's calls (issue 37) through app.inject(): card, availability, booking, limits.

let t: TestApp;
let lenina: string;
let tariff: PublicTariff;
let day: string;
let cardText: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ stationId: lenina, tariff } = await setupLenina(t));
  day = await clearedDay(t, lenina, 6);
  cardText = (await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` })).body;
});
afterAll(() => t?.close());

const availability = (date: string, query = '', ip?: string) =>
  t.app.inject(availabilityRequest(leninaCode, tariff.id, date, query, ip));
const book = async (start: string, overrides = {}) =>
  t.app.inject(bookRequest(leninaCode, bookingBody(tariff.id, start, overrides)));

describe('the station card', () => {
  it('shows the station, its hours and its own tariffs with prices per category, and no ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` });
    expect(res.statusCode).toBe(200);
    const card = publicStationCardSchema.parse(res.json());
    expect(card).toMatchObject({
      code: leninaCode,
      name: 'Мойка на Ленина',
      enabled: true,
      time_zone: 'Europe/Moscow',
    });
    expect(card.hours_today).toEqual({ open: '08:00', close: '22:00' });
    expect(card.map_url).toMatch(/^https:\/\/yandex\.ru\/maps\/\?pt=37\.58632,55\.70753/);
    expect(card.tariffs.length).toBeGreaterThan(0);
    expect(card.tariffs[0]!.prices.Compact!.price).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(cardText).not.toContain(lenina);
  });

  it('an unknown code is a 404 with the page’s words; a station that is off shows no tariffs', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/public/book/nosuch99' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.notFound);
    const off = await t.app.inject({ method: 'GET', url: `/api/public/book/${offCode}` });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, tariffs: [], phone: null });
    const offBook = await t.app.inject(bookRequest(offCode, bookingBody(tariff.id, moscowAt(day, '10:00'))));
    expect(offBook.statusCode).toBe(409);
    expect(offBook.json().error.message).toBe(m.unavailable);
  });

  it('the car catalogue is public and cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/cars' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(Object.keys(res.json()).length).toBeGreaterThan(0);
  });
});

describe('availability', () => {
  it('equals the slot manager’s free slots of the same day for a wash of one slot', async () => {
    const minutes = tariff.prices.Compact!.duration_minutes;
    // The slot manager's slots are one grid step long: make the step the wash's minutes.
    await t.db.update(stations).set({ slotDuration: minutes }).where(eq(stations.id, lenina));
    try {
      // The fifth start of the day's grid, on every box.
      const start = new Date(Date.parse(moscowAt(day, '08:00')) + 4 * minutes * 60_000);
      for (const box of [1, 2, 3, 4]) {
        await insertRawOrder(t, {
          stationId: lenina,
          boxNumber: box,
          bookingStart: start,
          bookingEnd: new Date(start.getTime() + minutes * 60_000),
        });
      }
      const owner = await t.loginAs('owner');
      const slots = await t.app.inject({
        method: 'GET',
        url: `/api/slots/${lenina}?selected_date=${day}`,
        headers: owner.headers,
      });
      const free = flat(slotsResponseSchema.parse(slots.json()).slots)
        .filter((s) => s.status === 'Free' && !s.past)
        // A wash must end by closing; the slot manager clips the day's last slot at it instead.
        .filter((s) => Date.parse(s.dateStart) + minutes * 60_000 <= Date.parse(moscowAt(day, '22:00')))
        .map((s) => s.dateStart);
      const res = await availability(day);
      expect(res.statusCode).toBe(200);
      const body = publicAvailabilitySchema.parse(res.json());
      expect(body.start_times).toEqual(free);
      expect(body.start_times).not.toContain(start.toISOString());
      expect(body.duration_minutes).toBe(minutes);
    } finally {
      await t.db.update(stations).set({ slotDuration: 30 }).where(eq(stations.id, lenina));
      await t.db.delete(orders).where(eq(orders.stationId, lenina));
    }
  });

  it('services lengthen the wash and add to the price; a service not offered is a 400 on the field', async () => {
    const service = tariff.services.find((s) => s.prices.Compact)!;
    const plain = publicAvailabilitySchema.parse((await availability(day)).json());
    const withService = publicAvailabilitySchema.parse(
      (await availability(day, `&services=${service.key}`)).json(),
    );
    expect(withService.price).toBe(plain.price + service.prices.Compact!.price);
    expect(withService.duration_minutes).toBe(
      plain.duration_minutes + service.prices.Compact!.duration_minutes,
    );
    const bad = await availability(day, '&services=no_such_service');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ services: m.serviceUnavailable });
  });

  it('bad input answers Russian words on the field', async () => {
    const unknownTariff = await t.app.inject({
      method: 'GET',
      url: `/api/public/book/${leninaCode}/availability?date=${day}&tariff_id=5b0a3d1e-7c2f-4e8a-9b1d-2f3c4d5e6f70&car_category=Compact`,
    });
    expect(unknownTariff.statusCode).toBe(400);
    expect(unknownTariff.json().error.fields).toEqual({ tariff_id: m.tariffInvalid });
    const noTariff = await t.app.inject({
      method: 'GET',
      url: `/api/public/book/${leninaCode}/availability?date=${day}&car_category=Compact`,
    });
    expect(noTariff.statusCode).toBe(400);
    expect(noTariff.json().error.fields.tariff_id).toBe(m.tariffRequired);
  });

  it('offers nothing before the notice and refuses dates past the days ahead', async () => {
    const far = await availability('2031-01-01');
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.date).toBe(m.tooFar(30));
    const today = publicStationCardSchema.parse(JSON.parse(cardText)).today;
    const starts = publicAvailabilitySchema.parse((await availability(today)).json()).start_times;
    const earliest = Date.now() + 60 * 60_000;
    expect(starts.every((s) => Date.parse(s) >= earliest - 1000)).toBe(true);
  });
});

describe('booking', () => {
  it('books into the calendar as a «Самозапись» waiting for «Принять», finds or creates the client, and records the event', async () => {
    const phone = freshPhone();
    const start = moscowAt(day, '10:00');
    const res = await book(start, { phone, services: [tariff.services[0]!.key] });
    expect(res.statusCode).toBe(201);
    const created = publicBookingCreatedSchema.parse(res.json());
    expect(created.manage_token).toMatch(manageTokenPattern);
    expect(created.booking).toMatchObject({
      state: 'waiting',
      booking_start: start,
      phone,
      name: 'Иван',
      can_change: true,
    });
    expect(res.body).not.toContain(lenina);
    const [record] = await t.db
      .select()
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(created.manage_token)));
    expect(record!.consentVersion).toBeTruthy();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, record!.orderId));
    expect(order).toMatchObject({
      status: 'Accepted',
      source: 'Own',
      orderType: 'SelfService',
      sum: created.booking.price,
    });
    expect(order!.phones).toEqual([{ redirection_phone: phone }]);
    expect(order!.clientCar).toMatchObject({ brand: 'Kia', model: 'Rio', category: 'Compact' });
    expect(res.body).not.toContain(order!.id);
    const [driver] = await t.db.select().from(drivers).where(eq(drivers.phone, phone));
    expect(driver).toMatchObject({ name: 'Иван', networkId: order!.networkId });
    expect(order!.driverId).toBe(driver!.id);
    // No internal id beyond the public code: not the client card's, nor the network's.
    expect(res.body).not.toContain(driver!.id);
    expect(res.body).not.toContain(order!.networkId);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.action)).toEqual(['created']);
    // The taken time is no longer offered for that box count... and the same start is 409 once full.
    const again = await availability(day);
    expect(again.json().start_times).toContain(start); // three boxes still free
  });

  it('auto-accepting stations book at once (Booked → «confirmed»)', async () => {
    await t.db.update(stations).set({ autoacceptBooking: true }).where(eq(stations.id, lenina));
    try {
      const res = await book(moscowAt(day, '11:00'));
      expect(res.statusCode).toBe(201);
      expect(res.json().booking.state).toBe('confirmed');
    } finally {
      await t.db.update(stations).set({ autoacceptBooking: false }).where(eq(stations.id, lenina));
    }
  });

  it('the last box taken: the next driver gets 409 «Это время уже заняли, выберите другое»', async () => {
    const start = moscowAt(day, '15:00');
    for (let i = 0; i < 4; i++) expect((await book(start)).statusCode).toBe(201);
    const late = await book(start);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'SLOT_TAKEN', message: m.slotTaken });
    expect((await availability(day)).json().start_times).not.toContain(start);
  });

  it('bad input: Russian words on the fields, nothing written', async () => {
    const before = await t.db.select().from(onlineBookings);
    const res = await t.app.inject(
      bookRequest(leninaCode, {
        ...bookingBody(tariff.id, moscowAt(day, '10:00')),
        name: ' ',
        phone: '12',
        consent: false,
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.name).toBe(m.nameRequired);
    expect(fields.consent).toBe(m.consentRequired);
    expect(fields.phone).toMatch(/телефон/i);
    const offGrid = await book(moscowAt(day, '10:10'));
    expect(offGrid.statusCode).toBe(409);
    const notice = await book(new Date(Date.now() + 10 * 60_000).toISOString());
    expect(notice.statusCode).toBe(400);
    expect(notice.json().error.fields.booking_start).toBe(m.tooSoon(60));
    const far = await book('2031-03-10T07:00:00.000Z');
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.booking_start).toBe(m.tooFar(30));
    const category = await book(moscowAt(day, '10:00'), { car: { brand: '', model: '', category: 'Nope' } });
    expect(category.statusCode).toBe(400);
    expect(await t.db.select().from(onlineBookings)).toHaveLength(before.length);
  });

  it('the honeypot writes nothing and answers a plain 400', async () => {
    const before = (await t.db.select().from(onlineBookings)).length;
    const res = await book(moscowAt(day, '16:00'), { website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toBeUndefined();
    expect(await t.db.select().from(onlineBookings)).toHaveLength(before);
  });

  it('at most max_open_per_phone open bookings per phone', async () => {
    const phone = freshPhone();
    expect((await book(moscowAt(day, '17:00'), { phone })).statusCode).toBe(201);
    expect((await book(moscowAt(day, '17:30'), { phone })).statusCode).toBe(201);
    const third = await book(moscowAt(day, '18:00'), { phone });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(m.tooManyOpen(2));
  });

  it('limits per phone and per IP (429 with the page’s words)', async () => {
    const phone = freshPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await book(moscowAt(day, '09:00'), { phone, tariff_id: '5b0a3d1e-7c2f-4e8a-9b1d-2f3c4d5e6f70' }))
          .statusCode,
      );
    }
    // Unknown tariff is refused before the phone counts; with a real one the phone's tries run out.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const tries: number[] = [];
    for (let i = 0; i < 8; i++) tries.push((await book('2031-03-10T07:00:00.000Z', { phone })).statusCode);
    expect(tries.slice(0, 6).every((s) => s === 400)).toBe(true);
    expect(tries.slice(6)).toEqual([429, 429]);

    const ip = freshIp();
    const byIp: number[] = [];
    for (let i = 0; i < 21; i++) {
      byIp.push((await t.app.inject(bookRequest(leninaCode, { name: '' }, ip))).statusCode);
    }
    expect(byIp.slice(0, 20).every((s) => s === 400)).toBe(true);
    const limited = await t.app.inject(bookRequest(leninaCode, { name: '' }, ip));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(m.rateLimited);
  });
});

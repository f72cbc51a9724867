import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookingCodePattern,
  onlineBookingMessages as m,
  onlineBookingSettingsSchema,
  publicBookingSchema,
} from '@crm/shared';
import { drivers, onlineBookings, onlineBookingSettings, orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { stationIdByCarwash } from '../orders/orders.test-support';
import {
  bookRequest,
  bookingBody,
  clearedDay,
  demoOnlineBooking,
  leninaCode,
  manageUrl,
  moscowAt,
  setupLenina,
} from './online-booking.test-support';

// The owner's «Онлайн-запись» settings (issue 37): rights, tenancy, the code, the data-removal confirmation.

let t: TestApp;
let lenina: string;
let bridge: string;
let tariffId: string;
let day: string;
type Login = Awaited<ReturnType<TestApp['loginAs']>>;
let owner: Login;
let principal: Login;
let administrator: Login;
let worker: Login;
let rival: Login;

beforeAll(async () => {
  t = await createTestApp();
  ({ stationId: lenina } = await setupLenina(t));
  tariffId = (await setupLenina(t)).tariff.id;
  bridge = await stationIdByCarwash(t, '200201');
  day = await clearedDay(t, lenina, 5);
  owner = await t.loginAs('owner');
  principal = await t.loginAs('principal');
  administrator = await t.loginAs('administrator');
  worker = await t.loginAs('worker');
  rival = await t.loginAs('rival');
});
afterAll(() => t?.close());

const read = (stationId: string, who: Login) =>
  t.app.inject({ method: 'GET', url: `/api/station/${stationId}/online-booking`, headers: who.headers });
const save = (stationId: string, who: Login, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/station/${stationId}/online-booking`,
    headers: who.headers,
    payload: body as object,
  });

describe('reading the settings', () => {
  it('owner, principal and administrator read; a worker is refused; another network’s station is a 404', async () => {
    for (const who of [owner, principal, administrator]) {
      const res = await read(lenina, who);
      expect(res.statusCode).toBe(200);
      expect(onlineBookingSettingsSchema.parse(res.json())).toMatchObject({
        code: leninaCode,
        enabled: true,
        days_ahead: 30,
        min_notice_minutes: 60,
        cancel_cutoff_minutes: 60,
        autoaccept: false,
        max_open_per_phone: 2,
        tariff_ids: null,
        service_keys: null,
      });
    }
    expect((await read(lenina, worker)).statusCode).toBe(403);
    expect((await read(bridge, owner)).statusCode).toBe(404);
    expect((await read(lenina, rival)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/station/${lenina}/online-booking` })).statusCode,
    ).toBe(401);
  });

  it('lists the demo’s data-removal request', async () => {
    const body = onlineBookingSettingsSchema.parse((await read(lenina, owner)).json());
    expect(body.data_removal_requests).toHaveLength(1);
    expect(body.data_removal_requests[0]!.phone).toMatch(/^\+7\d{10}$/);
  });

  it('makes a random code on the first read of a station without one', async () => {
    await t.db.delete(onlineBookingSettings).where(eq(onlineBookingSettings.stationId, bridge));
    const rivalRead = await read(bridge, rival);
    expect(rivalRead.statusCode).toBe(200);
    const { code } = rivalRead.json();
    expect(code).toMatch(/^[a-z0-9]{8}$/);
    expect(code).toMatch(bookingCodePattern);
    // The defaults: off, 1 hour's notice, cancel up to 1 hour before, 2 open bookings a phone.
    expect(rivalRead.json()).toMatchObject({
      enabled: false,
      min_notice_minutes: 60,
      cancel_cutoff_minutes: 60,
      max_open_per_phone: 2,
    });
    expect((await read(bridge, rival)).json().code).toBe(code);
  });
});

describe('saving the settings', () => {
  it('the administrator and the worker cannot save; another network is a 404', async () => {
    expect((await save(lenina, administrator, { min_notice_minutes: 30 })).statusCode).toBe(403);
    expect((await save(lenina, worker, { min_notice_minutes: 30 })).statusCode).toBe(403);
    expect((await save(lenina, rival, { min_notice_minutes: 30 })).statusCode).toBe(404);
  });

  it('bad input answers Russian words on the fields', async () => {
    const res = await save(lenina, owner, { days_ahead: 0, min_notice_minutes: -1, max_open_per_phone: 11 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      days_ahead: m.daysAheadInvalid,
      min_notice_minutes: m.minNoticeInvalid,
      max_open_per_phone: m.maxOpenInvalid,
    });
    const foreign = await save(lenina, owner, { tariff_ids: ['5b0a3d1e-7c2f-4e8a-9b1d-2f3c4d5e6f70'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ tariff_ids: m.tariffInvalid });
    expect((await save(lenina, owner, { unknown: 1 })).statusCode).toBe(400);
  });

  it('writes the station’s own flags and the page’s settings; the public card follows', async () => {
    const res = await save(lenina, principal, {
      days_ahead: 14,
      autoaccept: true,
      min_notice_minutes: 120,
      cancel_cutoff_minutes: 180,
      max_open_per_phone: 3,
      tariff_ids: [tariffId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      days_ahead: 14,
      autoaccept: true,
      max_open_per_phone: 3,
      tariff_ids: [tariffId],
    });
    const [station] = await t.db.select().from(stations).where(eq(stations.id, lenina));
    expect(station).toMatchObject({ daysToAlive: 14, autoacceptBooking: true });
    const card = (await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` })).json();
    expect(card).toMatchObject({ days_ahead: 14, min_notice_minutes: 120, cancel_cutoff_minutes: 180 });
    expect(card.tariffs.map((x: { id: string }) => x.id)).toEqual([tariffId]);

    const off = await save(lenina, owner, { enabled: false });
    expect(off.json().enabled).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` })).json(),
    ).toMatchObject({
      enabled: false,
      tariffs: [],
    });
    await save(lenina, owner, {
      enabled: true,
      days_ahead: 30,
      autoaccept: false,
      min_notice_minutes: 60,
      cancel_cutoff_minutes: 60,
      max_open_per_phone: 2,
      tariff_ids: null,
    });
  });

  it('new_code issues a new link and the old one stops working', async () => {
    const res = await save(lenina, owner, { new_code: true });
    const code = res.json().code as string;
    expect(code).not.toBe(leninaCode);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/public/book/${code}` })).statusCode).toBe(200);
    // Back to the demo code for the tests below.
    await t.db
      .update(onlineBookingSettings)
      .set({ code: leninaCode })
      .where(eq(onlineBookingSettings.stationId, lenina));
  });
});

describe('forgetting a driver (152-ФЗ)', () => {
  it('the driver asks from his link; the owner confirms; name and phone leave the booking, the order and «Клиенты»', async () => {
    const body = bookingBody(tariffId, moscowAt(day, '11:00'), { name: 'Пётр' });
    const created = await t.app.inject(bookRequest(leninaCode, body));
    expect(created.statusCode).toBe(201);
    const token = created.json().manage_token as string;
    const asked = await t.app.inject({ method: 'POST', url: manageUrl(token, '/forget') });
    expect(asked.statusCode).toBe(200);
    expect(publicBookingSchema.parse(asked.json()).data_removal_requested).toBe(true);
    // Idempotent.
    expect((await t.app.inject({ method: 'POST', url: manageUrl(token, '/forget') })).statusCode).toBe(200);

    const settings = onlineBookingSettingsSchema.parse((await read(lenina, owner)).json());
    const request = settings.data_removal_requests.find((r) => r.phone === body.phone)!;
    expect(request).toMatchObject({ name: 'Пётр', order_number: created.json().booking.order_number });

    const url = `/api/station/${lenina}/online-booking/data-removal/${request.id}`;
    expect((await t.app.inject({ method: 'POST', url, headers: administrator.headers })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/station/${bridge}/online-booking/data-removal/${request.id}`,
          headers: rival.headers,
        })
      ).statusCode,
    ).toBe(404);
    const confirmed = await t.app.inject({ method: 'POST', url, headers: owner.headers });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data_removal_requests.some((r: { id: string }) => r.id === request.id)).toBe(
      false,
    );
    // A second confirmation finds nothing to do.
    expect((await t.app.inject({ method: 'POST', url, headers: owner.headers })).statusCode).toBe(404);

    const [record] = await t.db.select().from(onlineBookings).where(eq(onlineBookings.id, request.id));
    expect(record).toMatchObject({ name: '', phone: '' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, record!.orderId));
    expect(order).toMatchObject({ phones: [], driverId: null, status: 'Accepted' });
    expect(order!.sum).toBe(created.json().booking.price);
    // The card was his alone: gone.
    expect(await t.db.select().from(drivers).where(eq(drivers.phone, body.phone))).toHaveLength(0);
    const view = await t.app.inject({ method: 'GET', url: manageUrl(token) });
    expect(view.json()).toMatchObject({ name: '', phone: '', data_removal_requested: true });
  });

  it('the demo’s request: a regular client keeps his card, only the order is detached', async () => {
    const settings = onlineBookingSettingsSchema.parse((await read(lenina, owner)).json());
    const request = settings.data_removal_requests[0]!;
    const [client] = await t.db.select().from(drivers).where(eq(drivers.phone, request.phone));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/station/${lenina}/online-booking/data-removal/${request.id}`,
      headers: principal.headers,
    });
    expect(res.statusCode).toBe(200);
    const [still] = await t.db.select().from(drivers).where(eq(drivers.id, client!.id));
    expect(still).toBeDefined();
    const view = await t.app.inject({
      method: 'GET',
      url: manageUrl(demoOnlineBooking.bookings.removal.token),
    });
    expect(view.json()).toMatchObject({ name: '', phone: '' });
  });
});

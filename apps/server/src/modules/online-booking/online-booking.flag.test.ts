import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  clientMessages,
  onlineBookingSettingsSchema,
  orderTimelineActor,
  orderTimelineResponseSchema,
  publicBookingSchema,
  publicStationCardSchema,
  type PublicTariff,
} from '@crm/shared';
import { onlineBookings, onlineBookingSettings, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { stationIdByCarwash } from '../orders/orders.test-support';
import { tokenHashOf } from './online-booking.repository';
import {
  bookRequest,
  bookingBody,
  clearedDay,
  demoOnlineBooking,
  freshIp,
  leninaCode,
  manageUrl,
  moscowAt,
  setupLenina,
} from './online-booking.test-support';

// The page's own flag and phone (issue 37): `enabled` is not the station's `enable_booking` (its
// strategy's «Заказы из Яндекса», S2 §2), neither switches the other; the operator in the owner's
// settings; the client as the actor of his own changes; the demo's state.

let t: TestApp;
let lenina: string;
let sadovaya: string;
let bridge: string;
let tariff: PublicTariff;
let day: string;
type Login = Awaited<ReturnType<TestApp['loginAs']>>;
let owner: Login;
let rival: Login;

beforeAll(async () => {
  t = await createTestApp();
  ({ stationId: lenina, tariff } = await setupLenina(t));
  sadovaya = await stationIdByCarwash(t, '100102');
  bridge = await stationIdByCarwash(t, '200201');
  day = await clearedDay(t, lenina, 4);
  owner = await t.loginAs('owner');
  rival = await t.loginAs('rival');
});
afterAll(() => t?.close());

const settingsUrl = (stationId: string) => `/api/station/${stationId}/online-booking`;
const read = (stationId: string, who: Login) =>
  t.app.inject({ method: 'GET', url: settingsUrl(stationId), headers: who.headers });
const save = (stationId: string, who: Login, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: settingsUrl(stationId),
    headers: who.headers,
    payload: body as object,
  });
const strategy = (stationId: string) =>
  t.app.inject({ method: 'GET', url: `/api/station/strategy/${stationId}`, headers: owner.headers });
const setStrategy = (stationId: string, booking: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/station/strategy/${stationId}`,
    headers: owner.headers,
    payload: { booking, payment: true, robot: true },
  });
const card = async (code: string = leninaCode) =>
  publicStationCardSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/public/book/${code}`, remoteAddress: freshIp() })).json(),
  );
const availability = () =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/book/${leninaCode}/availability?date=${day}&tariff_id=${tariff.id}&car_category=Compact`,
    remoteAddress: freshIp(),
  });

describe('the demo', () => {
  it('«Мойка на Ленина» is on with its phone and operator; Садовая, у моста and Новая мойка are off', async () => {
    const settings = onlineBookingSettingsSchema.parse((await read(lenina, owner)).json());
    expect(settings).toMatchObject({
      enabled: true,
      phone: '+74951234524',
      operator: {
        name: demoOnlineBooking.leninaLegal.nameOrg,
        inn: demoOnlineBooking.leninaLegal.inn,
        address: demoOnlineBooking.leninaLegal.addressOrg,
      },
    });
    expect(await card()).toMatchObject({ enabled: true, phone: '+74951234524', operator: settings.operator });
    // Its demo bookings' consents name that operator too.
    const [consent] = await t.db
      .select({ operator: onlineBookings.consentOperator })
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(demoOnlineBooking.bookings.manage.token)));
    expect(consent!.operator).toBe(`ООО «Мойка на Ленина», ИНН ${demoOnlineBooking.leninaLegal.inn}`);
    // Off: no tariffs; the phone to call instead where the demo gives one (not at «Мойка у моста»).
    for (const carwashId of ['100102', '200201', '300301'] as const) {
      const off = await card(demoOnlineBooking.codes[carwashId]);
      const phone = demoOnlineBooking.phones[carwashId] ?? null;
      expect(off, carwashId).toMatchObject({ enabled: false, tariffs: [], phone });
    }
    expect(demoOnlineBooking.phones['100102']).toBe('+73832123456');
  });

  it('leaves the stations’ strategy flags as the demo makes them: Садовая’s «Заказы из Яндекса» is on, its page off', async () => {
    const [row] = await t.db.select().from(stations).where(eq(stations.id, sadovaya));
    expect(row!.enableBooking).toBe(true);
    expect((await strategy(sadovaya)).json()).toMatchObject({ booking: true });
    expect(onlineBookingSettingsSchema.parse((await read(sadovaya, owner)).json())).toMatchObject({
      enabled: false,
      phone: '+73832123456',
      operator: null,
    });
  });

  it('a station without legal details answers no operator', async () => {
    expect((await read(bridge, rival)).json()).toMatchObject({ operator: null, enabled: false });
  });
});

describe('the page’s flag is its own', () => {
  it('turning the page off leaves the strategy’s bookings on, and back', async () => {
    const off = await save(lenina, owner, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const [row] = await t.db.select().from(stations).where(eq(stations.id, lenina));
    expect(row!.enableBooking).toBe(true);
    expect((await strategy(lenina)).json()).toMatchObject({ booking: true });
    expect(await card()).toMatchObject({ enabled: false, tariffs: [], phone: '+74951234524' });
    expect((await availability()).statusCode).toBe(409);

    expect((await save(lenina, owner, { enabled: true })).json().enabled).toBe(true);
    expect((await strategy(lenina)).json()).toMatchObject({ booking: true });
    expect((await card()).enabled).toBe(true);
  });

  it('turning the strategy’s bookings off leaves the page on', async () => {
    expect((await setStrategy(lenina, false)).json()).toMatchObject({ booking: false });
    try {
      expect((await read(lenina, owner)).json().enabled).toBe(true);
      const open = await card();
      expect(open.enabled).toBe(true);
      expect(open.tariffs.length).toBeGreaterThan(0);
      expect((await availability()).statusCode).toBe(200);
    } finally {
      await setStrategy(lenina, true);
    }
  });

  it('a station that is itself off closes its page whatever the flag', async () => {
    await t.db.update(stations).set({ enable: false }).where(eq(stations.id, lenina));
    try {
      expect((await read(lenina, owner)).json().enabled).toBe(true);
      expect((await card()).enabled).toBe(false);
    } finally {
      await t.db.update(stations).set({ enable: true }).where(eq(stations.id, lenina));
    }
  });

  it('a new settings row starts off', async () => {
    await t.db.delete(onlineBookingSettings).where(eq(onlineBookingSettings.stationId, bridge));
    expect((await read(bridge, rival)).json()).toMatchObject({ enabled: false, phone: null });
  });
});

describe('the phone', () => {
  it('is saved normalised, shown on the card and the manage link, and cleared with null', async () => {
    const saved = await save(lenina, owner, { phone: '8 (916) 123-45-67' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone).toBe('+79161234567');
    expect((await read(lenina, owner)).json().phone).toBe('+79161234567');
    expect((await card()).phone).toBe('+79161234567');
    const booked = await t.app.inject(
      bookRequest(leninaCode, bookingBody(tariff.id, moscowAt(day, '12:00'))),
    );
    expect(booked.statusCode).toBe(201);
    expect(booked.json().booking.station.phone).toBe('+79161234567');

    const cleared = await save(lenina, owner, { phone: null });
    expect(cleared.json().phone).toBeNull();
    expect((await card()).phone).toBeNull();
    const view = await t.app.inject({ method: 'GET', url: manageUrl(booked.json().manage_token) });
    expect(publicBookingSchema.parse(view.json()).station.phone).toBeNull();

    // Leaving the field out keeps it.
    await save(lenina, owner, { phone: '+74951234524' });
    expect((await save(lenina, owner, { min_notice_minutes: 60 })).json().phone).toBe('+74951234524');
  });

  it('a bad phone is a 400 with the Russian words on the field, and nothing is saved', async () => {
    for (const phone of ['12345', '+1 202 555 0100', 'телефон', 5]) {
      const res = await save(lenina, owner, { phone, enabled: false });
      expect(res.statusCode, String(phone)).toBe(400);
      expect(res.json().error.fields).toEqual({ phone: clientMessages.phoneInvalid });
    }
    expect((await read(lenina, owner)).json()).toMatchObject({ phone: '+74951234524', enabled: true });
  });
});

describe('the order’s history', () => {
  it('names the client («Клиент») for his booking, move and cancel from the public page', async () => {
    const created = await t.app.inject(
      bookRequest(leninaCode, bookingBody(tariff.id, moscowAt(day, '15:00'))),
    );
    expect(created.statusCode).toBe(201);
    const token = created.json().manage_token as string;
    const moved = await t.app.inject({
      method: 'POST',
      url: manageUrl(token, '/reschedule'),
      payload: { booking_start: moscowAt(day, '16:00') },
    });
    expect(moved.statusCode).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: manageUrl(token, '/cancel'), payload: {} });
    expect(cancelled.statusCode).toBe(200);

    const [record] = await t.db
      .select()
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(token)));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/${record!.orderId}/events`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const { events } = orderTimelineResponseSchema.parse(res.json());
    expect(events.map((e) => [e.action, e.actor_kind, e.actor_name])).toEqual([
      ['created', 'client', null],
      ['moved', 'client', null],
      ['status', 'client', null],
    ]);
    expect(events.map(orderTimelineActor)).toEqual(['Клиент', 'Клиент', 'Клиент']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { onlineBookingMessages as m, publicStationCardSchema, type PublicTariff } from '@crm/shared';
import { onlineBookings, onlineBookingSettings, orders } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  availabilityRequest,
  bookRequest,
  bookingBody,
  clearedDay,
  freshIp,
  leninaCode,
  setupLenina,
} from './online-booking.test-support';

// Issue 37 «a preview of the public page»: the owner opens `/book/{code}?preview=1` from his settings and
// sees the form drivers would see, even while the page is off. The flag needs a session that may read the
// station's «Онлайн-запись» settings; for anyone else it is ignored: the very answer a driver gets.

let t: TestApp;
let lenina: string;
let tariff: PublicTariff;
let day: string;
type Login = Awaited<ReturnType<TestApp['loginAs']>>;
let owner: Login;
let administrator: Login;
let worker: Login;
let rival: Login;
/** The card and one day's free starts while the page is on, as any driver gets them. */
let onCard: unknown;
let onStarts: string[];

/** The browser's preview call: the session cookie alone (a page's fetch sends no X-User-Id). */
const cookieOf = (who: Login) => ({ cookie: `${SESSION_COOKIE}=${who.token}` });
const cardAnswer = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/book/${leninaCode}${query}`,
    headers,
    remoteAddress: freshIp(),
  });
const availabilityAnswer = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ ...availabilityRequest(leninaCode, tariff.id, day, query), headers });
const setPage = (enabled: boolean) =>
  t.db.update(onlineBookingSettings).set({ enabled }).where(eq(onlineBookingSettings.stationId, lenina));

beforeAll(async () => {
  t = await createTestApp();
  ({ stationId: lenina, tariff } = await setupLenina(t));
  day = await clearedDay(t, lenina, 3);
  owner = await t.loginAs('owner');
  administrator = await t.loginAs('administrator');
  worker = await t.loginAs('worker');
  rival = await t.loginAs('rival');
  onCard = (await cardAnswer('')).json();
  const on = await availabilityAnswer('');
  expect(on.statusCode).toBe(200);
  onStarts = on.json().start_times;
  expect(onStarts.length).toBeGreaterThan(0);
  await setPage(false);
});
afterAll(() => t?.close());

describe('the owner’s preview of a page that is off', () => {
  it('answers the card as if on (tariffs, services, hours) with preview: true, and says the page is off', async () => {
    const answer = await cardAnswer('?preview=1', cookieOf(owner));
    expect(answer.statusCode).toBe(200);
    const card = publicStationCardSchema.parse(answer.json());
    expect(card.preview).toBe(true);
    expect(card.enabled).toBe(false);
    const { enabled: _on, ...asOn } = onCard as Record<string, unknown>;
    const { enabled: _off, preview: _p, ...previewed } = card;
    expect(previewed).toEqual(asOn);
    expect(card.tariffs.find((x) => x.id === tariff.id)?.services.length).toBeGreaterThan(0);
    // `true` reads the same; the staff app's own headers (X-User-Id too) change nothing.
    expect((await cardAnswer('?preview=true', owner.headers)).json()).toMatchObject({ preview: true });
  });

  it('answers the free times as if on', async () => {
    const answer = await availabilityAnswer('&preview=1', cookieOf(owner));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().start_times).toEqual(onStarts);
  });

  it('is for whoever reads the station’s settings: an administrator of its network too', async () => {
    expect((await cardAnswer('?preview=1', cookieOf(administrator))).json()).toMatchObject({ preview: true });
  });

  it('books nothing: a booking with the flag and the owner’s session is refused like any on an off page', async () => {
    const before = await t.db.select({ id: onlineBookings.id }).from(onlineBookings);
    const ordersBefore = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.stationId, lenina));
    const request = bookRequest(leninaCode, bookingBody(tariff.id, onStarts[0]!));
    const answer = await t.app.inject({
      ...request,
      url: `${request.url}?preview=1`,
      headers: owner.headers,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(m.unavailable);
    expect(await t.db.select({ id: onlineBookings.id }).from(onlineBookings)).toHaveLength(before.length);
    expect(
      await t.db.select({ id: orders.id }).from(orders).where(eq(orders.stationId, lenina)),
    ).toHaveLength(ordersBefore.length);
  });
});

describe('anyone else gets the driver’s answer: the flag leaks nothing', () => {
  const strangers = {
    'no session': () => ({}),
    'a made-up session cookie': () => ({ cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` }),
    'another network’s owner': () => cookieOf(rival),
    'a worker of the network (who cannot read the settings)': () => cookieOf(worker),
  };
  for (const [who, headers] of Object.entries(strangers)) {
    it(who, async () => {
      const plain = await cardAnswer('');
      const flagged = await cardAnswer('?preview=1', headers());
      expect(flagged.statusCode).toBe(200);
      expect(flagged.json()).toEqual(plain.json());
      expect(flagged.json()).toMatchObject({ enabled: false, tariffs: [] });
      expect(flagged.json()).not.toHaveProperty('preview');
      const times = await availabilityAnswer('&preview=1', headers());
      expect(times.statusCode).toBe(409);
      expect(times.json().error.message).toBe(m.unavailable);
    });
  }

  it('an unknown code is the same 404 with or without the owner’s flag', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/public/book/no-such-code?preview=1',
      headers: cookieOf(owner),
      remoteAddress: freshIp(),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toBe(m.notFound);
  });
});

describe('the preview of a page that is on', () => {
  it('is the drivers’ card marked preview', async () => {
    await setPage(true);
    const card = publicStationCardSchema.parse((await cardAnswer('?preview=1', cookieOf(owner))).json());
    expect(card).toEqual({ ...(onCard as object), preview: true });
    // Drivers' calls never carry it.
    expect((await cardAnswer('')).json()).not.toHaveProperty('preview');
  });
});

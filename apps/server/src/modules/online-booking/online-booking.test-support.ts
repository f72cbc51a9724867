// Shared setup of the online-booking tests (not a test file itself).
import { and, eq, gte, lt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { addDays, stationClock, type PublicBookingCreate, type PublicStationCard } from '@crm/shared';
import { orders, stations } from '../../db/schema';
import { demoOnlineBooking } from '../demo/demo-online-booking';
import type { TestApp } from '../../test/test-app';
import { stationIdByCarwash } from '../orders/orders.test-support';

export { demoOnlineBooking };
export const leninaCode = demoOnlineBooking.codes['100101'];
/** A station whose booking is off (the rival network's «Мойка у моста»). */
export const offCode = demoOnlineBooking.codes['200201'];

/** 10:00 and so on at «Мойка на Ленина» (Moscow, UTC+3 all year) on a local date. */
export const moscowAt = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

let ipCounter = 0;
/** Each call a new client address: the per-IP limits then never mix up tests. */
export const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let phoneCounter = 0;
/** A phone no demo client has. */
export const freshPhone = () =>
  `+7977${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;

/**
 * The station's day `daysAhead` from today with every order removed (a test copy of the demo): the slot
 * grid is then the station's hours alone.
 */
export async function clearedDay(t: TestApp, stationId: string, daysAhead: number): Promise<string> {
  const [station] = await t.db.select().from(stations).where(eq(stations.id, stationId));
  const date = addDays(stationClock(station!.timeZone).date, daysAhead);
  const from = new Date(`${addDays(date, -1)}T00:00:00Z`);
  const to = new Date(`${addDays(date, 2)}T00:00:00Z`);
  await t.db
    .delete(orders)
    .where(and(eq(orders.stationId, stationId), gte(orders.bookingStart, from), lt(orders.bookingStart, to)));
  return date;
}

export async function setupLenina(t: TestApp) {
  const stationId = await stationIdByCarwash(t, '100101');
  const card = (
    await t.app.inject({ method: 'GET', url: `/api/public/book/${leninaCode}` })
  ).json() as PublicStationCard;
  const tariff = card.tariffs.find((x) => x.prices.Compact && x.services.some((s) => s.prices.Compact));
  if (!tariff) throw new Error('no Lenina tariff priced for Compact with a service');
  return { stationId, card, tariff };
}

export function bookingBody(
  tariffId: string,
  start: string,
  overrides: Partial<PublicBookingCreate> = {},
): PublicBookingCreate {
  return {
    name: 'Иван',
    phone: freshPhone(),
    car: { brand: 'Kia', model: 'Rio', category: 'Compact' },
    tariff_id: tariffId,
    services: [],
    booking_start: start,
    consent: true,
    ...overrides,
  };
}

export function bookRequest(code: string, body: unknown, ip = freshIp()): InjectOptions {
  return {
    method: 'POST',
    url: `/api/public/book/${code}/bookings`,
    payload: body as object,
    remoteAddress: ip,
  };
}

export const manageUrl = (token: string, action = '') => `/api/public/bookings/${token}${action}`;

/** `GET …/availability` of a code for a tariff, Compact cars; `query` adds `&services=…` and the like. */
export function availabilityRequest(
  code: string,
  tariffId: string,
  date: string,
  query = '',
  ip = freshIp(),
): InjectOptions {
  return {
    method: 'GET',
    url: `/api/public/book/${code}/availability?date=${date}&tariff_id=${tariffId}&car_category=Compact${query}`,
    remoteAddress: ip,
  };
}

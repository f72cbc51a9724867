// Shared setup of the order API tests (not a test file itself).
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  everyDay,
  orderPrice,
  ROUND_THE_CLOCK,
  type CarClass,
  type Order,
  type OrderCreate,
} from '@crm/shared';
import { orders, stations, tariffs } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { loadTariffConfig } from '../tariffs/tariffs.repository';

/** Demo stations by their public carwash id (demo data, issue 2). */
export const carwashIds = { lenina: '100101', sadovaya: '100102', bridge: '200201' } as const;

export async function stationIdByCarwash(t: TestApp, carwashId: string): Promise<string> {
  const [row] = await t.db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.carwashId, carwashId));
  if (!row) throw new Error(`no demo station ${carwashId}`);
  return row.id;
}

/** An own tariff of the station by its code (express, complex, maximum). */
export async function tariffByCode(t: TestApp, stationId: string, code: string) {
  const [row] = await t.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.stationId, stationId), eq(tariffs.code, code), eq(tariffs.kind, 'own')));
  if (!row) throw new Error(`no ${code} tariff at ${stationId}`);
  return row;
}

/** What the tariff's config says an order costs, for the totals the server must store. */
export async function expectedPrice(
  t: TestApp,
  stationId: string,
  tariffId: string,
  carClass: CarClass,
  extras: string[] = [],
) {
  const config = await loadTariffConfig(t.db, stationId, tariffId);
  const price = config && orderPrice(config, carClass, extras);
  if (!price) throw new Error(`tariff ${tariffId} has no price for ${carClass}`);
  return price;
}

/** Minutes after an ISO instant, as an ISO instant. */
export const plus = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * A far-future day the demo data leaves empty, so every box is free: 10 March 2031, a Monday. 07:00 UTC
 * is 10:00 at «Мойка на Ленина» (Moscow).
 */
export const freeDay = '2031-03-10';
export const freeStart = `${freeDay}T07:00:00.000Z`;

/** A valid own-order body for the tariff: a Kia Rio (Compact) for 30 minutes from `start`. */
export function orderBody(
  tariffId: string,
  totalAmount: number,
  overrides: Partial<OrderCreate> & { start?: string; minutes?: number } = {},
): OrderCreate {
  const { start = freeStart, minutes = 30, ...rest } = overrides;
  return {
    car: {
      brand: 'Kia',
      model: 'Rio',
      modelId: 'kia-rio',
      class: 'Compact',
      bodyType: 'Седан',
      category: 'Compact',
      plateNumber: 'а123вс77',
    },
    bookingStart: start,
    bookingEnd: plus(start, minutes),
    paymentMethod: 'not_paid',
    comment: 'Позвонить за 10 минут',
    phones: [{ redirection_phone: '+79161112233' }],
    basket: { tariffId, totalAmount, additionalServiceAmounts: {} },
    ...rest,
  };
}

/** Sends a request and returns the parsed body after checking the status. */
export async function call<T = { order: Order }>(
  t: TestApp,
  request: InjectOptions,
  status = 200,
): Promise<T> {
  const res = await t.app.inject(request);
  if (res.statusCode !== status) {
    expect.soft(res.body, `${request.method} ${request.url}`).toBe(`status ${status}`);
  }
  expect(res.statusCode).toBe(status);
  return res.json() as T;
}

/**
 * Makes a demo station work round the clock, for tests about times the demo hours (08:00–22:00,
 * 09:00–21:00) leave out: own orders near midnight must fall inside the hours (DESIGN §6).
 */
export async function workRoundTheClock(t: TestApp, stationId: string) {
  await t.db
    .update(stations)
    .set({ worktimeByDay: everyDay(ROUND_THE_CLOCK) })
    .where(eq(stations.id, stationId));
}

/** Inserts an order as a partner (or a blocker) would write it, bypassing the own-order rules. */
export async function insertRawOrder(
  t: TestApp,
  values: Partial<typeof orders.$inferInsert> & { stationId: string; bookingStart: Date; bookingEnd: Date },
) {
  const [station] = await t.db.select().from(stations).where(eq(stations.id, values.stationId));
  const [row] = await t.db
    .insert(orders)
    .values({
      networkId: station!.networkId,
      boxNumber: 1,
      status: 'Booked',
      source: 'Yandex',
      orderType: 'Booking',
      clientCar: {
        brand: 'Toyota',
        model: 'Camry',
        plate_number: 'В456ОР199',
        body_type: 'Седан',
        body_color: '',
        car_class: 'MiddleSize',
        category: 'MiddleSize',
      },
      basket: {
        tariff_id: null,
        slot_id: null,
        price_element_id: null,
        total_duration_minutes: 30,
        total_amount: 1200,
        include_service_amount: 1200,
        additional_service_amounts: {},
        compensation_amount: 0,
        user_need_to_pay_amount: 0,
      },
      sum: 1200,
      phones: [{ redirection_phone: '+74950000000', ext: '123' }],
      ...values,
    })
    .returning();
  return row!;
}

/** Pairs of live orders sharing a box at overlapping times: must always be none (DESIGN §6). */
export async function overlappingLiveOrders(t: TestApp, stationId: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from orders a join orders b
      on a.station_id = b.station_id and a.box_number = b.box_number and a.id < b.id
     and tstzrange(a.booking_start, a.booking_end, '[)') && tstzrange(b.booking_start, b.booking_end, '[)')
    where a.station_id = ${stationId}
      and a.status not in ('Canceled', 'StationCanceled', 'UserCanceled')
      and b.status not in ('Canceled', 'StationCanceled', 'UserCanceled')`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/**
 * Cancels the station's live orders overlapping the next `hours` from now (the demo's orders of today),
 * and the last `minutesBefore`. A start before the booked time moves the booking to now (issue 38), so a
 * test that starts a far-future order early needs its box free now, whatever the hour the suite runs at.
 */
export async function clearAroundNow(t: TestApp, stationId: string, hours = 3, minutesBefore = 0) {
  const from = new Date(Date.now() - minutesBefore * 60_000);
  const until = new Date(Date.now() + hours * 3_600_000);
  await t.db.execute(sql`
    update orders set status = 'StationCanceled'
     where station_id = ${stationId}
       and status not in ('Canceled', 'StationCanceled', 'UserCanceled')
       and tstzrange(booking_start, booking_end, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz, '[)')`);
}

import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  applyDiscount,
  cancelledStatuses,
  isIncomingNewOrder,
  isValidPlate,
  orderPrice,
  stationClock,
  type OrderStatus,
  type TariffConfig,
} from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds } from '../users/test-guards';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import { additionalServices, drivers, networks, orders, tariffs } from '../../db/schema';
import { seedDemo } from './demo';
import { leninaHistoryDays } from './demo-activity';

// The seeded demo database every API test starts from (global setup ran seedDemo). Its day is read
// against the moment it was seeded, not this test's clock: minutes apart, a booking of 08:00 had not
// started for the seed and had for the test (a CI run on PostgreSQL at 08:00 Moscow time).
const seededAt = new Date(inject('demoSeededAt'));

type OrderRow = typeof orders.$inferSelect;

describe('demo data', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let lenina: OrderRow[];
  // Moscow keeps UTC+3 all year (no daylight saving since 2014): a fixed offset reads thousands of rows fast.
  const moscow = (d: Date) => {
    const iso = new Date(d.getTime() + 3 * 3600_000).toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    lenina = await t.db.select().from(orders).where(eq(orders.stationId, ids.lenina));
  });
  afterAll(() => t.close());

  it('seeds once: a second run leaves a non-empty database alone', async () => {
    expect(await seedDemo(t.db)).toBe(false);
  });

  it('gives every demo station express, complex and maximum, own and Yandex, with extras', async () => {
    const rows = await t.db.select().from(tariffs);
    for (const station of [ids.lenina, ids.sadovaya, ids.bridge]) {
      for (const kind of ['own', 'yandex']) {
        const codes = rows.filter((r) => r.stationId === station && r.kind === kind).map((r) => r.code);
        expect(codes.sort(), `${station} ${kind}`).toEqual(['complex', 'express', 'maximum']);
      }
    }
    expect(rows.filter((r) => r.stationId === ids.newWash)).toEqual([]);
    for (const r of rows) {
      for (const price of Object.values(r.priceByClass)) expect(price % 50).toBe(0);
      expect(Object.keys(r.durationByClass)).toHaveLength(6);
    }
    const lenOwn = (code: string) =>
      rows.find((r) => r.stationId === ids.lenina && r.kind === 'own' && r.code === code)!;
    expect(lenOwn('express').priceByClass).toMatchObject({ Mini: 500, MicroBus: 1300 });
    expect(lenOwn('maximum').durationByClass).toMatchObject({ Mini: 70, MicroBus: 120 });
    const extras = await t.db
      .select()
      .from(additionalServices)
      .where(eq(additionalServices.stationId, ids.lenina));
    expect(extras.filter((e) => e.kind === 'own').length).toBeGreaterThanOrEqual(8);
    expect(extras.filter((e) => e.kind === 'yandex').length).toBeGreaterThanOrEqual(4);
  });

  it('has ~60 clients in «Демо-сеть» (a few deleted) and a handful in the rival network', async () => {
    const nets = await t.db.select().from(networks);
    const count = async (name: string, deleted?: boolean) => {
      const id = nets.find((n) => n.name === name)!.id;
      const rows = await t.db.select().from(drivers).where(eq(drivers.networkId, id));
      return rows.filter((d) => deleted === undefined || d.deleted === deleted).length;
    };
    expect(await count('Демо-сеть')).toBe(60);
    expect(await count('Демо-сеть', true)).toBe(3);
    expect(await count('Соседняя сеть')).toBeGreaterThanOrEqual(3);
  });

  it('has six months of history at «Мойка на Ленина», ~25 orders a day, with a realistic mix', () => {
    const now = seededAt.getTime();
    // Days before today: the showcase rewrites today's statuses (before opening or in a gap between cars,
    // the order it puts in the wash may have been booked to end already).
    const todayStart = Date.parse(`${moscow(new Date(now)).date}T00:00:00+03:00`);
    const history = lenina.filter(
      (o) => o.orderType !== 'BlockerBookingSlot' && o.bookingEnd.getTime() <= todayStart,
    );
    const first = Math.min(...history.map((o) => o.bookingStart.getTime()));
    expect(now - first).toBeGreaterThan((leninaHistoryDays - 1) * 24 * 3600_000);
    const perDay = history.length / leninaHistoryDays;
    expect(perDay).toBeGreaterThan(18);
    expect(perDay).toBeLessThan(32);
    const share = (pred: (o: OrderRow) => boolean) => history.filter(pred).length / history.length;
    expect(share((o) => o.source === 'Own')).toBeCloseTo(0.5, 1);
    expect(share((o) => o.source === 'Yandex')).toBeCloseTo(0.35, 1);
    expect(share((o) => o.source === 'Benzuber')).toBeCloseTo(0.15, 1);
    expect(share((o) => o.orderType === 'SelfService')).toBeGreaterThan(0.03);
    const cancelled = share((o) => cancelledStatuses.includes(o.status as OrderStatus));
    expect(cancelled).toBeGreaterThan(0.04);
    expect(cancelled).toBeLessThan(0.12);
    expect(new Set(history.map((o) => o.status))).toEqual(
      new Set(['Completed', 'Canceled', 'StationCanceled', 'UserCanceled']),
    );
    expect(new Set(history.filter((o) => o.reason).map((o) => o.reason))).toEqual(
      new Set(['NotWorking', 'TimeBusy', 'Other']),
    );
  });

  // Thousands of rows: each check collects the rows that break it, and expects none (one assertion each).
  const offenders = (rows: OrderRow[], broken: (o: OrderRow) => boolean) =>
    rows.filter(broken).map((o) => `${o.id} ${o.status} ${o.source} ${o.bookingStart.toISOString()}`);
  const real = () => lenina.filter((o) => o.orderType !== 'BlockerBookingSlot');

  it('pays own orders at the station and partner orders online or by card', () => {
    const completed = lenina.filter((o) => o.status === 'Completed');
    const cancelled = lenina.filter((o) => cancelledStatuses.includes(o.status as OrderStatus));
    expect(completed.length).toBeGreaterThan(1000);
    expect(
      offenders(completed, (o) => {
        const allowed = o.source === 'Own' ? ['paid_card', 'paid_cash', 'paid_sbp'] : ['paid', 'paid_card'];
        return (
          !allowed.includes(o.paymentMethod) ||
          o.sumCompleted !== o.sum ||
          !(o.dateStart! < o.dateEnd!) ||
          o.paidAt?.getTime() !== o.dateEnd!.getTime()
        );
      }),
    ).toEqual([]);
    expect(
      offenders(cancelled, (o) => !o.reason || o.paymentMethod !== 'not_paid' || o.paidAt !== null),
    ).toEqual([]);
    expect(new Set(completed.map((o) => o.paymentMethod))).toContain('paid_sbp');
  });

  it('links own orders to demo clients and gives partner orders a redirection number with an extension', async () => {
    const clients = new Map((await t.db.select().from(drivers)).map((d) => [d.id, d]));
    expect(offenders(real(), (o) => !isValidPlate(o.clientCar.plate_number))).toEqual([]);
    const own = real().filter((o) => o.source === 'Own');
    const partner = real().filter((o) => o.source !== 'Own');
    expect(
      offenders(own, (o) => {
        const client = clients.get(o.driverId ?? '');
        return (
          !client ||
          client.deleted ||
          JSON.stringify(o.phones) !== JSON.stringify([{ redirection_phone: client.phone }]) ||
          !client.cars.some((c) => c.plate_number === o.clientCar.plate_number)
        );
      }),
    ).toEqual([]);
    expect(
      offenders(
        partner,
        (o) => o.driverId !== null || !/^\d{3,4}$/.test(o.phones[0]?.ext ?? '') || !o.extendedId,
      ),
    ).toEqual([]);
  });

  it('fills every basket from the tariff: price, extras, duration and slot id', async () => {
    const configs = new Map<string, TariffConfig>();
    for (const id of new Set(real().map((o) => o.basket.tariff_id!))) {
      configs.set(id, (await loadTariffConfig(t.db, ids.lenina, id))!);
    }
    const basketBroken = (o: OrderRow) => {
      const config = configs.get(o.basket.tariff_id!);
      const extras = Object.keys(o.basket.additional_service_amounts);
      const price = config && orderPrice(config, o.clientCar.category!, extras);
      if (!price) return true;
      const start = moscow(o.bookingStart);
      const end = moscow(o.bookingEnd);
      const [y, m, d] = start.date.split('-');
      const slot = `${d}${m}${y!.slice(2)}_${start.time.replace(':', '')}_${end.time.replace(':', '')}`;
      return (
        JSON.stringify(o.basket.additional_service_amounts) !==
          JSON.stringify(price.additionalServiceAmounts) ||
        o.basket.include_service_amount !== price.includeServiceAmount ||
        o.basket.total_duration_minutes !== price.totalDurationMinutes ||
        o.bookingEnd.getTime() - o.bookingStart.getTime() !== price.totalDurationMinutes * 60_000 ||
        o.sum !== o.basket.total_amount ||
        o.sum % 50 !== 0 ||
        (!o.sumManual && o.sum !== applyDiscount(price.totalAmount, o.discountPercent).sum) ||
        (!o.sumManual && o.sumBeforeDiscount !== price.totalAmount) ||
        o.basket.slot_id !== slot ||
        start.time < '08:00' ||
        end.time > '22:00'
      );
    };
    expect(offenders(real(), basketBroken)).toEqual([]);
    // Own orders for a client with a discount carry it, with the list price it was taken off (issue 11).
    expect(lenina.some((o) => o.discountPercent > 0 && o.sum < o.sumBeforeDiscount! && !o.sumManual)).toBe(
      true,
    );
  });

  it('never has two live orders on one box at the same time', async () => {
    // Each live order against the previous one on its box (a window, not a self-join: thousands of rows).
    const result = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select booking_start, lag(booking_end) over (
          partition by station_id, box_number order by booking_start) as previous_end
        from orders where status not in ('Canceled', 'StationCanceled', 'UserCanceled')) x
      where previous_end > booking_start`);
    expect(Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it('shows today in every status the hour allows, three new orders, tomorrow left open and blocked slots later in the week', async () => {
    const now = seededAt;
    const today = moscow(now).date;
    const tomorrow = moscow(new Date(now.getTime() + 24 * 3600_000)).date;
    const todays = lenina.filter(
      (o) => o.orderType !== 'BlockerBookingSlot' && moscow(o.bookingStart).date === today,
    );
    // A wash or a car in the box only once a booking of today has ended or started (issue 38: before
    // opening, «today» must not show money taken at the box).
    const started = todays.some((o) => o.bookingStart <= now);
    const ended = todays.some((o) => o.bookingEnd <= now);
    const accepted = lenina.filter((o) => o.status === 'Accepted');
    // Two of the three new orders are today's while today has bookings ahead; late in the day all three
    // are tomorrow's, and every one still waits for an answer.
    const newToday = accepted.filter((o) => moscow(o.bookingStart).date === today).length;
    for (const status of [
      ...(newToday ? ['Accepted'] : []),
      'Booked',
      ...(started ? ['Processing'] : []),
      ...(ended ? ['Completed'] : []),
      'StationCanceled',
      'UserCanceled',
    ]) {
      expect(
        todays.map((o) => o.status),
        status,
      ).toContain(status);
    }
    if (!started) expect(todays.filter((o) => o.dateStart || o.status === 'Completed')).toEqual([]);
    expect(lenina.filter((o) => (o.paidAt ?? now) > now || (o.dateEnd ?? now) > now)).toEqual([]);
    expect(accepted).toHaveLength(3);
    expect([0, 2]).toContain(newToday);
    expect(accepted.map((o) => moscow(o.bookingStart).date).sort()).toEqual([
      ...Array<string>(newToday).fill(today),
      ...Array<string>(3 - newToday).fill(tomorrow),
    ]);
    for (const o of accepted) expect(o.bookingEnd.getTime()).toBeGreaterThan(now.getTime());

    const blocked = lenina.filter((o) => o.orderType === 'BlockerBookingSlot');
    // Tomorrow stays open: the slot manager's story blocks 13:00–14:00 there itself (issue 13).
    expect(blocked.filter((o) => moscow(o.bookingStart).date === tomorrow)).toEqual([]);
    const inThreeDays = moscow(new Date(now.getTime() + 3 * 24 * 3600_000)).date;
    const evening = blocked.filter((o) => moscow(o.bookingStart).date === inThreeDays);
    expect(evening.map((o) => o.boxNumber).sort()).toEqual([1, 2, 3, 4]);
    for (const o of evening) {
      expect([moscow(o.bookingStart).time, moscow(o.bookingEnd).time]).toEqual(['19:00', '21:00']);
      expect(o.sum).toBe(0);
    }
  });

  it('gives «Мойка на Садовой» two incoming new orders ahead: a Yandex one and a client’s own', async () => {
    const accepted = await t.db.select().from(orders).where(eq(orders.status, 'Accepted'));
    expect(accepted.filter((o) => o.stationId === ids.bridge)).toEqual([]);
    const sadovaya = accepted.filter((o) => o.stationId === ids.sadovaya);
    expect(sadovaya.map((o) => [o.source, o.orderType]).sort()).toEqual([
      ['Own', 'SelfService'],
      ['Yandex', 'Booking'],
    ]);
    const today = stationClock('Asia/Novosibirsk', seededAt).date;
    for (const o of sadovaya) {
      expect(isIncomingNewOrder({ status: 'Accepted', source: o.source, order_type: o.orderType })).toBe(
        true,
      );
      expect(o.bookingEnd.getTime()).toBeGreaterThan(seededAt.getTime());
      // Later today, or on the next working day (Saturday evening: Monday, over its Sunday off).
      const day = stationClock('Asia/Novosibirsk', o.bookingStart).date;
      expect(day >= today && day <= addDays(today, 2), day).toBe(true);
      expect(o.dateCreate.getTime()).toBeLessThanOrEqual(seededAt.getTime());
    }
  });

  it('gives «Мойка на Садовой» a lighter week on its own clock, never on its Sunday off', async () => {
    const rows = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.stationId, ids.sadovaya), ne(orders.orderType, 'BlockerBookingSlot')));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.length).toBeLessThan(80);
    for (const o of rows) {
      const start = stationClock('Asia/Novosibirsk', o.bookingStart);
      const end = stationClock('Asia/Novosibirsk', o.bookingEnd);
      expect(start.day).not.toBe('Sunday');
      expect(start.time >= '09:00' && end.time <= '21:00', `${start.time}-${end.time}`).toBe(true);
    }
    expect(rows.some((o) => o.bookingStart.getTime() < seededAt.getTime())).toBe(true);
    expect(rows.some((o) => o.bookingStart.getTime() > seededAt.getTime())).toBe(true);
  });
});

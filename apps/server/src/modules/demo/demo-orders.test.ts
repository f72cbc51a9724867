import { describe, expect, it } from 'vitest';
import { cancelledStatuses, orderStatuses, stationClock, type OrderStatus } from '@crm/shared';
import { demoCatalogRows } from './demo-catalog';
import { demoDriverRows } from './demo-drivers';
import { planDemoOrders, type OrderPlan, type OrderRow } from './demo-orders';
import { createRng } from './prng';

// The planner alone (no database): determinism, and the showcase day whatever the hour the seed runs.

const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const worktime = Object.fromEntries(
  days.flatMap((d) => [
    [`start_${d}`, '08:00'],
    [`end_${d}`, '22:00'],
  ]),
);
const stationId = '11111111-1111-4111-8111-111111111111';

function plan(now: Date, overrides: Partial<OrderPlan> = {}, hours = worktime): OrderRow[] {
  const catalog = demoCatalogRows({ id: stationId, priceFactor: 1 }, createRng('catalog'), now);
  const clients = demoDriverRows(createRng('clients'), {
    networkId: 'n',
    count: 30,
    deleted: 0,
    now,
    usedPhones: new Set(),
  });
  return planDemoOrders({
    key: 'test',
    now,
    station: {
      id: stationId,
      networkId: 'n',
      timeZone: 'Europe/Moscow',
      worktime: hours,
      slotDuration: 30,
      boxCount: 4,
      tariffs: catalog.tariffs,
    },
    fromDay: -10,
    toDay: 3,
    perDay: () => 25,
    drivers: clients.list,
    createdBy: null,
    blocks: [{ day: 1, start: '13:00', end: '14:00' }],
    showcase: true,
    ...overrides,
  });
}

const moscowDate = (d: Date) => stationClock('Europe/Moscow', d).date;
const live = (r: OrderRow) => !cancelledStatuses.includes(r.status as OrderStatus);

function overlaps(rows: OrderRow[]): number {
  const byBox = new Map<number, OrderRow[]>();
  for (const r of rows.filter(live)) byBox.set(r.boxNumber, [...(byBox.get(r.boxNumber) ?? []), r]);
  let n = 0;
  for (const list of byBox.values()) {
    list.sort((a, b) => a.bookingStart.getTime() - b.bookingStart.getTime());
    for (let i = 1; i < list.length; i++) if (list[i]!.bookingStart < list[i - 1]!.bookingEnd) n++;
  }
  return n;
}

describe('planDemoOrders', () => {
  it('gives the same orders for the same day, and keeps past days when it runs a day later', () => {
    const now = new Date('2026-03-10T09:17:00Z');
    expect(plan(now)).toEqual(plan(now));
    const pastDay = '2026-03-03';
    const later = new Date(now.getTime() + 24 * 60 * 60_000);
    const ofDay = (rows: OrderRow[]) => rows.filter((r) => moscowDate(r.bookingStart) === pastDay);
    expect(ofDay(plan(later)).length).toBeGreaterThan(10);
    expect(ofDay(plan(later))).toEqual(ofDay(plan(now)));
    expect(plan(now, { key: 'other' })).not.toEqual(plan(now));
    // Later the same day only statuses move on: the same cars at the same times.
    const slots = (rows: OrderRow[]) =>
      rows.map((r) => [r.boxNumber, +r.bookingStart, r.clientCar.plate_number]);
    expect(slots(plan(new Date(now.getTime() + 3 * 3600_000)))).toEqual(slots(plan(now)));
  });

  // Moscow times 12:40, 21:50 and 23:30 (after closing): the day is under way. Once today has no two
  // bookings ahead, a new order today could no longer wait for an answer: the three are tomorrow's.
  it.each([
    ['2026-03-10T09:40:00Z', 2],
    ['2026-03-10T18:50:00Z', 0],
    ['2026-03-10T20:30:00Z', 0],
  ])('shows every status today and exactly three new orders waiting, at %s', (iso, newToday) => {
    const now = new Date(iso);
    const rows = plan(now);
    const todays = todaysOrders(rows, now);
    for (const status of orderStatuses.filter((s) => s !== 'Canceled' && (newToday || s !== 'Accepted'))) {
      expect(
        todays.map((r) => r.status),
        status,
      ).toContain(status);
    }
    expectThreeNew(rows, now, newToday);
  });

  // Moscow times 03:00 and 07:30, before the 08:00 opening (issue 38: at night «today» showed revenue).
  it.each(['2026-03-10T00:00:00Z', '2026-03-10T04:30:00Z'])(
    'shows before opening only what has happened by then, at %s: nothing washed, nothing in the wash',
    (iso) => {
      const now = new Date(iso);
      const rows = plan(now);
      const todays = todaysOrders(rows, now);
      const statuses = new Set(todays.map((r) => r.status));
      for (const status of ['Accepted', 'Booked', 'StationCanceled', 'UserCanceled']) {
        expect([...statuses], status).toContain(status);
      }
      expect(statuses.has('Completed')).toBe(false);
      expect(statuses.has('Processing')).toBe(false);
      // Whatever was paid is paid by now, and today's money is only online prepayments of bookings ahead.
      expect(rows.filter((r) => r.paidAt && r.paidAt > now)).toEqual([]);
      const midnight = Date.parse(`${moscowDate(now)}T00:00:00+03:00`);
      const paidToday = rows.filter((r) => r.paidAt && r.paidAt.getTime() >= midnight);
      expect(paidToday.filter((r) => r.status === 'Completed' || r.dateStart)).toEqual([]);
      expect(paidToday.every((r) => r.bookingStart > now)).toBe(true);
      expectThreeNew(rows, now, 2);
    },
  );

  function todaysOrders(rows: OrderRow[], now: Date) {
    const today = moscowDate(now);
    return rows.filter((r) => r.orderType !== 'BlockerBookingSlot' && moscowDate(r.bookingStart) === today);
  }

  /** Three new orders, `today` of them today and the rest tomorrow, all still waiting for an answer. */
  function expectThreeNew(rows: OrderRow[], now: Date, today: number) {
    const dates = [moscowDate(now), moscowDate(new Date(now.getTime() + 24 * 60 * 60_000))];
    const accepted = rows.filter((r) => r.status === 'Accepted');
    expect(accepted).toHaveLength(3);
    expect(accepted.map((r) => moscowDate(r.bookingStart)).sort()).toEqual([
      ...Array<string>(today).fill(dates[0]!),
      ...Array<string>(3 - today).fill(dates[1]!),
    ]);
    for (const r of accepted) {
      expect(r.bookingStart.getTime()).toBeGreaterThan(now.getTime());
      expect(r.dateCreate!.getTime()).toBeLessThanOrEqual(now.getTime());
      // Staff do not "accept" their own bookings: a new own order is a client's online one.
      if (r.source === 'Own') expect(r.orderType).toBe('SelfService');
    }
    expect(overlaps(rows)).toBe(0);
  }

  // Moscow: Wednesday 15:00, Saturday 22:30 after closing (Sunday off: Monday is next), Sunday noon.
  it.each(['2026-03-11T12:00:00Z', '2026-03-14T19:30:00Z', '2026-03-15T09:00:00Z'])(
    'turns the next Yandex and own bookings ahead into two incoming new orders, at %s',
    (iso) => {
      const now = new Date(iso);
      const sundayOff = Object.fromEntries(Object.entries(worktime).filter(([k]) => !k.endsWith('Sunday')));
      const rows = plan(now, { showcase: false, incoming: true, blocks: [] }, sundayOff);
      const accepted = rows.filter((r) => r.status === 'Accepted');
      expect(accepted.map((r) => [r.source, r.orderType]).sort()).toEqual([
        ['Own', 'SelfService'],
        ['Yandex', 'Booking'],
      ]);
      for (const r of accepted) {
        expect(r.bookingStart.getTime()).toBeGreaterThan(now.getTime());
        // Nothing of its source was booked between now and it.
        const earlier = rows.filter(
          (o) =>
            o.source === r.source &&
            o.status === 'Booked' &&
            o.bookingStart > now &&
            o.bookingStart < r.bookingStart,
        );
        expect(earlier).toEqual([]);
        expect(moscowDate(r.bookingStart) <= moscowDate(new Date(now.getTime() + 2 * 86_400_000))).toBe(true);
      }
      expect(overlaps(rows)).toBe(0);
    },
  );

  it('keeps blocked slots free of orders and blocks every box at the same time', () => {
    const now = new Date('2026-03-10T09:40:00Z');
    const rows = plan(now);
    const blockers = rows.filter((r) => r.orderType === 'BlockerBookingSlot');
    expect(blockers.map((r) => r.boxNumber).sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(blockers.map((r) => r.bookingStart.toISOString()))).toEqual(
      new Set(['2026-03-11T10:00:00.000Z']),
    );
    expect(blockers[0]!.basket.slot_id).toBe('110326_1300_1400');
    expect(overlaps(rows)).toBe(0);
  });

  it.each(['2026-03-10T09:40:00Z', '2026-03-10T03:00:00Z'])(
    'never books outside work hours or off the slot grid, and never finishes in the future (%s)',
    (iso) => {
      const now = new Date(iso);
      for (const r of plan(now)) {
        const start = stationClock('Europe/Moscow', r.bookingStart).time;
        const end = stationClock('Europe/Moscow', r.bookingEnd).time;
        expect(start >= '08:00' && end <= '22:00' && start < end, `${start}-${end}`).toBe(true);
        expect(Number(start.slice(3)) % 30).toBe(0);
        if (r.status === 'Completed') {
          expect(r.dateEnd!.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(r.dateStart!.getTime()).toBeLessThan(r.dateEnd!.getTime());
        }
        if (r.status === 'Processing') expect(r.dateStart!.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(r.dateCreate!.getTime()).toBeLessThanOrEqual(
          Math.min(now.getTime(), (r.dateStart ?? now).getTime()),
        );
      }
    },
  );
});

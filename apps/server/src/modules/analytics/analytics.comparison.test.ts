import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparedDatesRequired,
  type OrderSource,
  type OrderStatus,
  type StationAnalytics,
  type StationRating,
} from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { carwashIds, insertRawOrder, stationIdByCarwash } from '../orders/orders.test-support';

// Issue 38: the dashboard's card, its percentage and its tooltip describe one period and one comparison,
// and the sources chart adds up to the cards. A fixed fortnight of orders at «Мойка на Ленина» on far-future
// days the demo leaves empty (made by a seeded generator, so the same every run), and every expected figure
// computed here from that list by the rules of DESIGN §10 — not by the server's code.

const moscow = (date: string, time = '00:00') => new Date(`${date}T${time}:00+03:00`);
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface Placed {
  start: Date;
  status: OrderStatus;
  source: OrderSource;
  sum: number;
  paidAt: Date | null;
  blocker: boolean;
}

const cancelledStatuses: OrderStatus[] = ['Canceled', 'StationCanceled', 'UserCanceled'];

/** 29 April – 16 May 2034 (the fixed week is Monday 8 – Sunday 14 May, the week before it the base). */
function fortnight(): Placed[] {
  let seed = 38;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const statuses: OrderStatus[] = [
    'Completed',
    'Completed',
    'Completed',
    'Completed',
    'Booked',
    'Accepted',
    'Processing',
    'Canceled',
    'StationCanceled',
    'UserCanceled',
  ];
  const sources: OrderSource[] = ['Own', 'Yandex', 'Benzuber'];
  const out: Placed[] = [];
  for (let date = '2034-04-29'; date <= '2034-05-16'; date = dayAfter(date)) {
    const count = 3 + next(5);
    for (let i = 0; i < count; i++) {
      const start = moscow(date, `${String(8 + i).padStart(2, '0')}:${next(2) ? '30' : '00'}`);
      const status = statuses[next(statuses.length)]!;
      const source = sources[next(3)]!;
      const sum = 500 + 100 * next(20);
      let paidAt: Date | null = null;
      // Washed and paid at the finish; a partner's client often prepays one to three days ahead — the
      // money then lands in another day, sometimes another week; a cancellation after it keeps the money.
      if (status === 'Completed' && next(10) < 9) paidAt = new Date(start.getTime() + 30 * 60_000);
      else if (source !== 'Own' && status !== 'StationCanceled' && status !== 'UserCanceled' && next(2)) {
        paidAt = new Date(start.getTime() - (1 + next(3)) * 86_400_000 + next(600) * 60_000);
      }
      out.push({ start, status, source, sum, paidAt, blocker: false });
    }
  }
  // A blocked slot is no order, whatever it carries.
  out.push({
    start: moscow('2034-05-09', '20:00'),
    status: 'Completed',
    source: 'Own',
    sum: 9999,
    paidAt: moscow('2034-05-09', '20:30'),
    blocker: true,
  });
  return out;
}

/** The figures of [from, to) computed from the list alone. */
function expectedRating(list: Placed[], from: Date, to: Date): StationRating {
  const inSpan = (d: Date | null) => d !== null && d >= from && d < to;
  const booked = list.filter((o) => !o.blocker && inSpan(o.start));
  const live = booked.filter((o) => !cancelledStatuses.includes(o.status));
  const completed = booked.filter((o) => o.status === 'Completed');
  const cancelled = booked.filter((o) => cancelledStatuses.includes(o.status));
  const decided = completed.length + booked.filter((o) => o.status === 'StationCanceled').length;
  const share = (n: number) => (booked.length ? Math.round((n / booked.length) * 1000) / 10 : 0);
  const total = (l: Placed[]) => l.reduce((n, o) => n + o.sum, 0);
  return {
    all_orders: live.length,
    all_orders_sum: total(live),
    booking_completed_sum: total(completed),
    revenue: total(list.filter((o) => !o.blocker && inSpan(o.paidAt))),
    completed_count: completed.length,
    canceled_count: cancelled.length,
    completed_percent: share(completed.length),
    canceled_percent: share(cancelled.length),
    total_count: booked.length,
    rating: decided ? Math.round((completed.length / decided) * 50) / 10 : null,
  };
}

/** What each card shows: its number, the base and the percentage (S1 §2: a zero base gives 100 or 0). */
function expectedCards(now: StationRating, before: StationRating) {
  const values = (r: StationRating) => ({
    all_orders: r.all_orders,
    revenue: r.revenue,
    average_check: r.all_orders ? Math.round(r.all_orders_sum / r.all_orders) : 0,
    completed_percent: r.completed_percent,
    canceled_percent: r.canceled_percent,
    rating: r.rating,
  });
  const a = values(now);
  const b = values(before);
  return (Object.keys(a) as (keyof typeof a)[]).map((key) => {
    const value = a[key];
    const previous = b[key];
    let trend: number | null = null;
    if (value !== null && previous !== null) {
      trend =
        previous === 0 ? (value > 0 ? 100 : 0) : Math.round(((value - previous) / Math.abs(previous)) * 100);
    }
    return { key, value, previous, trend };
  });
}

describe('the dashboard figures agree with themselves (issue 38)', () => {
  let t: TestApp;
  let lenina: string;
  let sadovaya: string;
  const headers: Record<string, Record<string, string>> = {};
  const list = fortnight();

  const get = (query: string, who = 'owner', station = () => lenina) =>
    t.app.inject({
      method: 'GET',
      url: `/api/station/analytics/${station()}?${query}`,
      headers: headers[who],
    });
  const analytics = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StationAnalytics;
  };

  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    for (const login of ['owner', 'administrator', 'worker', 'rival']) {
      headers[login] = (await t.loginAs(login)).headers;
    }
    for (const o of list) {
      await insertRawOrder(t, {
        stationId: lenina,
        bookingStart: o.start,
        bookingEnd: new Date(o.start.getTime() + 25 * 60_000),
        status: o.status,
        source: o.source,
        sum: o.sum,
        orderType: o.blocker ? 'BlockerBookingSlot' : 'Booking',
        ...(o.paidAt && { paidAt: o.paidAt, sumCompleted: o.sum, paymentMethod: 'paid_card' }),
      });
    }
    // Another station's order in the same week counts nowhere at «Мойка на Ленина».
    await insertRawOrder(t, {
      stationId: sadovaya,
      bookingStart: new Date('2034-05-10T05:00:00Z'),
      bookingEnd: new Date('2034-05-10T05:30:00Z'),
      status: 'Completed',
      sum: 77_777,
      paidAt: new Date('2034-05-10T05:30:00Z'),
      sumCompleted: 77_777,
      paymentMethod: 'paid_card',
    });
  });
  afterAll(() => t.close());

  it('compares the fixed week with the week before: card = period, trend and tooltip = the same two numbers', async () => {
    const body = await analytics(
      'sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-05-01&prev_edate=2034-05-07',
    );
    const now = expectedRating(list, moscow('2034-05-08'), moscow('2034-05-15'));
    const before = expectedRating(list, moscow('2034-05-01'), moscow('2034-05-08'));
    // The fortnight is not trivial: money from prepayments crosses days, and every kind of order is there.
    expect(now.total_count).toBeGreaterThan(20);
    expect(now.canceled_count).toBeGreaterThan(0);
    expect(before.revenue).toBeGreaterThan(0);
    expect(body.rating).toEqual(now);
    expect(body.previous).toEqual(before);
    expect(body.indicators).toEqual(expectedCards(now, before));
    // The rating call of the same week answers the same figure as the card.
    const rating = await t.app.inject({
      method: 'GET',
      url: `/api/station/rating/${lenina}?sdate=2034-05-08&edate=2034-05-14`,
      headers: headers.owner,
    });
    expect(rating.json().rating).toEqual(now);
  });

  it('adds the charts up to the cards: sources to the booked value and the revenue, days to the week', async () => {
    const body = await analytics(
      'sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-05-01&prev_edate=2034-05-07',
    );
    const from = moscow('2034-05-08');
    const to = moscow('2034-05-15');
    const inSpan = (d: Date | null) => d !== null && d >= from && d < to;
    const orders = list.filter((o) => !o.blocker);
    for (const source of ['Own', 'Yandex', 'Benzuber'] as const) {
      const live = orders.filter(
        (o) => o.source === source && inSpan(o.start) && !cancelledStatuses.includes(o.status),
      );
      expect(body.sources.find((s) => s.source === source)).toEqual({
        source,
        orders: live.length,
        sum: live.reduce((n, o) => n + o.sum, 0),
        revenue: orders.filter((o) => o.source === source && inSpan(o.paidAt)).reduce((n, o) => n + o.sum, 0),
      });
    }
    const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, i) => n + of(i), 0);
    // «Забронировано на» of the sources is the live orders' value (the average check's numerator),
    // «Оплачено» of the sources is the revenue card, the orders are the orders card.
    expect(sum(body.sources, (s) => s.sum)).toBe(body.rating.all_orders_sum);
    expect(sum(body.sources, (s) => s.revenue)).toBe(body.indicators.find((c) => c.key === 'revenue')!.value);
    expect(sum(body.sources, (s) => s.orders)).toBe(
      body.indicators.find((c) => c.key === 'all_orders')!.value,
    );
    expect(sum(body.days, (d) => d.orders)).toBe(body.rating.all_orders);
    expect(sum(body.days, (d) => d.revenue)).toBe(body.rating.revenue);
    expect(sum(body.days, (d) => d.cancelled)).toBe(body.rating.canceled_count);
    expect(sum(body.statuses, (s) => s.orders)).toBe(body.rating.total_count);
    expect(sum(body.hours, (h) => h.orders)).toBe(body.rating.all_orders);
  });

  it('cuts both sides at `until` for a period that holds today: the card is the period so far', async () => {
    // «Неделя» on Wednesday 10 May at 10:00: Monday – Wednesday 10:00 against the same span a week before.
    const body = await analytics(
      'sdate=2034-05-08&edate=2034-05-10&until=10:00&prev_sdate=2034-05-01&prev_edate=2034-05-03',
    );
    const now = expectedRating(list, moscow('2034-05-08'), moscow('2034-05-10', '10:00'));
    const before = expectedRating(list, moscow('2034-05-01'), moscow('2034-05-03', '10:00'));
    expect(body.rating).toEqual(now);
    expect(body.previous).toEqual(before);
    expect(body.indicators).toEqual(expectedCards(now, before));
    expect(body.days.map((d) => d.date)).toEqual(['2034-05-08', '2034-05-09', '2034-05-10']);
    expect(body.sources.reduce((n, s) => n + s.revenue, 0)).toBe(now.revenue);
    // Bookings later on Wednesday are not in the card (nor in the base's Wednesday): the morning is
    // compared with a morning, and the card says what the percentage compares.
    const whole = expectedRating(list, moscow('2034-05-08'), moscow('2034-05-11'));
    expect(whole.total_count).toBeGreaterThan(now.total_count);
  });

  it('answers no comparison when none is asked for', async () => {
    const body = await analytics('sdate=2034-05-08&edate=2034-05-14');
    expect(body.previous).toBeNull();
    expect(body.indicators.map((c) => [c.key, c.previous, c.trend])).toEqual(
      ['all_orders', 'revenue', 'average_check', 'completed_percent', 'canceled_percent', 'rating'].map(
        (k) => [k, null, null],
      ),
    );
    expect(body.indicators[0]!.value).toBe(body.rating.all_orders);
  });

  it('refuses half a comparison or a reversed one in Russian, on the field', async () => {
    const cases: [string, string, string][] = [
      ['sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-05-01', 'prev_edate', comparedDatesRequired],
      ['sdate=2034-05-08&edate=2034-05-14&prev_edate=2034-05-07', 'prev_sdate', comparedDatesRequired],
      [
        'sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-05-07&prev_edate=2034-05-01',
        'prev_edate',
        'Дата окончания не может быть раньше даты начала',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toEqual({ [field]: message });
    }
    const badDate = await get(
      'sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-02-30&prev_edate=2034-05-07',
    );
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json().error.fields)).toEqual(['prev_sdate']);
    expect(badDate.json().error.fields.prev_sdate).toMatch(/[а-я]/);
  });

  it("keeps another network's station hidden (404) and the money from a washer (403)", async () => {
    const query = 'sdate=2034-05-08&edate=2034-05-14&prev_sdate=2034-05-01&prev_edate=2034-05-07';
    const rival = await get(query, 'rival');
    expect(rival.statusCode).toBe(404);
    expect(rival.json().error.code).toBe('NOT_FOUND');
    const worker = await get(query, 'worker');
    expect(worker.statusCode).toBe(403);
    expect(worker.body).not.toContain('all_orders');
    expect((await get(query, 'administrator')).statusCode).toBe(200);
  });
});

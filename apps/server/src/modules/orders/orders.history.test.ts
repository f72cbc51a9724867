import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  stationClock,
  historyExportTotals,
  meaningfulFieldCount,
  type ClientCar,
  type Order,
  type OrderListResponse,
  type OrderStatus,
} from '@crm/shared';
import { drivers, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { toOrderDto } from './order-dto';
import { jsTrimmedChars } from '../../db/sql-text';
import { dateRangeOrder, historyOnly, pageRequired } from './orders.service';
import { carwashIds, insertRawOrder, stationIdByCarwash } from './orders.test-support';

// `POST /api/order/list` with `history: true` (S1 §2 «Order history»), on far-future days the demo leaves
// empty at «Мойка на Ленина» (Moscow, UTC+3 all year).

const moscow = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const car = (brand: string, model: string, plate: string): ClientCar => ({
  brand,
  model,
  plate_number: plate,
  body_type: 'Седан',
  body_color: '',
  car_class: 'MiddleSize',
  category: 'MiddleSize',
});

describe('order history list', () => {
  let t: TestApp;
  let lenina: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  let rival: Awaited<ReturnType<TestApp['loginAs']>>;
  /** The June fixture the history must show, newest first. */
  let shown: Order[];

  const list = (body: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/order/list', headers, payload: body });
  const history = async (extra: object = {}) => {
    const res = await list({
      station_id: lenina,
      date_start: '2032-06-01',
      date_end: '2032-06-08',
      history: true,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderListResponse;
  };
  const ids = (r: { orders: Order[] }) => r.orders.map((o) => o.id);

  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
    const add = async (
      date: string,
      time: string,
      status: OrderStatus,
      clientCar: ClientCar,
      values: Partial<typeof orders.$inferInsert> = {},
    ) => {
      const start = moscow(date, time);
      return insertRawOrder(t, {
        stationId: lenina,
        bookingStart: start,
        bookingEnd: new Date(start.getTime() + 30 * 60_000),
        status,
        clientCar,
        ...values,
      });
    };
    const rows = [
      await add('2032-06-01', '00:00', 'Completed', car('Toyota', 'Camry', 'В456ОР199')),
      await add('2032-06-02', '10:00', 'Completed', car('Лада', 'Нива', 'А777МР77'), { sum: 800 }),
      await add('2032-06-03', '10:00', 'StationCanceled', car('Kia', 'Rio', 'Е001КХ77'), { sum: 1500 }),
      // «Зелёный» is found by «зеленый»: ё counts as е.
      await add('2032-06-04', '10:00', 'UserCanceled', car('Haval', 'Зелёный', 'М123ТТ50'), { sum: 900 }),
      await add('2032-06-04', '12:00', 'Canceled', car('BMW', 'X5', 'О555ОО77'), {
        sum: 3000,
        source: 'Benzuber',
      }),
      // Same minute on two boxes: box 1 comes first.
      await add('2032-06-05', '12:00', 'Booked', car('BMW', 'X3', 'Н200НН77'), { sum: 2000, boxNumber: 2 }),
      await add('2032-06-05', '12:00', 'Accepted', car('Audi', 'A6', 'С300СС77'), { boxNumber: 1 }),
      await add('2032-06-07', '23:30', 'Processing', car('Kia', 'Sportage', 'Т400ТТ77'), { sum: 1700 }),
    ];
    // Never shown: a blocked slot, a near-empty order, and orders just outside the local dates.
    await add('2032-06-06', '13:00', 'Booked', car('Kia', 'Rio', 'Х999ХХ77'), {
      orderType: 'BlockerBookingSlot',
    });
    await add('2032-06-06', '15:00', 'Completed', car('Kia', '', ''), { sum: 500, phones: [] });
    await add('2032-06-08', '00:00', 'Completed', car('Kia', 'Rio', 'К111КК77'));
    await add('2032-05-31', '23:30', 'Completed', car('Kia', 'Rio', 'К222КК77'));
    const byTime = [...rows].sort(
      (a, b) => b.bookingStart.getTime() - a.bookingStart.getTime() || a.boxNumber - b.boxNumber,
    );
    shown = byTime.map((order) => toOrderDto({ order, carwashId: carwashIds.lenina, driver: null }));
  });
  afterAll(() => t.close());

  it('keeps the calendar call as it was: every order of the dates, earliest first, no totals', async () => {
    const res = await list({ station_id: lenina, date_start: '2032-06-01', date_end: '2032-06-08' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrderListResponse;
    expect(Object.keys(body)).toEqual(['orders']);
    expect(body.orders).toHaveLength(shown.length + 2);
    expect(body.orders.map((o) => o.order_type)).toContain('BlockerBookingSlot');
    const starts = body.orders.map((o) => o.booking_start);
    expect(starts).toEqual([...starts].sort());
  });

  it('shows the history newest first without blockers and near-empty orders, with totals of all', async () => {
    const body = await history();
    expect(body.orders).toEqual(shown);
    expect(body.total).toBe(8);
    const expected = historyExportTotals(shown);
    expect(body.totals).toEqual({
      count: expected.all.count,
      sum: expected.all.sum,
      completed_count: expected.completed.count,
      completed_sum: expected.completed.sum,
    });
    // By hand: 1200 + 800 + 1500 + 900 + 3000 + 2000 + 1200 + 1700; completed 1200 + 800.
    expect(body.totals).toEqual({ count: 8, sum: 12300, completed_count: 2, completed_sum: 2000 });
  });

  it('pages with the count and totals of every match, and the pages join up to the whole list', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await history({ page, page_size: 3 }));
    expect(pages.map((p) => p.orders.length)).toEqual([3, 3, 2]);
    expect(pages.flatMap(ids)).toEqual(ids({ orders: shown }));
    for (const p of pages) expect(p.total).toBe(8);
    expect(pages[2]!.totals).toEqual(pages[0]!.totals);
    const beyond = await history({ page: 4, page_size: 3 });
    expect(beyond.orders).toEqual([]);
    expect(beyond.total).toBe(8);
  });

  it.each([
    ['TOYOTA', ['Camry']],
    ['kia r', ['Rio']],
    ['а777', ['Нива']],
    ['ЛАДА', ['Нива']],
    ['зеленый', ['Зелёный']],
    // Latin look-alikes and a space typed into a plate still find it.
    ['a 777 m', ['Нива']],
    ['отмен', ['X5', 'Зелёный', 'Rio']],
    ['отменен станцией', ['Rio']],
    ['завершен', ['Нива', 'Camry']],
    ['новый', ['A6']],
    ['%', []],
    ['x_', []],
  ])('finds %j by brand, model, plate or status name', async (search, models) => {
    const body = await history({ search });
    expect(body.orders.map((o) => o.client_car.model)).toEqual(models);
    expect(body.total).toBe(models.length);
  });

  it('filters by statuses, together with search, and totals only what matches', async () => {
    const cancelled = await history({ statuses: ['Canceled', 'StationCanceled', 'UserCanceled'] });
    expect(cancelled.orders.map((o) => o.status)).toEqual(['Canceled', 'UserCanceled', 'StationCanceled']);
    expect(cancelled.orders.map((o) => o.client_car.model)).toEqual(['X5', 'Зелёный', 'Rio']);
    expect(cancelled.totals).toEqual({ count: 3, sum: 5400, completed_count: 0, completed_sum: 0 });
    const bmwBooked = await history({ statuses: ['Booked', 'Completed'], search: 'bmw' });
    expect(bmwBooked.orders.map((o) => o.client_car.model)).toEqual(['X3']);
    expect((await history({ statuses: [] })).total).toBe(8);
  });

  it('pages 12 at a time when no page size is sent', async () => {
    for (let i = 0; i < 14; i++) {
      const start = moscow('2032-08-02', `${String(8 + i).padStart(2, '0')}:00`);
      await insertRawOrder(t, {
        stationId: lenina,
        bookingStart: start,
        bookingEnd: new Date(start.getTime() + 1800_000),
      });
    }
    const res = await list({
      station_id: lenina,
      date_start: '2032-08-01',
      date_end: '2032-08-03',
      history: true,
      page: 2,
    });
    const body = res.json() as OrderListResponse;
    expect(body.total).toBe(14);
    expect(body.orders).toHaveLength(2);
    expect(body.orders[1]!.booking_start).toBe(moscow('2032-08-02', '08:00').toISOString());
  });

  it('refuses bad input with the field to fix', async () => {
    const base = { station_id: lenina, date_start: '2032-06-01', date_end: '2032-06-08', history: true };
    const cases: [object, string][] = [
      [{ page: 0 }, 'page'],
      [{ page: 1, page_size: 500 }, 'page_size'],
      [{ page: 1, page_size: 0 }, 'page_size'],
      [{ page: 1.5 }, 'page'],
      [{ statuses: ['Booked', 'Lost'] }, 'statuses'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ date_end: '2032-06-01' }, 'date_end'],
    ];
    for (const [extra, field] of cases) {
      const res = await list({ ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      // An array item is named by its index: statuses.1. Every message is the Russian one to show.
      const [key, message] = Object.entries(res.json().error.fields)[0] ?? [];
      expect(key?.split('.')[0]).toBe(field);
      expect(message).toMatch(/^[^a-z]*[а-яё]/i);
    }
    expect((await list({ ...base, date_end: '2032-06-01' })).json().error.fields.date_end).toBe(
      dateRangeOrder,
    );
    expect((await list({ ...base, page_size: 24 })).json().error.fields).toEqual({ page: pageRequired });
    // The calendar call takes no history filters: a filter it ignored would show the wrong orders.
    const calendar = await list({ ...base, history: undefined, search: 'kia', page: 1 });
    expect(calendar.json().error.fields).toEqual({ search: historyOnly, page: historyOnly });
  });

  it('«Всё время» has no upper bound: without date_end a paid order booked for tomorrow is found by its plate', async () => {
    const tomorrow = addDays(stationClock('Europe/Moscow').date, 1);
    const paid = await insertRawOrder(t, {
      stationId: lenina,
      // A box the demo's orders of tomorrow leave alone.
      boxNumber: 9,
      bookingStart: moscow(tomorrow, '10:00'),
      bookingEnd: moscow(tomorrow, '10:30'),
      status: 'Booked',
      paymentMethod: 'paid_card',
      sumCompleted: 1200,
      clientCar: car('Skoda', 'Octavia', 'Р838РР38'),
    });
    const allTime = { station_id: lenina, date_start: '2022-01-01', history: true, search: 'р838' };
    const found = await list(allTime);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, orders: [{ id: paid.id }] });
    // The far-future fixture is in it too, and the whole list is newest first.
    const everything = (await list({ ...allTime, search: undefined })).json() as OrderListResponse;
    expect(everything.orders.map((o) => o.id)).toEqual(expect.arrayContaining([paid.id, shown[0]!.id]));
    // Only history is open-ended; other networks still see nothing.
    const calendar = await list({ station_id: lenina, date_start: '2022-01-01' });
    expect(calendar.statusCode).toBe(400);
    expect(calendar.json().error.fields).toEqual({ date_end: 'Укажите дату' });
    expect((await list(allTime, rival.headers)).statusCode).toBe(404);
    expect((await list({ ...allTime, date_start: undefined })).statusCode).toBe(400);
  });

  it("lets a worker read the history and hides another network's station as 404", async () => {
    const body = { station_id: lenina, date_start: '2032-06-01', date_end: '2032-06-08', history: true };
    expect((await list(body, worker.headers)).json().total).toBe(8);
    const res = await list(body, rival.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Camry');
  });
});

describe('near-empty rule: SQL mirror of meaningfulFieldCount', () => {
  let t: TestApp;
  let lenina: string;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
  });
  afterAll(() => t.close());

  it('strips exactly the characters String.prototype.trim strips', () => {
    const set = new Set(jsTrimmedChars);
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      expect(ch.trim() === '', `U+${code.toString(16)}`).toBe(set.has(ch));
    }
  });

  it('counts the same fields as the shared rule on edge cases', async () => {
    const [driver] = await t.db.select({ id: drivers.id }).from(drivers).limit(1);
    const blank = car('', '', '');
    const edge: Partial<typeof orders.$inferInsert>[] = [
      { clientCar: blank, sum: 0, phones: [] },
      { clientCar: car('\u00a0', '\t\n', '\u3000\ufeff'), sum: 0, phones: [], comment: ' \u2028 ' },
      // NEL (U+0085) and a zero-width space are not whitespace to trim(): they count as text.
      { clientCar: car('\u0085', '\u200b', ''), sum: 0, phones: [] },
      { clientCar: blank, sum: 1, phones: [], comment: 'x' },
      { clientCar: blank, sum: -100, phones: [{ redirection_phone: '' }] },
      { clientCar: car('Kia', '', ''), sum: 0, phones: [], driverId: driver!.id },
      { clientCar: car('Kia', 'Rio', ''), sum: 1, phones: [] },
      { clientCar: car('Kia', 'Rio', 'А1'), sum: 0, phones: [], comment: ' ' },
      { clientCar: car(' Kia ', 'Rio', 'А1'), sum: 50, phones: [] },
      {
        clientCar: car('Kia', 'Rio', 'А1'),
        sum: 50,
        phones: [{ redirection_phone: '+7' }],
        comment: 'Позвонить',
        driverId: driver!.id,
      },
    ];
    const rows = [];
    for (const [i, values] of edge.entries()) {
      const start = moscow('2032-09-01', `${String(8 + i).padStart(2, '0')}:00`);
      const bookingEnd = new Date(start.getTime() + 1800_000);
      const row = await insertRawOrder(t, { stationId: lenina, bookingStart: start, bookingEnd, ...values });
      rows.push(row);
    }
    // One with a tariff: the basket's tariff id is a field of its own.
    const withTariff = await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: moscow('2032-09-01', '20:00'),
      bookingEnd: moscow('2032-09-01', '20:30'),
      clientCar: blank,
      sum: 0,
      phones: [],
      basket: { ...rows[0]!.basket, tariff_id: 'yandex-express' },
    });
    rows.push(withTariff);

    const counted = await t.db
      .select({ id: orders.id, n: orders.meaningfulFields })
      .from(orders)
      .where(
        and(eq(orders.stationId, lenina), sql`${orders.bookingStart} >= ${moscow('2032-09-01', '00:00')}`),
      );
    const sqlCount = new Map(counted.map((r) => [r.id, r.n]));
    const js = rows.map((order) => meaningfulFieldCount(toOrderDto({ order, carwashId: '', driver: null })));
    expect(rows.map((r) => sqlCount.get(r.id))).toEqual(js);
    // The cases span the threshold (≤ 3 hidden), so the rule is exercised on both sides.
    expect(js).toEqual([0, 0, 2, 2, 1, 2, 3, 3, 4, 7, 1]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsResponseSchema, type SlotsResponse } from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { insertRawOrder } from '../orders/orders.test-support';
import { flat, insertBlocker, monday, moscow, occupy, sunday } from './slots.test-support';

describe('GET /api/slots/{stationId}', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    worker = await t.loginAs('worker');
  });
  afterAll(() => t.close());

  const read = (stationId: string, date: string, headers = worker.headers) =>
    t.app.inject({ method: 'GET', url: `/api/slots/${stationId}?selected_date=${date}`, headers });

  it('cuts the day into half hours by group and counts each slot’s boxes', async () => {
    // 10:00: one box taken; 12:00: all four taken; 13:00: all four blocked; 14:00: one taken, three blocked.
    await occupy(t, ids.lenina, monday, '10:00', [1]);
    await occupy(t, ids.lenina, monday, '12:00', [1, 2, 3, 4]);
    await insertBlocker(t, ids.lenina, monday, '13:00', '13:30', [1, 2, 3, 4]);
    await occupy(t, ids.lenina, monday, '14:00', [4]);
    await insertBlocker(t, ids.lenina, monday, '14:00', '14:30', [1, 2, 3]);
    // A cancelled order holds nothing.
    await insertRawOrder(t, {
      stationId: ids.lenina,
      boxNumber: 2,
      status: 'Canceled',
      bookingStart: moscow(monday, '15:00'),
      bookingEnd: moscow(monday, '15:30'),
    });

    const res = await read(ids.lenina, monday);
    expect(res.statusCode).toBe(200);
    const body = slotsResponseSchema.parse(res.json()) as SlotsResponse;
    expect(body).toMatchObject({
      date: monday,
      time_zone: 'Europe/Moscow',
      slot_duration: 30,
      working: true,
    });
    const { night, morning, day, evening } = body.slots;
    expect([night.length, morning.length, day.length, evening.length]).toEqual([0, 8, 12, 8]);
    expect(morning[0]).toMatchObject({
      id: '100331_0800_0830',
      start: '08:00',
      end: '08:30',
      dateStart: '2031-03-10T05:00:00.000Z',
      dateEnd: '2031-03-10T05:30:00.000Z',
      past: false,
    });
    expect(evening.at(-1)!.id).toBe('100331_2130_2200');

    const byStart = new Map(flat(body.slots).map((s) => [s.start, s]));
    const counts = (start: string) => {
      const s = byStart.get(start)!;
      return [s.status, s.free_boxes, s.blocked_boxes, s.busy_boxes];
    };
    expect(counts('10:00')).toEqual(['Free', 3, 0, 1]);
    expect(counts('12:00')).toEqual(['Busy', 0, 0, 4]);
    expect(counts('13:00')).toEqual(['Blocked', 0, 4, 0]);
    expect(counts('14:00')).toEqual(['Blocked', 0, 3, 1]);
    expect(counts('15:00')).toEqual(['Free', 4, 0, 0]);
  });

  it('marks a day off as not working, with no slots', async () => {
    const res = await read(ids.sadovaya, sunday);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      time_zone: 'Asia/Novosibirsk',
      working: false,
      slots: { morning: [], day: [], evening: [], night: [] },
    });
  });

  it("lays out a Novosibirsk day on the station's own clock", async () => {
    const body = (await read(ids.sadovaya, monday)).json() as SlotsResponse;
    // 09:00 local is 02:00Z; 21:00 closes after 24 slots.
    expect(body.slots.morning[0]).toMatchObject({
      id: '100331_0900_0930',
      dateStart: '2031-03-10T02:00:00.000Z',
    });
    expect(flat(body.slots)).toHaveLength(24);
  });

  it('marks slots whose start has come as past', async () => {
    const body = (await read(ids.lenina, '2020-01-06')).json() as SlotsResponse;
    expect(flat(body.slots).every((s) => s.past)).toBe(true);
    expect(flat((await read(ids.lenina, monday)).json().slots).some((s) => s.past)).toBe(false);
  });

  it('refuses a malformed or impossible date with 400', async () => {
    for (const [date, message] of [
      ['10.03.2031', 'Некорректная дата'],
      ['2031-02-30', 'Некорректная дата'],
      ['', 'Некорректная дата'],
      ['0000-01-01', 'Дата должна быть между 2000 и 2100 годом'],
    ]) {
      const res = await read(ids.lenina, date!);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields).toEqual({ selected_date: message });
    }
  });

  it("hides another network's station and unknown ids as 404", async () => {
    const rival = await t.loginAs('rival');
    for (const id of [ids.lenina, 'x', '00000000-0000-4000-8000-000000000000']) {
      const res = await read(id, monday, rival.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('requires a session and a matching X-User-Id', async () => {
    await expectSignInRequired(t, { method: 'GET', url: `/api/slots/${ids.lenina}?selected_date=${monday}` });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pricingLimitsMessages,
  scheduleMessages,
  settingsMessages,
  stationMessages,
  type Station,
} from '@crm/shared';
import { boxes, orders, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

const hour = 60 * 60_000;

describe('POST /api/station/update/{id}', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const update = async (login: string, stationId: string, payload: Record<string, unknown>) => {
    const user = await t.loginAs(login);
    return t.app.inject({
      method: 'POST',
      url: `/api/station/update/${stationId}`,
      headers: user.headers,
      payload,
    });
  };
  const stationRow = async (id: string) =>
    (await t.db.select().from(stations).where(eq(stations.id, id)))[0]!;
  const boxNumbers = async (stationId: string) =>
    (await t.db.select().from(boxes).where(eq(boxes.stationId, stationId)))
      .map((b) => b.number)
      .sort((a, b) => a - b);

  describe('general settings', () => {
    it('lets the owner change settings and add trailing boxes that start Free', async () => {
      const res = await update('owner', ids.sadovaya, {
        name: 'Мойка на Садовой, 12',
        boxes: 5,
        slot_duration: 45,
        enable_booking: false,
        location: { type: 'Point', coordinates: [82.92, 55.04] },
      });
      expect(res.statusCode).toBe(200);
      const station = res.json().station as Station;
      expect(station.name).toBe('Мойка на Садовой, 12');
      expect(station.slot_duration).toBe(45);
      expect(station.enable_booking).toBe(false);
      expect(station.location?.coordinates).toEqual([82.92, 55.04]);
      expect(station.boxes).toEqual([1, 2, 3, 4, 5].map((number) => ({ number, status: 'Free' })));
      expect(station.time_zone).toBe('Asia/Novosibirsk');
      // Box 5 was just added and has no orders: it may go again at once.
      const fewer = await update('owner', ids.sadovaya, { boxes: 4 });
      expect(fewer.statusCode).toBe(200);
      expect(await boxNumbers(ids.sadovaya)).toEqual([1, 2, 3, 4]);
    });

    it('lets a principal and role admin update, but not an administrator or worker', async () => {
      for (const login of ['principal', 'admin']) {
        expect((await update(login, ids.lenina, { enable_payment: true })).statusCode).toBe(200);
      }
      for (const login of ['administrator', 'worker']) {
        for (const payload of [{ name: 'Захват' }, { boxes: 1 }, { stepCost: 10 }]) {
          const res = await update(login, ids.lenina, payload);
          expect(res.statusCode).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      }
      expect(await boxNumbers(ids.lenina)).toEqual([1, 2, 3, 4]);
    });

    it('answers 404 to a rival updating a Демо-сеть station, and changes nothing', async () => {
      const res = await update('rival', ids.lenina, { name: 'Захват', boxes: 1, limitMaxCost: 1 });
      expect(res.statusCode).toBe(404);
      const row = await stationRow(ids.lenina);
      expect(row.name).toBe('Мойка на Ленина');
      expect(row.limitMaxCost).not.toBe(1);
      expect(await boxNumbers(ids.lenina)).toEqual([1, 2, 3, 4]);
    });

    it('rejects invalid input and unknown members with field messages', async () => {
      const res = await update('owner', ids.lenina, {
        name: '',
        boxes: 21,
        worktime_by_day: { start_Monday: '18:00', end_Monday: '09:00' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({
        name: 'Пожалуйста, введите название станции',
        boxes: 'Максимальное количество боксов - 20',
        'worktime_by_day.end_Monday': stationMessages.rangeOrder,
      });
      expect((await update('owner', ids.lenina, { boxes: 0 })).json().error.fields).toEqual({
        boxes: 'Должен быть хотя бы один бокс',
      });
      expect((await update('owner', ids.lenina, { network_id: 'x' })).statusCode).toBe(400);
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/station/update/${ids.lenina}`,
        payload: { name: 'Захват' },
      });
    });
  });

  describe('work schedule', () => {
    it('stores only the working days, in week order, with their hours', async () => {
      const res = await update('owner', ids.lenina, {
        daysOfWork: ['Saturday', 'Monday'],
        worktime_by_day: {
          start_Saturday: '10:00',
          end_Saturday: '18:00',
          start_Monday: '08:00',
          end_Monday: '23:59',
          // Tuesday is not a working day any more: its hours go.
          start_Tuesday: '10:00',
          end_Tuesday: '20:00',
        },
        // The demo's orders on the other days stay where they are (stations.affected-orders.test.ts).
        affected_orders: 'keep',
      });
      expect(res.statusCode).toBe(200);
      const saved = {
        start_Monday: '08:00',
        end_Monday: '23:59',
        start_Saturday: '10:00',
        end_Saturday: '18:00',
      };
      expect(res.json().station.worktime_by_day).toEqual(saved);
      expect(res.json().station.daysOfWork).toEqual(['Monday', 'Saturday']);
      expect((await stationRow(ids.lenina)).worktimeByDay).toEqual(saved);
    });

    it('refuses a schedule with no day, a day ending before it starts, or days without hours', async () => {
      const before = (await stationRow(ids.lenina)).worktimeByDay;
      const none = await update('owner', ids.lenina, { daysOfWork: [], worktime_by_day: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields).toEqual({ daysOfWork: scheduleMessages.noDays });
      const reversed = await update('owner', ids.lenina, {
        daysOfWork: ['Saturday'],
        worktime_by_day: { start_Saturday: '20:00', end_Saturday: '10:00' },
      });
      expect(reversed.json().error.fields).toEqual({
        'worktime_by_day.end_Saturday':
          'Время окончания работы не может быть раньше времени начала для субботы',
      });
      const noHours = await update('owner', ids.lenina, { daysOfWork: ['Monday'] });
      expect(noHours.json().error.fields).toEqual({ worktime_by_day: 'Укажите часы работы' });
      const dayWithoutHours = await update('owner', ids.lenina, {
        daysOfWork: ['Monday', 'Saturday'],
        worktime_by_day: { start_Monday: '10:00', end_Monday: '20:00' },
      });
      expect(dayWithoutHours.json().error.fields).toEqual({
        'worktime_by_day.start_Saturday': 'Укажите время работы для субботы',
      });
      const badDay = await update('owner', ids.lenina, { daysOfWork: ['Someday'], worktime_by_day: {} });
      expect(badDay.statusCode).toBe(400);
      expect(badDay.json().error.fields).toHaveProperty(['daysOfWork.0']);
      expect((await stationRow(ids.lenina)).worktimeByDay).toEqual(before);
    });

    it('forbids the schedule to an administrator', async () => {
      const res = await update('administrator', ids.lenina, {
        daysOfWork: ['Monday'],
        worktime_by_day: { start_Monday: '10:00', end_Monday: '11:00' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('pricing limits', () => {
    it('stores a full set, then checks a partial change against the stored values', async () => {
      const full = await update('owner', ids.sadovaya, {
        limitMinCost: 1000,
        limitMaxCost: 5000,
        stepCost: 100,
      });
      expect(full.statusCode).toBe(200);
      expect(full.json().station).toMatchObject({ limitMinCost: 1000, limitMaxCost: 5000, stepCost: 100 });

      const tooLargeStep = await update('owner', ids.sadovaya, { stepCost: 4500 });
      expect(tooLargeStep.statusCode).toBe(400);
      expect(tooLargeStep.json().error.fields).toEqual({ stepCost: pricingLimitsMessages.stepTooLarge });
      const maxBelowMin = await update('owner', ids.sadovaya, { limitMaxCost: 800 });
      expect(maxBelowMin.json().error.fields).toEqual({ limitMaxCost: pricingLimitsMessages.maxAboveMin });
      // The broken rule is the maximum's, but the caller sent only the minimum: the message goes there.
      const minAboveMax = await update('owner', ids.sadovaya, { limitMinCost: 6000 });
      expect(minAboveMax.json().error.fields).toEqual({ limitMinCost: pricingLimitsMessages.maxAboveMin });
      expect(await stationRow(ids.sadovaya)).toMatchObject({
        limitMinCost: 1000,
        limitMaxCost: 5000,
        stepCost: 100,
      });

      const raised = await update('principal', ids.sadovaya, { limitMaxCost: 9000 });
      expect(raised.statusCode).toBe(200);
      expect(raised.json().station).toMatchObject({ limitMinCost: 1000, limitMaxCost: 9000, stepCost: 100 });
    });

    it('checks a full set by itself, with the S2 §5 messages', async () => {
      const res = await update('owner', ids.sadovaya, { limitMinCost: -1, limitMaxCost: 100, stepCost: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({
        limitMinCost: pricingLimitsMessages.negative,
        stepCost: pricingLimitsMessages.stepPositive,
      });
      const reversed = await update('owner', ids.sadovaya, {
        limitMinCost: 500,
        limitMaxCost: 500,
        stepCost: 10,
      });
      expect(reversed.json().error.fields).toEqual({ limitMaxCost: pricingLimitsMessages.maxAboveMin });
      const notNumber = await update('owner', ids.sadovaya, { stepCost: 'много' });
      expect(notNumber.json().error.fields).toEqual({ stepCost: pricingLimitsMessages.stepRequired });
    });
  });

  describe('fewer boxes', () => {
    /** A station of its own (the demo stations have orders on every box) with four boxes. */
    async function stationWithFourBoxes() {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: owner.headers,
        payload: {
          name: 'Мойка на Тверской',
          boxes: 4,
          address: 'Москва, Тверская улица, 7',
          location: { type: 'Point', coordinates: [37.6118, 55.7585] },
          worktime_by_day: { start_Monday: '09:00', end_Monday: '21:00' },
        },
      });
      return res.json().data as Station;
    }

    async function addOrder(
      station: Station,
      box: number,
      from: number,
      to: number,
      kind: { status?: string; orderType?: string } = {},
    ) {
      const now = Date.now();
      const [row] = await t.db
        .insert(orders)
        .values({
          stationId: station.id,
          networkId: station.network_id,
          boxNumber: box,
          status: kind.status ?? 'Booked',
          source: 'Own',
          orderType: kind.orderType ?? 'Booking',
          bookingStart: new Date(now + from * hour),
          bookingEnd: new Date(now + to * hour),
          clientCar: {
            brand: 'Kia',
            model: 'Rio',
            plate_number: 'а123вс77',
            body_type: '',
            body_color: '',
            car_class: null,
            category: null,
          },
          basket: {
            tariff_id: null,
            slot_id: null,
            price_element_id: null,
            total_duration_minutes: (to - from) * 60,
            total_amount: 0,
            include_service_amount: 0,
            additional_service_amounts: {},
            compensation_amount: 0,
            user_need_to_pay_amount: 0,
          },
        })
        .returning({ id: orders.id });
      return row!.id;
    }
    const orderExists = async (id: string) =>
      (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, id))).length === 1;

    it('refuses to remove a box a future order uses, and removes it once the order is cancelled', async () => {
      const station = await stationWithFourBoxes();
      const future = await addOrder(station, 4, 48, 49);
      const onKeptBox = await addOrder(station, 2, 48, 49);
      const futureBlocker = await addOrder(station, 3, 24, 25, { orderType: 'BlockerBookingSlot' });
      const pastBlocker = await addOrder(station, 3, -25, -24, { orderType: 'BlockerBookingSlot' });
      const pastOrder = await addOrder(station, 4, -3, -2, { status: 'Completed' });

      const listed = await update('owner', station.id, { boxes: 2, name: 'Мойка на Тверской, 7' });
      expect(listed.statusCode).toBe(409);
      expect(listed.json().error).toMatchObject({
        code: 'ORDERS_OUTSIDE_HOURS',
        total: 1,
        orders: [{ id: future, box_number: 4, reason: 'box' }],
      });
      // An order cannot stay on a box that goes.
      const refused = await update('owner', station.id, {
        boxes: 2,
        name: 'Мойка на Тверской, 7',
        affected_orders: 'keep',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'BOX_IN_USE',
        message: settingsMessages.boxInUse.replace('{box}', '4'),
      });
      // All or nothing: the name sent with the refused count is not saved either, the blocker stays.
      expect(await boxNumbers(station.id)).toEqual([1, 2, 3, 4]);
      expect((await stationRow(station.id)).name).toBe('Мойка на Тверской');
      expect(await orderExists(futureBlocker)).toBe(true);

      await t.db.update(orders).set({ status: 'Canceled' }).where(eq(orders.id, future));
      const allowed = await update('owner', station.id, { boxes: 2 });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().station.boxes).toEqual([1, 2].map((number) => ({ number, status: 'Free' })));
      expect(await orderExists(futureBlocker)).toBe(false);
      // History stays: past rows, cancelled orders and orders on the boxes kept.
      for (const id of [pastBlocker, pastOrder, future, onKeptBox]) expect(await orderExists(id)).toBe(true);

      const again = await update('owner', station.id, { boxes: 3 });
      expect(again.json().station.boxes).toEqual([1, 2, 3].map((number) => ({ number, status: 'Free' })));
    });

    it('names the lowest box in use, and counts an order under way as in use', async () => {
      const station = await stationWithFourBoxes();
      await addOrder(station, 4, 2, 3);
      const underWay = await addOrder(station, 3, -1, 1, { status: 'Processing' });
      const res = await update('owner', station.id, { boxes: 1, affected_orders: 'keep' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(settingsMessages.boxInUse.replace('{box}', '3'));
      await t.db.update(orders).set({ status: 'StationCanceled' }).where(eq(orders.id, underWay));
      const next = await update('owner', station.id, { boxes: 1, affected_orders: 'keep' });
      expect(next.json().error.message).toBe(settingsMessages.boxInUse.replace('{box}', '4'));
    });
  });
});

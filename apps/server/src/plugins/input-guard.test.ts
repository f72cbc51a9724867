import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateMessages, orderMessages, textMessages } from '@crm/shared';
import { drivers, orders, stations, users } from '../db/schema';
import { demoIds } from '../modules/users/test-guards';
import {
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
} from '../modules/orders/orders.test-support';
import { createTestApp, type TestApp } from '../test/test-app';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

/**
 * Issue 9 items 1–3: the fuzz findings. NUL, lone surrogates and dates out of range are a 400 naming the
 * field in Russian on every route, never a 500, and nothing is written.
 */
describe('input guard (DESIGN §8)', () => {
  let t: TestApp;
  let owner: Login;
  let lenina: string;
  let network: string;
  let tariffId: string;
  let amount: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.loginAs('owner');
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    const [station] = await t.db.select().from(stations).where(eq(stations.id, lenina));
    network = station!.networkId;
    const express = await tariffByCode(t, lenina, 'express');
    tariffId = express.id;
    amount = (await expectedPrice(t, lenina, tariffId, 'Compact')).totalAmount;
  });
  afterAll(() => t.close());

  const send = (request: InjectOptions, who: Login | null = owner) =>
    t.app.inject({ ...request, headers: { ...(who?.headers ?? {}), ...request.headers } });

  /** The one error shape with this field message (and, unless `alongside`, no other field). */
  const expectField = async (request: InjectOptions, field: string, message: string, alongside = false) => {
    const res = await send(request);
    expect(res.statusCode, `${request.method} ${request.url} ${field}: ${res.body}`).toBe(400);
    const error = res.json().error;
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Проверьте правильность заполнения полей',
    });
    if (alongside) expect(error.fields).toMatchObject({ [field]: message });
    else expect(error.fields).toEqual({ [field]: message });
  };

  const ordersWithComment = async (comment: string) =>
    t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.stationId, lenina), eq(orders.comment, comment)));

  describe('NUL (item 1)', () => {
    it('refuses an order comment with NUL and stores no order', async () => {
      const body = orderBody(tariffId, amount, { comment: 'a\u0000b' });
      await expectField(
        { method: 'POST', url: `/api/create_order/${lenina}`, payload: body },
        'comment',
        textMessages.unsafe,
      );
      expect(await ordersWithComment('a\u0000b'.replace('\u0000', ''))).toEqual([]);
      expect(await ordersWithComment('ab')).toEqual([]);
    });

    it('refuses NUL in names, addresses, search, car fields and CRM data', async () => {
      const cases: [InjectOptions, string][] = [
        [
          {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            payload: orderBody(tariffId, amount, {
              car: { ...orderBody(tariffId, amount).car, model: 'Rio\u0000' },
            }),
          },
          'car.model',
        ],
        [
          {
            method: 'POST',
            url: '/api/drivers/create',
            payload: {
              network_id: network,
              name: 'Иван\u0000',
              surname: 'Петров',
              phone: '+79160000001',
              cars: [],
            },
          },
          'name',
        ],
        [
          { method: 'POST', url: `/api/drivers/search/${network}`, payload: { query: 'Ива\u0000н' } },
          'query',
        ],
        [
          {
            method: 'POST',
            url: `/api/station/update/${lenina}`,
            payload: { address: 'Москва, Тверская\u0000 7' },
          },
          'address',
        ],
        [{ method: 'POST', url: `/api/station/update/${lenina}`, payload: { name: '\u0000' } }, 'name'],
        [
          {
            method: 'POST',
            url: '/api/order/list',
            payload: {
              station_id: lenina,
              date_start: '2031-03-10',
              date_end: '2031-03-11',
              history: true,
              search: 'a\u0000',
            },
          },
          'search',
        ],
        [
          { method: 'POST', url: `/api/user/update/${owner.userId}`, payload: { name: 'Алексей\u0000' } },
          'name',
        ],
        [
          {
            method: 'POST',
            url: `/api/user/update_crm_data/${owner.userId}`,
            payload: {
              crm_data: { pushNotifications: { userJourney: { lastSignificantAction: 'x\u0000' } } },
            },
          },
          'crm_data.pushNotifications.userJourney.lastSignificantAction',
        ],
        [{ method: 'GET', url: `/api/geo/suggest?text=${encodeURIComponent('Москва\u0000')}` }, 'text'],
        [
          { method: 'GET', url: `/api/station/rating/${lenina}?sdate=2026-11-01&edate=2026-11-30&x=%00` },
          'x',
        ],
        // A path parameter: «%00» decodes to NUL.
        [{ method: 'GET', url: '/api/order/%00' }, 'id'],
      ];
      for (const [request, field] of cases) await expectField(request, field, textMessages.unsafe);
      const [row] = await t.db.select().from(stations).where(eq(stations.id, lenina));
      expect(row!.name).toBe('Мойка на Ленина');
      expect(await t.db.select().from(drivers).where(eq(drivers.surname, 'Петров'))).toEqual([]);
    });

    it('refuses a bad key, naming the object that holds it', async () => {
      await expectField(
        {
          method: 'POST',
          url: `/api/create_order/${lenina}`,
          payload: {
            ...orderBody(tariffId, amount),
            basket: {
              ...orderBody(tariffId, amount).basket,
              additionalServiceAmounts: { ['wax\u0000']: 100 },
            },
          },
        },
        'basket.additionalServiceAmounts',
        textMessages.unsafe,
      );
    });

    it('checks parts a route reads without a schema too', async () => {
      // The order-detail route validates its params only; a query string is still checked.
      await expectField(
        { method: 'GET', url: `/api/order/00000000-0000-4000-8000-000000000000?q=%00` },
        'q',
        textMessages.unsafe,
      );
      // The wizard's finish validates no body: a bad one is refused before the handler runs.
      const wizard = await t.loginAs('wizard');
      const { newWash } = await demoIds(t);
      const res = await send(
        { method: 'POST', url: `/api/wizard/finish/${newWash}`, payload: { note: '\u0000' } },
        wizard,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ note: textMessages.unsafe });
      const [user] = await t.db.select().from(users).where(eq(users.id, wizard.userId));
      expect(user!.role).toBe('wizard');
    });

    it('still answers 401 first to a signed-out caller', async () => {
      const res = await send(
        {
          method: 'POST',
          url: `/api/create_order/${lenina}`,
          payload: orderBody(tariffId, amount, { comment: '\u0000' }),
        },
        null,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    });
  });

  describe('unpaired surrogates (item 2)', () => {
    it('refuses them in JSON-stored fields', async () => {
      const base = orderBody(tariffId, amount);
      const cases: [InjectOptions, string][] = [
        [
          {
            method: 'POST',
            url: '/api/drivers/create',
            payload: {
              network_id: network,
              name: 'Иван',
              surname: 'Суррогатов',
              phone: '+79160000002',
              cars: [{ brand: '\ud800', model: 'Rio', plate_number: 'А123ВС77' }],
            },
          },
          'cars.0.brand',
        ],
        [
          {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            payload: { ...base, car: { ...base.car, brand: 'Kia\udfff' } },
          },
          'car.brand',
        ],
        [
          {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            payload: { ...base, car: { ...base.car, bodyColor: '\ud83d' } },
          },
          'car.bodyColor',
        ],
        [
          {
            method: 'POST',
            url: `/api/create_order/${lenina}`,
            payload: { ...base, phones: [{ redirection_phone: '+7916\ud800' }] },
          },
          'phones.0.redirection_phone',
        ],
        [
          {
            method: 'POST',
            url: `/api/user/update_crm_data/${owner.userId}`,
            payload: { crm_data: { pushNotifications: { lastPromptDate: '\ud800' } } },
          },
          'crm_data.pushNotifications.lastPromptDate',
        ],
      ];
      for (const [request, field] of cases) await expectField(request, field, textMessages.unsafe);
      expect(await t.db.select().from(drivers).where(eq(drivers.surname, 'Суррогатов'))).toEqual([]);
    });

    it('refuses them in plain text columns instead of storing U+FFFD', async () => {
      const body = orderBody(tariffId, amount, { comment: 'до\ud800после' });
      await expectField(
        { method: 'POST', url: `/api/create_order/${lenina}`, payload: body },
        'comment',
        textMessages.unsafe,
      );
      expect(await ordersWithComment('до\ufffdпосле')).toEqual([]);
    });

    it('keeps whole emoji and Cyrillic as they are', async () => {
      const body = orderBody(tariffId, amount, {
        comment: 'Клиент 😀 доволен',
        start: '2031-03-12T07:00:00.000Z',
      });
      const res = await send({ method: 'POST', url: `/api/create_order/${lenina}`, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.comment).toBe('Клиент 😀 доволен');
    });
  });

  describe('dates out of range (item 3)', () => {
    it('refuses list dates outside 2000–2100', async () => {
      await expectField(
        {
          method: 'POST',
          url: '/api/order/list',
          payload: { station_id: lenina, date_start: '0000-01-01', date_end: '2026-11-24' },
        },
        'date_start',
        dateMessages.range,
      );
      await expectField(
        {
          method: 'POST',
          url: '/api/order/list',
          payload: { station_id: lenina, date_start: '2100-12-31', date_end: '9999-12-31' },
        },
        'date_end',
        dateMessages.range,
      );
      const lastDay = await send({
        method: 'POST',
        url: '/api/order/list',
        payload: { station_id: lenina, date_start: '2100-12-30', date_end: '2100-12-31' },
      });
      expect(lastDay.statusCode).toBe(200);
    });

    it('refuses rating and analytics periods outside 2000–2100', async () => {
      for (const call of ['rating', 'analytics']) {
        await expectField(
          { method: 'GET', url: `/api/station/${call}/${lenina}?sdate=9999-12-30&edate=9999-12-31` },
          'sdate',
          dateMessages.range,
          true,
        );
        await expectField(
          { method: 'GET', url: `/api/station/${call}/${lenina}?sdate=1999-12-31&edate=2000-01-01` },
          'sdate',
          dateMessages.range,
        );
        // The last day of the window: the server's "+1 day" end stays storable.
        const edge = await send({
          method: 'GET',
          url: `/api/station/${call}/${lenina}?sdate=2100-12-31&edate=2100-12-31`,
        });
        expect(edge.statusCode, `${call}: ${edge.body}`).toBe(200);
      }
    });

    it('refuses booking instants outside 2000–2100 and stores nothing', async () => {
      for (const start of [
        '-005000-03-10T08:00:00.000Z',
        '+275760-09-12T08:00:00.000Z',
        '1999-12-31T23:00:00.000Z',
      ]) {
        const body = { ...orderBody(tariffId, amount), bookingStart: start, comment: `вне окна ${start}` };
        await expectField(
          { method: 'POST', url: `/api/create_order/${lenina}`, payload: body },
          'bookingStart',
          dateMessages.range,
          true,
        );
        expect(await ordersWithComment(`вне окна ${start}`)).toEqual([]);
      }
      const end = { ...orderBody(tariffId, amount), bookingEnd: '+275760-09-12T08:00:00.000Z' };
      await expectField(
        { method: 'POST', url: `/api/create_order/${lenina}`, payload: end },
        'bookingEnd',
        dateMessages.range,
      );
      const malformed = { ...orderBody(tariffId, amount), bookingStart: '2031-02-30T08:00:00.000Z' };
      await expectField(
        { method: 'POST', url: `/api/create_order/${lenina}`, payload: malformed },
        'bookingStart',
        orderMessages.startInvalid,
      );
    });

    it('refuses a CRM prompt date that is no instant in the window', async () => {
      const url = `/api/user/update_crm_data/${owner.userId}`;
      const field = 'crm_data.pushNotifications.lastPromptDate';
      await expectField(
        {
          method: 'POST',
          url,
          payload: { crm_data: { pushNotifications: { lastPromptDate: '0000-01-01T00:00:00Z' } } },
        },
        field,
        dateMessages.range,
      );
      await expectField(
        { method: 'POST', url, payload: { crm_data: { pushNotifications: { lastPromptDate: 'вчера' } } } },
        field,
        dateMessages.instantInvalid,
      );
      const ok = await send({
        method: 'POST',
        url,
        payload: { crm_data: { pushNotifications: { lastPromptDate: '2026-11-23T10:00:00.000Z' } } },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });
});

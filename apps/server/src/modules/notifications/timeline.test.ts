import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTimelineEntry } from '@crm/shared';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import {
  call,
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
  clearAroundNow,
} from '../orders/orders.test-support';
import { recordSoonEvents } from './outbox-soon';

describe('GET /api/order/{id}/events', () => {
  let t: TestApp;
  let lenina: string;
  let orderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    // An early start moves the booking to now: its box must be free now (issue 38).
    await clearAroundNow(t, lenina);
    const tariffId = (await tariffByCode(t, lenina, 'express')).id;
    const total = (await expectedPrice(t, lenina, tariffId, 'Compact')).totalAmount;
    const admin = await t.loginAs('administrator');
    const worker = await t.loginAs('worker');
    const { order } = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: orderBody(tariffId, total),
    });
    orderId = order.id;
    await call(t, {
      method: 'POST',
      url: `/api/order_processing/${orderId}?skip_validation=true`,
      headers: worker.headers,
    });
  });
  afterAll(() => t.close());

  const get = async (id: string, login = 'owner') =>
    t.app.inject({
      method: 'GET',
      url: `/api/order/${id}/events`,
      headers: (await t.loginAs(login)).headers,
    });

  it('lists the events oldest first, with who did each', async () => {
    const res = await get(orderId);
    expect(res.statusCode).toBe(200);
    const events = res.json().events as OrderTimelineEntry[];
    expect(
      events.map(({ action, from_status, to_status, actor_kind, actor_name, source }) => ({
        action,
        from_status,
        to_status,
        actor_kind,
        actor_name,
        source,
      })),
    ).toEqual([
      {
        action: 'created',
        from_status: null,
        to_status: 'Booked',
        actor_kind: 'user',
        actor_name: 'Ирина Волкова',
        source: 'Own',
      },
      {
        action: 'status',
        from_status: 'Booked',
        to_status: 'Processing',
        actor_kind: 'user',
        actor_name: 'Дмитрий Орлов',
        source: 'Own',
      },
    ]);
    expect(Date.parse(events[0]!.at)).toBeLessThanOrEqual(Date.parse(events[1]!.at));
    // Every position of the network sees the trail, the worker too.
    expect((await get(orderId, 'worker')).statusCode).toBe(200);
  });

  it("names a partner by the partner's name and the system by nobody", async () => {
    const [partner] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.stationId, lenina), eq(orders.source, 'Yandex')))
      .limit(1);
    const seeded = (await get(partner!.id)).json().events as OrderTimelineEntry[];
    expect(seeded[0]).toMatchObject({ action: 'created', actor_kind: 'partner', actor_name: 'Яндекс' });

    const start = new Date(Date.now() + 5 * 60_000);
    await t.db
      .update(orders)
      .set({
        bookingStart: start,
        bookingEnd: new Date(start.getTime() + 1_800_000),
        boxNumber: 9,
        status: 'Booked',
        dateStart: null,
      })
      .where(eq(orders.id, orderId));
    await recordSoonEvents(t.db);
    const events = (await get(orderId)).json().events as OrderTimelineEntry[];
    expect(events.at(-1)).toMatchObject({ action: 'soon', actor_kind: 'system', actor_name: null });
  });

  it('is 404 for another tenant, an unknown id and a malformed id, and needs a session', async () => {
    expect((await get(orderId, 'rival')).statusCode).toBe(404);
    expect((await get(orderId, 'newcomer')).statusCode).toBe(404);
    expect((await get(randomUUID())).statusCode).toBe(404);
    expect((await get('not-an-id')).statusCode).toBe(404);
    // Role admin opens any station, so any order's trail.
    expect((await get(orderId, 'admin')).statusCode).toBe(200);
    await expectSignInRequired(t, { method: 'GET', url: `/api/order/${orderId}/events` });
  });
});

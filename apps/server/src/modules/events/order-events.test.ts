import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@crm/shared';
import { orderEvents, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  expectedPrice,
  orderBody,
  plus,
  stationIdByCarwash,
  carwashIds,
  tariffByCode,
  clearAroundNow,
} from '../orders/orders.test-support';
import { insertBlocker, monday, mondaySlot, moscow } from '../slots/slots.test-support';
import { recordOrderEvent } from './order-event-bus';

/** DESIGN §7: every change of an order writes one event row in its own transaction. */
describe('order events written by every order change', () => {
  let t: TestApp;
  let lenina: string;
  let tariffId: string;
  let total: number;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let worker: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    // An early start moves the booking to now: its box must be free now (issue 38).
    await clearAroundNow(t, lenina);
    const express = await tariffByCode(t, lenina, 'express');
    tariffId = express.id;
    total = (await expectedPrice(t, lenina, tariffId, 'Compact')).totalAmount;
    admin = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
  });
  afterAll(() => t.close());

  const eventsOf = (orderId: string) =>
    t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    call(t, { method: 'POST', url, headers, payload });
  let slot = 0;
  /** Each order its own half hour of the free day, from 10:00 Moscow. */
  const nextStart = () => plus('2031-03-12T07:00:00.000Z', 30 * slot++);
  const create = async () =>
    (
      await post(
        `/api/create_order/${lenina}`,
        admin.headers,
        orderBody(tariffId, total, { start: nextStart() }),
      )
    ).order;

  it('create → created, by the caller, with no previous status', async () => {
    const order = await create();
    const rows = await eventsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'created',
      fromStatus: null,
      toStatus: 'Booked',
      actorKind: 'user',
      actorUserId: admin.userId,
      source: 'Own',
      stationId: lenina,
      fannedOutAt: null,
    });
  });

  it('edit → updated, move → moved, each step → status from → to, payment → payment', async () => {
    const order = await create();
    const start = nextStart();
    await post(`/api/own_order/update/${order.id}`, admin.headers, orderBody(tariffId, total, { start }));
    await post(`/api/own_order/move/${order.id}`, admin.headers, {
      booking_start: start,
      booking_end: plus(start, 30),
      box_number: order.box_number === 1 ? 2 : 1,
    });
    await post(`/api/order_processing/${order.id}?skip_validation=true`, worker.headers);
    await post(`/api/order/payment/${order.id}`, admin.headers, {
      payment_method: 'paid_card',
      sum_completed: total,
    });
    await post(`/api/order_completed/${order.id}?skip_validation=true`, worker.headers);
    const rows = await eventsOf(order.id);
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.actorUserId])).toEqual([
      ['created', null, 'Booked', admin.userId],
      ['updated', 'Booked', 'Booked', admin.userId],
      ['moved', 'Booked', 'Booked', admin.userId],
      ['status', 'Booked', 'Processing', worker.userId],
      ['payment', 'Processing', 'Processing', admin.userId],
      ['status', 'Processing', 'Completed', worker.userId],
    ]);
  });

  it('cancel → status to StationCanceled', async () => {
    const order = await create();
    await post(`/api/order_canceled/${order.id}`, admin.headers, { cancel_reason: 'Other' });
    const rows = await eventsOf(order.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'status',
      fromStatus: 'Booked',
      toStatus: 'StationCanceled',
    });
    expect(rows).toHaveLength(2);
  });

  it('a refused write (409) leaves no event, and a rolled-back transaction takes its event with it', async () => {
    const order = await create();
    const other = await create();
    // Move onto the other order's time and box: the exclusion constraint refuses it.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/own_order/move/${order.id}`,
      headers: admin.headers,
      payload: {
        booking_start: other.booking_start,
        booking_end: other.booking_end,
        box_number: other.box_number,
      },
    });
    expect(res.statusCode).toBe(409);
    expect((await eventsOf(order.id)).map((r) => r.action)).toEqual(['created']);

    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(orders).set({ comment: 'откат' }).where(eq(orders.id, order.id));
        await recordOrderEvent(
          tx,
          { type: 'order.changed', station_id: lenina, order_id: order.id, status: 'Booked' },
          {
            action: 'updated',
            fromStatus: 'Booked',
            actor: { kind: 'user', userId: admin.userId },
            source: 'Own',
          },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await eventsOf(order.id)).map((r) => r.action)).toEqual(['created']);
  });

  it('slot block → blocked per blocker, unblock of part of a blocker → unblocked', async () => {
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${lenina}/${mondaySlot('16:00')}`,
      headers: admin.headers,
      payload: { to_unblock: false },
    });
    expect(blocked.statusCode).toBe(200);
    const blockers = await t.db
      .select()
      .from(orders)
      .where(eq(orders.bookingStart, moscow(monday, '16:00')));
    expect(blockers).toHaveLength(4);
    for (const blocker of blockers) {
      expect((await eventsOf(blocker.id)).map((r) => [r.action, r.actorUserId])).toEqual([
        ['blocked', admin.userId],
      ]);
    }

    // A one-hour blocker loses its first half hour: it stays, narrowed, with an «unblocked» line.
    await insertBlocker(t, lenina, monday, '18:00', '19:00', [2]);
    const [long] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.bookingStart, moscow(monday, '18:00')));
    const unblocked = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${lenina}/${mondaySlot('18:00')}`,
      headers: admin.headers,
      payload: { to_unblock: true },
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await eventsOf(long!.id)).map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([
      ['unblocked', 'Booked', 'Booked'],
    ]);
  });

  it('the SSE payload keeps its shape', async () => {
    const seen: unknown[] = [];
    const stop = await t.app.orderEvents.subscribe(lenina, (event) => seen.push(event));
    const order: Order = await create();
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({
      type: 'order.created',
      station_id: lenina,
      order_id: order.id,
      status: 'Booked',
      version: expect.any(Number),
    });
    stop();
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type Order } from '@crm/shared';
import { notificationDeliveries, orderEvents, orders, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordOrderEvent } from '../events/order-event-bus';
import {
  call,
  carwashIds,
  expectedPrice,
  insertRawOrder,
  orderBody,
  plus,
  stationIdByCarwash,
  tariffByCode,
} from '../orders/orders.test-support';
import { demoIds } from '../users/test-guards';
import { createOutbox, type Outbox } from './outbox';
import { backoffMs, errorText, maxAttempts } from './outbox-delivery';
import { recordSoonEvents } from './outbox-soon';
import { recordingChannel, type RecordingChannel } from './outbox.test-support';

describe('the notification outbox', () => {
  let t: TestApp;
  let lenina: string;
  let tariffId: string;
  let total: number;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let push: RecordingChannel;
  let telegram: RecordingChannel;
  let outbox: Outbox;
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    tariffId = (await tariffByCode(t, lenina, 'express')).id;
    total = (await expectedPrice(t, lenina, tariffId, 'Compact')).totalAmount;
    ids = await demoIds(t);
    admin = await t.loginAs('administrator');
  });
  beforeEach(async () => {
    await outbox?.stop();
    push = recordingChannel('push', { twice: [ids.user('owner')] });
    telegram = recordingChannel('telegram', { only: [ids.user('principal')] });
    outbox = createOutbox({ db: t.db, database: t.database, channels: [push, telegram], pollMs: 60_000 });
    await t.db.update(users).set({ notificationSettings: null });
  });
  afterAll(async () => {
    await outbox?.stop();
    await t.close();
  });

  let slot = 0;
  const create = async (): Promise<Order> =>
    (
      await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: orderBody(tariffId, total, { start: plus('2031-03-13T07:00:00.000Z', 30 * slot++) }),
      })
    ).order;
  const sendsOf = (channel: RecordingChannel, orderId: string) =>
    channel.sent.filter((s) => s.message.order.id === orderId).map((s) => s.recipient);
  const deliveriesOf = (orderId: string) =>
    t.db
      .select({ d: notificationDeliveries })
      .from(notificationDeliveries)
      .innerJoin(orderEvents, eq(orderEvents.id, notificationDeliveries.eventId))
      .where(eq(orderEvents.orderId, orderId))
      .then((rows) => rows.map((r) => r.d));

  it("tells every colleague but the actor of a new order, once per target, with the order's details", async () => {
    const order = await create();
    await outbox.runOnce();
    expect(sendsOf(push, order.id).sort()).toEqual(
      [
        `push:${ids.user('owner')}`,
        `push:${ids.user('owner')}:2`,
        `push:${ids.user('principal')}`,
        `push:${ids.user('worker')}`,
      ].sort(),
    );
    expect(sendsOf(telegram, order.id)).toEqual([`telegram:${ids.user('principal')}`]);
    const message = push.sent.find((s) => s.message.order.id === order.id)!.message;
    expect(message).toMatchObject({
      event: 'new_order',
      station: { id: lenina, name: 'Мойка на Ленина' },
      order: {
        id: order.id,
        number: order.number,
        status: 'Booked',
        source: 'Own',
        car: expect.stringMatching(/^Kia Rio /),
        time: '13.03 10:00–10:30',
        box: order.box_number,
        sum: total,
        awaitsDecision: false,
      },
      url: `/station/${lenina}?date=2031-03-13&orderId=${order.id}`,
    });
    const rows = await deliveriesOf(order.id);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.attempts === 1)).toBe(true);
    const [event] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(event!.fannedOutAt).not.toBeNull();

    // A second pass has nothing more to send.
    const before = push.sent.length;
    await outbox.runOnce();
    expect(push.sent.length).toBe(before);
  });

  it('leaves out a user who switched the event off for a channel, and changes nobody is told of', async () => {
    await t.db
      .update(users)
      .set({
        notificationSettings: { ...defaultNotificationSettings, new_order: { push: false, telegram: true } },
      })
      .where(eq(users.id, ids.user('owner')));
    const order = await create();
    await call(t, {
      method: 'POST',
      url: `/api/order_canceled/${order.id}`,
      headers: admin.headers,
      payload: {},
    });
    await outbox.runOnce();
    // The order was cancelled before the outbox ran: a new order nobody can wash any more is no news.
    expect(sendsOf(push, order.id)).toEqual([]);

    const live = await create();
    await outbox.runOnce();
    expect(sendsOf(push, live.id).sort()).toEqual(
      [`push:${ids.user('principal')}`, `push:${ids.user('worker')}`].sort(),
    );
  });

  it('retries a failed send with back-off, gives up after the last attempt, and drops a gone recipient', async () => {
    const order = await create();
    push.next.push(
      new Error('push service down at https://push.example/send/secret'),
      'gone',
      'sent',
      'sent',
    );
    telegram.next.push(new Error('bot 123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ blocked'));
    await outbox.runOnce();
    const rows = await deliveriesOf(order.id);
    const failed = rows.filter((r) => r.status === 'pending');
    expect(failed).toHaveLength(2);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.lockedUntil).toBeNull();
      const wait = row.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1000);
      expect(row.lastError).not.toMatch(/push\.example|ABCDEFGHIJ/);
    }
    expect(rows.filter((r) => r.status === 'dropped')).toHaveLength(1);

    // Due again: the second attempt goes through.
    await t.db.update(notificationDeliveries).set({ nextAttemptAt: sql`now()` });
    await outbox.runOnce();
    const after = await deliveriesOf(order.id);
    expect(after.filter((r) => r.status === 'pending')).toEqual([]);
    expect(after.filter((r) => r.status === 'sent').map((r) => r.attempts)).toContain(2);

    // The last attempt fails: given up, not retried for ever.
    const next = await create();
    await outbox.runOnce();
    const [one] = await deliveriesOf(next.id);
    await t.db
      .update(notificationDeliveries)
      .set({ status: 'pending', attempts: maxAttempts - 1, nextAttemptAt: sql`now()` })
      .where(eq(notificationDeliveries.id, one!.id));
    (one!.channel === 'push' ? push : telegram).next.push(new Error('still down'));
    await outbox.runOnce();
    const [gaveUp] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, one!.id));
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: maxAttempts, lastError: 'Error: still down' });
  });

  it('backs off 1 s, 2 s, 4 s … up to 5 minutes, and keeps no address or token in the error', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(20)).toBe(300_000);
    expect(errorText(new Error('GET https://api.telegram.org/bot123456:AAAbbbCCCdddEEEfffGGG/x'))).toBe(
      'Error: GET <url>',
    );
    expect(errorText('x'.repeat(500))).toHaveLength(200);
  });

  it('tells staff of a client cancellation and of an order starting soon (once, however often it scans)', async () => {
    const partner = await insertRawOrder(t, {
      stationId: lenina,
      bookingStart: new Date(Date.parse('2031-03-14T07:00:00.000Z')),
      bookingEnd: new Date(Date.parse('2031-03-14T07:30:00.000Z')),
    });
    await t.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'UserCanceled' }).where(eq(orders.id, partner.id));
      await recordOrderEvent(
        tx,
        { type: 'order.changed', station_id: lenina, order_id: partner.id, status: 'UserCanceled' },
        {
          action: 'status',
          fromStatus: 'Booked',
          actor: { kind: 'partner', userId: null },
          source: 'Yandex',
        },
      );
    });
    const soonStart = new Date(Date.now() + 10 * 60_000);
    const soon = await insertRawOrder(t, {
      stationId: lenina,
      // A box the station does not have: today's demo orders cannot be in the way.
      boxNumber: 9,
      bookingStart: soonStart,
      bookingEnd: new Date(soonStart.getTime() + 30 * 60_000),
    });
    const later = await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 9,
      bookingStart: new Date(Date.now() + 50 * 60_000),
      bookingEnd: new Date(Date.now() + 80 * 60_000),
    });
    await recordSoonEvents(t.db);
    await recordSoonEvents(t.db);
    const soonEvents = (orderId: string) =>
      t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'soon')));
    expect(await soonEvents(soon.id)).toHaveLength(1);
    expect(await soonEvents(later.id)).toHaveLength(0);
    expect((await soonEvents(soon.id))[0]).toMatchObject({ actorKind: 'system', toStatus: 'Booked' });

    await outbox.runOnce();
    const cancelled = push.sent.filter((s) => s.message.order.id === partner.id);
    // Nobody did it in the CRM: every member is told, the administrator too.
    expect(cancelled.map((s) => s.message.event)).toEqual(Array(5).fill('client_cancel'));
    const soonSends = push.sent.filter((s) => s.message.order.id === soon.id);
    expect(soonSends.map((s) => s.message.event)).toEqual(Array(5).fill('order_soon'));
  });

  it('delivers one order’s events to a recipient in order, holding later ones behind a retry', async () => {
    const order = await create();
    await call(t, {
      method: 'POST',
      url: `/api/order_canceled/${order.id}`,
      headers: admin.headers,
      payload: {},
    });
    // Two notable events of one order: its creation and a (pretend) client cancellation.
    await t.db.transaction((tx) =>
      recordOrderEvent(
        tx,
        { type: 'order.changed', station_id: lenina, order_id: order.id, status: 'UserCanceled' },
        { action: 'status', fromStatus: 'Booked', actor: { kind: 'partner', userId: null }, source: 'Own' },
      ),
    );
    await t.db.update(orders).set({ status: 'Booked' }).where(eq(orders.id, order.id));
    const only = recordingChannel('push', { only: [ids.user('worker')] });
    only.next.push(new Error('first fails'));
    const single = createOutbox({ db: t.db, database: t.database, channels: [only], pollMs: 60_000 });
    await single.runOnce();
    // The creation failed and waits; the cancellation was not sent past it.
    expect(only.sent.filter((s) => s.message.order.id === order.id)).toEqual([]);
    await t.db.update(notificationDeliveries).set({ nextAttemptAt: sql`now()` });
    await single.runOnce();
    await single.runOnce();
    expect(only.sent.filter((s) => s.message.order.id === order.id).map((s) => s.message.event)).toEqual([
      'new_order',
      'client_cancel',
    ]);
    await single.stop();
  });

  it('wakes on the commit: a started outbox sends a new order within 2 seconds without polling', async () => {
    await outbox.start();
    const started = Date.now();
    const order = await create();
    await expect.poll(() => sendsOf(push, order.id).length, { timeout: 2000, interval: 20 }).toBe(4);
    expect(Date.now() - started).toBeLessThan(2000 + 1000);
    await outbox.stop();
  });
});

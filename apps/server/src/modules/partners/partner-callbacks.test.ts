import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { orderEvents, orders, partnerCallbacks, partners } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOutbox, type Outbox } from '../notifications/outbox';
import { carwashIds, clearAroundNow, freeDay, stationIdByCarwash } from '../orders/orders.test-support';
import {
  callbackBackoffMs,
  callbackTypeOf,
  createPartnerCallbackSender,
  fanOutPartnerCallbacks,
} from './partner-callbacks';
import { bookingBody, demoPartners, providerTariff, signedRequest } from './partners.test-support';

// Status callbacks (issue 36): signed, in order per booking, retried against a real local receiver.

interface Received {
  type: string;
  status: string;
  partnerOrderId: string;
  reason: string | null;
  bookingStart: string;
  webhookId: string;
  answered: number;
}

/** A partner's callback endpoint on 127.0.0.1 that fails the first `failFirst` calls with 503. */
async function startReceiver(secret: string, failFirst: number) {
  const received: Received[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      calls++;
      let answered = 200;
      try {
        // Verified as a partner would, with the library: a bad signature would throw.
        const body = new Webhook(secret).verify(raw, req.headers as Record<string, string>) as {
          type: string;
          data: { status: string; partner_order_id: string; reason: string | null; booking_start: string };
        };
        if (calls <= failFirst) answered = 503;
        received.push({
          type: body.type,
          status: body.data.status,
          partnerOrderId: body.data.partner_order_id,
          reason: body.data.reason,
          bookingStart: body.data.booking_start,
          webhookId: String(req.headers['webhook-id']),
          answered,
        });
      } catch {
        answered = 400;
      }
      res.statusCode = answered;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let lenina: string;
let tariffId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let outbox: Outbox;
const yandex = demoPartners.yandex;
const at = (hourUtc: number) => `${freeDay}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  lenina = await stationIdByCarwash(t, carwashIds.lenina);
  // An early start moves the booking to now: its box must be free now (issue 38).
  await clearAroundNow(t, lenina);
  tariffId = (await providerTariff(t, lenina)).id;
  receiver = await startReceiver(yandex.secret, 3);
  await t.db.update(partners).set({ callbackUrl: receiver.url }).where(eq(partners.id, yandex.id));
  outbox = createOutbox({
    db: t.db,
    database: t.database,
    channels: [],
    partnerCallbacks: createPartnerCallbackSender({ backoffMs: () => 20 }),
    pollMs: 60_000,
  });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** Runs outbox passes until `done` holds (the back-off is 20 ms here), at most ~5 s. */
async function drainUntil(done: () => boolean) {
  for (let i = 0; i < 250 && !done(); i++) {
    await outbox.runOnce();
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function partnerBook(partnerOrderId: string, start: string) {
  const res = await t.app.inject(
    signedRequest(yandex, {
      method: 'POST',
      url: '/api/partner/v1/bookings',
      body: bookingBody(partnerOrderId, tariffId, start),
    }),
  );
  expect(res.statusCode).toBe(201);
  const [order] = await t.db.select().from(orders).where(eq(orders.extendedId, partnerOrderId));
  return order!;
}

describe('partner status callbacks', () => {
  it('maps station actions to callback types', () => {
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Accepted', toStatus: 'Booked' })).toBe(
      'booking.accepted',
    );
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Accepted', toStatus: 'StationCanceled' })).toBe(
      'booking.declined',
    );
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Booked', toStatus: 'StationCanceled' })).toBe(
      'booking.cancelled',
    );
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Booked', toStatus: 'Processing' })).toBe(
      'booking.started',
    );
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Processing', toStatus: 'Completed' })).toBe(
      'booking.completed',
    );
    expect(callbackTypeOf({ action: 'payment', fromStatus: 'Completed', toStatus: 'Completed' })).toBe(
      'booking.paid',
    );
    expect(callbackTypeOf({ action: 'status', fromStatus: 'Booked', toStatus: 'UserCanceled' })).toBeNull();
    expect(callbackTypeOf({ action: 'moved', fromStatus: 'Booked', toStatus: 'Booked' })).toBeNull();
  });

  it('backs off 2 s, 4 s, 8 s … after each failure, at most 10 minutes', () => {
    expect([1, 2, 3, 4].map(callbackBackoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(callbackBackoffMs(9)).toBe(512_000);
    expect(callbackBackoffMs(10)).toBe(600_000);
    expect(callbackBackoffMs(50)).toBe(600_000);
  });

  it('accept, start, complete, paid reach the partner signed and in order, retried past the first failures', async () => {
    const order = await partnerBook('ya-cb-1', at(6));
    const owner = await t.loginAs('owner');
    const step = async (url: string, payload?: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await step(`/api/order_booked/${order.id}`);
    await step(`/api/order_processing/${order.id}?skip_validation=true`);
    await step(`/api/order_completed/${order.id}?skip_validation=true`);
    await step(`/api/order/payment/${order.id}`, { payment_method: 'paid_card', sum_completed: order.sum });

    const delivered = () =>
      receiver.received.filter((r) => r.answered === 200 && r.partnerOrderId === 'ya-cb-1');
    await drainUntil(() => delivered().length >= 4);
    expect(delivered().map((r) => r.type)).toEqual([
      'booking.accepted',
      'booking.started',
      'booking.completed',
      'booking.paid',
    ]);
    expect(delivered().map((r) => r.status)).toEqual(['Booked', 'Processing', 'Completed', 'Completed']);
    // The first three calls failed: all of them were the first callback, the later ones waited their turn.
    const tries = receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-1');
    expect(tries.slice(0, 4).map((r) => r.type)).toEqual(Array(4).fill('booking.accepted'));
    expect(new Set(tries.slice(0, 4).map((r) => r.webhookId)).size).toBe(1);
    const rows = await t.db.select().from(partnerCallbacks).where(eq(partnerCallbacks.orderId, order.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 4],
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);

    // An answered availability read is not an exchange worth one of the 50 rows.
    const quote = (tariff: string) =>
      t.app.inject(
        signedRequest(yandex, {
          method: 'GET',
          url: `/api/partner/v1/stations/100101/availability?date=${freeDay}&tariff_id=${tariff}&car_category=Compact`,
        }),
      );
    expect((await quote(tariffId)).statusCode).toBe(200);

    // The admin sees the partner healthy again, and the station sees the exchanges.
    const admin = await t.loginAs('admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/partners', headers: admin.headers });
    const health = (
      list.json() as { partners: { id: string; health: { last_success_at: string | null } }[] }
    ).partners.find((p) => p.id === yandex.id)!.health;
    expect(health.last_success_at).not.toBeNull();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/station/${lenina}/partners`,
      headers: owner.headers,
    });
    const deliveries = (page.json() as { deliveries: { direction: string; kind: string; result: string }[] })
      .deliveries;
    expect(
      deliveries.some((d) => d.direction === 'out' && d.kind === 'booking.paid' && d.result === 'ok'),
    ).toBe(true);
    expect(deliveries.some((d) => d.direction === 'in' && d.kind === 'booking.create')).toBe(true);
    expect(deliveries.some((d) => d.kind === 'availability')).toBe(false);
  });

  it('a decline carries its reason; the partner is not called back about its own cancel', async () => {
    const declined = await partnerBook('ya-cb-2', at(8));
    const cancelled = await partnerBook('ya-cb-3', at(9));
    const owner = await t.loginAs('owner');
    const decline = await t.app.inject({
      method: 'POST',
      url: `/api/order_canceled/${declined.id}?cancel_reason=TimeBusy`,
      headers: owner.headers,
    });
    expect(decline.statusCode).toBe(200);
    const cancel = await t.app.inject(
      signedRequest(yandex, { method: 'POST', url: '/api/partner/v1/bookings/ya-cb-3/cancel', body: {} }),
    );
    expect(cancel.statusCode).toBe(200);
    await drainUntil(() =>
      receiver.received.some((r) => r.partnerOrderId === 'ya-cb-2' && r.answered === 200),
    );
    const got = receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-2');
    expect(got.map((r) => [r.type, r.status, r.reason])).toEqual([
      ['booking.declined', 'StationCanceled', 'TimeBusy'],
    ]);
    expect(receiver.received.some((r) => r.partnerOrderId === 'ya-cb-3')).toBe(false);
    const rows = await t.db.select().from(partnerCallbacks).where(eq(partnerCallbacks.orderId, cancelled.id));
    expect(rows).toHaveLength(0);
  });

  it('a booking the station accepted, then cancelled, is called back accepted, then cancelled with its reason', async () => {
    const order = await partnerBook('ya-cb-4', at(10));
    const owner = await t.loginAs('owner');
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: owner.headers });
    expect((await post(`/api/order_booked/${order.id}`)).statusCode).toBe(200);
    const cancel = await post(`/api/order_canceled/${order.id}?cancel_reason=NotWorking`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const delivered = () =>
      receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-4' && r.answered === 200);
    await drainUntil(() => delivered().length >= 2);
    expect(delivered().map((r) => [r.type, r.status, r.reason])).toEqual([
      ['booking.accepted', 'Booked', null],
      ['booking.cancelled', 'StationCanceled', 'NotWorking'],
    ]);
  });

  it('calls back in the order of the events when another instance fans out the later one first', async () => {
    const order = await partnerBook('ya-cb-6', at(11));
    const owner = await t.loginAs('owner');
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: owner.headers });
    expect((await post(`/api/order_booked/${order.id}`)).statusCode).toBe(200);
    expect((await post(`/api/order_canceled/${order.id}?cancel_reason=NotWorking`)).statusCode).toBe(200);
    const events = await t.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), isNull(orderEvents.fannedOutAt)))
      .orderBy(orderEvents.id);
    const cancelEvent = events.at(-1)!.id;
    // An instance that skipped the acceptance (another instance holds it) fans out the cancel alone: its
    // callback is written, and committed, first.
    await t.db.transaction(async (tx) => {
      await fanOutPartnerCallbacks(tx, [cancelEvent]);
      await tx.update(orderEvents).set({ fannedOutAt: new Date() }).where(eq(orderEvents.id, cancelEvent));
    });
    const sender = createPartnerCallbackSender({ backoffMs: () => 20 });
    expect(await sender.deliver(t.db, 100)).toBe(0);
    expect(receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-6')).toEqual([]);

    // The acceptance is fanned out after it, with the higher callback id: it is still called back first.
    const delivered = () =>
      receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-6' && r.answered === 200);
    await drainUntil(() => delivered().length >= 2);
    expect(delivered().map((r) => [r.type, r.reason])).toEqual([
      ['booking.accepted', null],
      ['booking.cancelled', 'NotWorking'],
    ]);
    const rows = await t.db
      .select({ id: partnerCallbacks.id, type: partnerCallbacks.type })
      .from(partnerCallbacks)
      .where(eq(partnerCallbacks.orderId, order.id))
      .orderBy(partnerCallbacks.id);
    expect(rows.map((r) => r.type)).toEqual(['booking.cancelled', 'booking.accepted']);
  });

  it('a callback sent late carries the booking as it was accepted, not as it was moved since', async () => {
    const order = await partnerBook('ya-cb-5', at(12));
    const owner = await t.loginAs('owner');
    // The partner is down when «Принять» is called back: the callback waits.
    await t.db
      .update(partners)
      .set({ callbackUrl: 'http://127.0.0.1:9/down' })
      .where(eq(partners.id, yandex.id));
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/order_booked/${order.id}`,
      headers: owner.headers,
    });
    expect(accept.statusCode).toBe(200);
    await outbox.runOnce();
    const [waiting] = await t.db
      .select()
      .from(partnerCallbacks)
      .where(eq(partnerCallbacks.orderId, order.id));
    expect(waiting).toMatchObject({ type: 'booking.accepted', status: 'pending' });
    // Meanwhile the partner moves it (its own change: not called back).
    const moved = await t.app.inject(
      signedRequest(yandex, {
        method: 'POST',
        url: '/api/partner/v1/bookings/ya-cb-5/reschedule',
        body: { booking_start: at(14) },
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await t.db.update(partners).set({ callbackUrl: receiver.url }).where(eq(partners.id, yandex.id));
    const delivered = () =>
      receiver.received.filter((r) => r.partnerOrderId === 'ya-cb-5' && r.answered === 200);
    await drainUntil(() => delivered().length >= 1);
    expect(delivered().map((r) => [r.type, r.status, r.bookingStart])).toEqual([
      ['booking.accepted', 'Booked', at(12)],
    ]);
  });
});

import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderStreamEventSchema, type OrderStreamEvent } from '@crm/shared';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
  clearAroundNow,
} from '../orders/orders.test-support';
import { memberships, streamTickets } from '../../db/schema';
import { openSseStream } from './sse-stream';

/** Reads a server-sent event stream: comments and `event: order` blocks, in order. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextBlock = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    nextBlock,
    /** The next `order` event, skipping comments (heartbeats). */
    async nextEvent(): Promise<OrderStreamEvent> {
      for (;;) {
        const block = await nextBlock();
        const lines = block.split('\n');
        if (!lines.includes('event: order')) continue;
        const data = lines.find((l) => l.startsWith('data: '))!.slice(6);
        return orderStreamEventSchema.strict().parse(JSON.parse(data));
      }
    },
    /**
     * The next event of this order. An event of the station's earlier writes (another test's order) may
     * still be on its way to a stream opened after it: under load PostgreSQL's NOTIFY arrives late.
     */
    async nextEventOf(orderId: string): Promise<OrderStreamEvent> {
      for (;;) {
        const event = await this.nextEvent();
        if (event.order_id === orderId) return event;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /api/events (server-sent order events)', () => {
  let t: TestApp;
  let base: string;
  let lenina: string;
  let sadovaya: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  const bodyFor = async (stationId: string, start: string) => {
    const tariff = await tariffByCode(t, stationId, 'express');
    const price = await expectedPrice(t, stationId, tariff.id, 'Compact');
    return orderBody(tariff.id, price.totalAmount, { start }) as object;
  };
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    // An early start moves the booking to now: its box must be free now (issue 38).
    await clearAroundNow(t, lenina);
    sadovaya = await stationIdByCarwash(t, carwashIds.sadovaya);
    admin = await t.loginAs('administrator');
    // inject() cannot stream: listen on a free port and read the stream with fetch.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const open = async (headers: Record<string, string>, stationId = lenina, query = '') => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events?station_id=${stationId}${query}`, {
      headers,
      signal: controller.signal,
    });
    return { res, controller };
  };
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };

  it("pushes created and changed orders of the station, and nothing of other stations'", async () => {
    const { res, controller } = await open(admin.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    const stream = sseReader(res.body!);
    expect(await stream.nextBlock()).toBe('retry: 2000\n: connected');
    // Then the station's calendar version (issue 40): a screen holding an older one reloads.
    const readyBlock = (await stream.nextBlock()).split('\n');
    expect(readyBlock[0]).toBe('event: ready');
    const ready = JSON.parse(readyBlock[1]!.slice('data: '.length)) as { version: number };

    // Sadovaya's order is written first: if it leaked into this stream it would arrive first.
    await call(t, {
      method: 'POST',
      url: `/api/create_order/${sadovaya}`,
      headers: admin.headers,
      payload: await bodyFor(sadovaya, '2031-03-10T04:00:00.000Z'),
    });
    const { order } = await call(t, {
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: await bodyFor(lenina, '2031-03-10T07:00:00.000Z'),
    });
    const created = await stream.nextEvent();
    expect(created).toEqual({
      type: 'order.created',
      station_id: lenina,
      order_id: order.id,
      // Staff's own order is Booked at once (issue 10).
      status: 'Booked',
      // The station's calendar version after the write (issue 15): the week list's ETag moved with it.
      version: expect.any(Number),
      // The order as GET /api/order/{id} answers it (issue 40): open screens draw it with no request.
      changes: [{ order_id: order.id, details: expect.any(Object) }],
    });
    expect(created.version).toBeGreaterThan(ready.version);
    const details = await call(t, { method: 'GET', url: `/api/order/${order.id}`, headers: admin.headers });
    expect(created.changes![0]!.details).toEqual(details);

    // A refused write (the time is taken on the only box asked for) tells nobody anything.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/create_order/${lenina}`,
      headers: admin.headers,
      payload: { ...(await bodyFor(lenina, '2031-03-10T07:00:00.000Z')), box_number: 1 },
    });
    expect(refused.statusCode).toBe(409);

    await call(t, {
      method: 'POST',
      url: `/api/order_processing/${order.id}?skip_validation=true`,
      headers: admin.headers,
    });
    const processing = await stream.nextEvent();
    expect(processing).toMatchObject({
      type: 'order.changed',
      order_id: order.id,
      status: 'Processing',
    });
    // The refused write in between raised nothing: one write, one version.
    expect(processing.version).toBe(created.version! + 1);
    await call(t, {
      method: 'POST',
      url: `/api/own_order/update/${order.id}`,
      headers: admin.headers,
      payload: await bodyFor(lenina, '2031-03-10T08:00:00.000Z'),
    });
    expect(await stream.nextEvent()).toMatchObject({
      type: 'order.changed',
      order_id: order.id,
      status: 'Processing',
    });
    await call(t, {
      method: 'POST',
      url: `/api/order/payment/${order.id}`,
      headers: admin.headers,
      payload: { payment_method: 'paid_card', sum_completed: 500 },
    });
    expect(await stream.nextEvent()).toMatchObject({ type: 'order.changed', order_id: order.id });
    await call(t, { method: 'POST', url: `/api/order_canceled/${order.id}`, headers: admin.headers });
    const cancelled = await stream.nextEvent();
    expect(cancelled).toMatchObject({
      type: 'order.changed',
      order_id: order.id,
      status: 'StationCanceled',
    });
    expect(cancelled.changes![0]!.details!.order).toMatchObject({ id: order.id, status: 'StationCanceled' });

    expect(t.app.orderEvents.subscriberCount()).toBe(1);
    controller.abort();
    await waitFor(() => t.app.orderEvents.subscriberCount() === 0);
  });

  it('carries no orders for a burst of more than 8, and null for an order that is gone', async () => {
    const { res, controller } = await open(admin.headers);
    const stream = sseReader(res.body!);
    await stream.nextBlock();
    // Blocking a half hour of «Мойка на Ленина» writes a blocker on each of its 4 boxes: one event.
    const slot = '140331_1000_1030';
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${lenina}/${slot}`,
      headers: admin.headers,
      payload: { to_unblock: false },
    });
    expect(blocked.statusCode).toBe(200);
    const block = await stream.nextEvent();
    expect(block.order_ids).toHaveLength(4);
    expect(block.changes!.map((c) => c.order_id)).toEqual(block.order_ids);
    expect(block.changes!.every((c) => c.details!.order.order_type === 'BlockerBookingSlot')).toBe(true);
    const unblocked = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${lenina}/${slot}`,
      headers: admin.headers,
      payload: { to_unblock: true },
    });
    expect(unblocked.statusCode).toBe(200);
    const unblock = await stream.nextEvent();
    // The blockers were deleted: each is named, with nothing left to draw.
    expect(unblock.changes).toEqual(block.order_ids!.map((id) => ({ order_id: id, details: null })));
    // A whole day blocked is more orders than an event carries: screens reload their lists instead.
    const day = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block_day/${lenina}`,
      headers: admin.headers,
      payload: { date: '2031-03-15', to_unblock: false },
    });
    expect(day.statusCode).toBe(200);
    const dayEvent = await stream.nextEvent();
    expect(dayEvent.order_ids!.length).toBeGreaterThan(8);
    expect(dayEvent.changes).toBeUndefined();
    controller.abort();
    await waitFor(() => t.app.orderEvents.subscriberCount() === 0);
  });

  it('ends the stream of someone who is no longer a member, at the next event', async () => {
    const worker = await t.loginAs('worker');
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, worker.userId));
    const workerStream = await open(worker.headers);
    const adminStream = await open(admin.headers);
    const workers = sseReader(workerStream.res.body!);
    const admins = sseReader(adminStream.res.body!);
    await workers.nextBlock();
    await admins.nextBlock();
    await t.db
      .delete(memberships)
      .where(and(eq(memberships.userId, worker.userId), eq(memberships.networkId, membership!.networkId)));
    try {
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: await bodyFor(lenina, '2031-03-11T07:00:00.000Z'),
      });
      expect((await admins.nextEventOf(order.id)).changes![0]!.details!.order.id).toBe(order.id);
      // The former worker hears nothing of it: the stream ends instead.
      await expect(workers.nextEvent()).rejects.toThrow('stream ended');
    } finally {
      await t.db.insert(memberships).values(membership!);
      adminStream.controller.abort();
    }
    await waitFor(() => t.app.orderEvents.subscriberCount() === 0);
  });

  it('lets any member subscribe with the session alone (EventSource sends no headers)', async () => {
    const worker = await t.loginAs('worker');
    const { res, controller } = await open(
      { cookie: worker.headers.cookie },
      lenina,
      `&user_id=${worker.userId}`,
    );
    expect(res.status).toBe(200);
    const cookieOnly = await open({ cookie: worker.headers.cookie });
    expect(cookieOnly.res.status).toBe(200);
    controller.abort();
    cookieOnly.controller.abort();
    await waitFor(() => t.app.orderEvents.subscriberCount() === 0);
  });

  it('refuses strangers: no session 401, someone else’s user id 401, another network 404', async () => {
    const noSession = await open({});
    expect(noSession.res.status).toBe(401);
    const worker = await t.loginAs('worker');
    const spoofed = await open({ cookie: admin.headers.cookie }, lenina, `&user_id=${worker.userId}`);
    expect(spoofed.res.status).toBe(401);
    expect(((await spoofed.res.json()) as { error: { code: string } }).error.code).toBe('USER_ID_MISMATCH');
    const rival = await t.loginAs('rival');
    for (const stationId of [lenina, 'nope']) {
      const hidden = await open(rival.headers, stationId);
      expect(hidden.res.status).toBe(404);
    }
    expect(t.app.orderEvents.subscriberCount()).toBe(0);
  });

  it('reaches a stream on another server instance sharing the database (DESIGN §1)', async () => {
    const second = await buildApp({
      db: t.db,
      database: t.database,
      config: t.config,
      adapters: createAdapters(t.config),
      webDist: null,
    });
    try {
      const url = await second.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/api/events?station_id=${lenina}`, { headers: admin.headers });
      const stream = sseReader(res.body!);
      await stream.nextBlock();
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: await bodyFor(lenina, '2031-03-12T07:00:00.000Z'),
      });
      expect(await stream.nextEventOf(order.id)).toMatchObject({ type: 'order.created' });
    } finally {
      await second.close();
    }
  });

  describe('a bearer-token client (the Telegram mini-app) opens the stream with a ticket', () => {
    const bearer = (who: { token: string; headers: Record<string, string> }) => ({
      authorization: `Bearer ${who.token}`,
      'x-user-id': who.headers['x-user-id']!,
    });
    const ticketFor = async (headers: Record<string, string>, stationId = lenina) =>
      t.app.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers,
        payload: { station_id: stationId },
      });
    /** The stream as EventSource opens it: no cookie, no header, only the URL. */
    const openWithTicket = (ticket: string, stationId = lenina) =>
      fetch(`${base}/api/events?station_id=${stationId}&ticket=${encodeURIComponent(ticket)}`);

    it('gets events of its station with a ticket and no cookie', async () => {
      const res = await ticketFor(bearer(admin));
      expect(res.statusCode).toBe(200);
      const { ticket, expires_at } = res.json<{ ticket: string; expires_at: string }>();
      expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(50_000);

      const stream = await openWithTicket(ticket);
      expect(stream.status).toBe(200);
      const reader = sseReader(stream.body!);
      expect(await reader.nextBlock()).toBe('retry: 2000\n: connected');
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: await bodyFor(lenina, '2031-03-14T07:00:00.000Z'),
      });
      // With the order's state, as over the cookie (issue 40): the mini app draws it with no request.
      expect(await reader.nextEventOf(order.id)).toMatchObject({
        type: 'order.created',
        changes: [{ order_id: order.id, details: { order: { id: order.id } } }],
      });
      await reader.cancel();
    });

    it('opens the stream once per ticket: a second use, another station, an expired or unknown ticket, or an ended session is refused', async () => {
      const issue = async (who = admin) => (await ticketFor(bearer(who))).json<{ ticket: string }>().ticket;

      const once = await issue();
      const first = await openWithTicket(once);
      expect(first.status).toBe(200);
      await first.body!.cancel();
      expect((await openWithTicket(once)).status).toBe(401);

      // Offered for another station of the same network: refused, and spent.
      const elsewhere = await issue();
      expect((await openWithTicket(elsewhere, sadovaya)).status).toBe(401);
      expect((await openWithTicket(elsewhere)).status).toBe(401);

      expect((await openWithTicket('no-such-ticket')).status).toBe(401);
      expect((await openWithTicket('x', 'not-a-station')).status).toBe(401);

      const late = await issue();
      await t.db.update(streamTickets).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await openWithTicket(late)).status).toBe(401);

      const leaving = await t.loginAs('worker');
      const leavingTicket = await issue(leaving);
      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(leaving) });
      expect(logout.statusCode).toBeLessThan(300);
      expect((await openWithTicket(leavingTicket)).status).toBe(401);
    });

    it('gives no ticket for another network’s station, nor without a session', async () => {
      const rival = await t.loginAs('rival');
      expect((await ticketFor(bearer(rival))).statusCode).toBe(404);
      expect((await ticketFor({})).statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers: bearer(admin),
        payload: { station_id: '' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const who = await other.loginAs('owner');
    const res = await fetch(`${url}/api/events?station_id=${lenina}`, { headers: who.headers });
    const stream = sseReader(res.body!);
    await stream.nextBlock();
    expect(await stream.nextBlock()).toMatch(/^event: ready\n/);
    await other.close();
    await expect(stream.nextBlock()).rejects.toThrow();
  });
});

describe('openSseStream', () => {
  it('sends a heartbeat comment every interval and stops it on close', () => {
    vi.useFakeTimers();
    try {
      const res = Object.assign(new EventEmitter(), {
        writeHead: vi.fn(),
        flushHeaders: vi.fn(),
        write: vi.fn(),
        end: vi.fn(),
      });
      const onClose = vi.fn();
      const stream = openSseStream(res as unknown as ServerResponse, { onClose });
      expect(res.write).toHaveBeenLastCalledWith('retry: 2000\n: connected\n\n');
      vi.advanceTimersByTime(25_000 * 2);
      expect(res.write.mock.calls.filter(([chunk]) => chunk === ': heartbeat\n\n')).toHaveLength(2);
      stream.send('order', { a: 1 });
      expect(res.write).toHaveBeenLastCalledWith('event: order\ndata: {"a":1}\n\n');
      res.emit('close');
      res.emit('close');
      expect(onClose).toHaveBeenCalledTimes(1);
      const writes = res.write.mock.calls.length;
      vi.advanceTimersByTime(25_000 * 3);
      stream.send('order', { a: 2 });
      expect(res.write.mock.calls.length).toBe(writes);
    } finally {
      vi.useRealTimers();
    }
  });
});

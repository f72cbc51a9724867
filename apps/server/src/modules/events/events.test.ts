import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEventSchema, type OrderEvent } from '@crm/shared';
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
import { streamTickets } from '../../db/schema';
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
    async nextEvent(): Promise<OrderEvent> {
      for (;;) {
        const block = await nextBlock();
        const lines = block.split('\n');
        if (!lines.includes('event: order')) continue;
        const data = lines.find((l) => l.startsWith('data: '))!.slice(6);
        return orderEventSchema.parse(JSON.parse(data));
      }
    },
    /**
     * The next event of this order. An event of the station's earlier writes (another test's order) may
     * still be on its way to a stream opened after it: under load PostgreSQL's NOTIFY arrives late.
     */
    async nextEventOf(orderId: string): Promise<OrderEvent> {
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
    expect(await stream.nextBlock()).toBe('retry: 5000\n: connected');

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
    });

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
    expect(await stream.nextEvent()).toMatchObject({
      type: 'order.changed',
      order_id: order.id,
      status: 'StationCanceled',
    });

    expect(t.app.orderEvents.subscriberCount()).toBe(1);
    controller.abort();
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
      expect(await reader.nextBlock()).toBe('retry: 5000\n: connected');
      const { order } = await call(t, {
        method: 'POST',
        url: `/api/create_order/${lenina}`,
        headers: admin.headers,
        payload: await bodyFor(lenina, '2031-03-14T07:00:00.000Z'),
      });
      expect(await reader.nextEventOf(order.id)).toMatchObject({ type: 'order.created' });
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
      expect(res.write).toHaveBeenLastCalledWith('retry: 5000\n: connected\n\n');
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

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { stations } from '../db/schema';
import { holdTableLock } from '../modules/health/testing/hold-table-lock';
import { createTestApp, type TestApp } from '../test/test-app';

// The queue's wait. 500 ms shed the burst's last waiting calls on PostgreSQL beside the browser tests with a
// CPU burner (CI, issue 35): four week lists one after another took longer there. The checks scale with it.
const WAIT_MS = 2000;

describe('load shedding: a cap on API calls in flight', () => {
  let t: TestApp;
  let weekList: () => Promise<Response>;
  let weekListOverHttp: () => { abort: () => void };
  beforeAll(async () => {
    // One call at a time, the next waiting 0.5 s for a slot, and only the in-flight signal: the event-loop
    // one depends on the machine.
    t = await createTestApp({
      env: {
        MAX_IN_FLIGHT_REQUESTS: '1',
        MAX_QUEUE_WAIT_MS: String(WAIT_MS),
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // The cap and its wait alone: the held calls here wait past any deadline on purpose.
        RESPONSE_DEADLINE_MS: '0',
        READY_TIMEOUT_MS: '100',
      },
    });
    const admin = await t.loginAs('administrator');
    const [lenina] = await t.db.select().from(stations).where(eq(stations.name, 'Мойка на Ленина'));
    // The calendar's week list, as the web client sends it. Sent at once (inject's own chain waits for a
    // `then`), so calls started together arrive in that order.
    weekList = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/list',
        headers: admin.headers,
        payload: { station_id: lenina!.id, date_start: '2026-11-23', date_end: '2026-11-30' },
      });
    // The same call from a real client that can give up (inject cannot close its connection).
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    weekListOverHttp = () => {
      const body = JSON.stringify({
        station_id: lenina!.id,
        date_start: '2026-11-23',
        date_end: '2026-11-30',
      });
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/order/list',
        headers: { ...admin.headers, 'content-type': 'application/json' },
      });
      req.on('error', () => {}); // the abort below
      req.end(body);
      return { abort: () => req.destroy() };
    };
  });
  afterAll(() => t.close());

  it('lets calls over the cap wait for a slot: a burst is served, not shed; four per slot wait at most', async () => {
    // The session lookup of the first call waits on the lock: that call stays in flight.
    const lock = await holdTableLock(t.db, sql`sessions`);
    const first = weekList();
    const waiting = [weekList(), weekList(), weekList(), weekList()];
    const overQueueFrom = performance.now();
    expect((await weekList()).statusCode).toBe(503);
    expect(performance.now() - overQueueFrom).toBeLessThan(WAIT_MS / 2);
    await lock.release();
    expect((await first).statusCode).toBe(200);
    for (const res of await Promise.all(waiting)) expect(res.statusCode).toBe(200);
  });

  it('lets a caller that gives up while waiting leave the queue', async () => {
    const lock = await holdTableLock(t.db, sql`sessions`);
    const first = weekList();
    const gaveUp = [weekListOverHttp(), weekListOverHttp(), weekListOverHttp(), weekListOverHttp()];
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 5));
    gaveUp.forEach((caller) => caller.abort());
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 10));
    // Had they stayed, the queue would be full and this call shed at once.
    const next = weekList();
    await lock.release();
    expect((await first).statusCode).toBe(200);
    expect((await next).statusCode).toBe(200);
  });

  it('sheds a call that waited in vain with 503, Retry-After and the one error shape; probes still answer', async () => {
    expect((await weekList()).statusCode).toBe(200);

    const lock = await holdTableLock(t.db, sql`sessions`);
    let first: Response | undefined;
    const firstDone = weekList().then((res) => (first = res));
    try {
      const waitedFrom = performance.now();
      const shed = await weekList();
      expect(performance.now() - waitedFrom).toBeGreaterThanOrEqual(WAIT_MS - 50);
      expect(shed.statusCode).toBe(503);
      expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
      expect(shed.json()).toEqual({ error: { code: 'OVERLOADED', message: messages.generic.overloaded } });

      // A call waited in vain: the process is overloaded, and for Retry-After the next is shed at once.
      const nextFrom = performance.now();
      expect((await weekList()).statusCode).toBe(503);
      expect(performance.now() - nextFrom).toBeLessThan(WAIT_MS / 2);

      // Never shed: liveness (and from memory, so the held lock does not matter), the event stream, files.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const stream = await t.app.inject({ method: 'GET', url: '/api/events?station_id=x' });
      expect(stream.statusCode).toBe(401);
      const page = await t.app.inject({ method: 'GET', url: '/station/x/schedule' });
      expect(page.statusCode).not.toBe(503);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json().error?.code).not.toBe('OVERLOADED');
      expect(first).toBeUndefined();
    } finally {
      await lock.release();
    }

    // The held call was served, not dropped; once it is done the next one goes through (a free slot
    // serves a call whatever came before).
    await firstDone;
    expect(first!.statusCode).toBe(200);
    expect((await weekList()).statusCode).toBe(200);
  });

  it('frees the slot of a call that failed', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/order/list', payload: '{' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect((await weekList()).statusCode).toBe(200);
  });
});

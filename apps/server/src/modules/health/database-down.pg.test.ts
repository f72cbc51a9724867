import { createServer, connect, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@crm/shared';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createSession, SESSION_COOKIE } from '../../plugins/auth';
import { users } from '../../db/schema';
import { copyPostgresTemplate, testConfig, type TestApp } from '../../test/test-app';
import { carwashIds, stationIdByCarwash } from '../orders/orders.test-support';
import { holdTableLock } from './testing/hold-table-lock';

/**
 * A TCP relay in front of PostgreSQL: `down()` is the server going away as a restart or a crash does (the
 * port refuses, open connections are cut), `up()` its return on the same port.
 */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const down = async () => {
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const s of sockets) s.resetAndDestroy();
    await closed;
    server = null;
  };
  await up();
  const url = new URL(target);
  url.port = String(port);
  return { url: url.toString(), up, down };
}

/**
 * Issue 41: while PostgreSQL cannot be reached, every API call answers 503 NOT_READY with Retry-After
 * (never a 500), liveness stays 200, readiness 503; once it is back the pool reconnects by itself.
 * PostgreSQL pass only (a real server behind a real socket).
 */
describe('PostgreSQL going away and coming back', () => {
  let direct: DatabaseHandle;
  let viaRelay: DatabaseHandle;
  let link: Awaited<ReturnType<typeof relay>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let headers: Record<string, string>;
  let calendar: string;
  let createOrder: string;

  beforeAll(async () => {
    const url = await copyPostgresTemplate(inject('postgresTemplate')!);
    direct = await openDatabase({ databaseUrl: url, poolSize: 2 });
    link = await relay(new URL(url));
    viaRelay = await openDatabase({ databaseUrl: link.url, poolSize: 10 });
    const config = testConfig({ READY_TIMEOUT_MS: '2000' });
    app = await buildApp({ db: viaRelay.db, database: viaRelay, config, adapters: createAdapters(config) });
    await app.ready();
    const [user] = await direct.db.select().from(users).where(eq(users.login, 'administrator'));
    const { token } = await createSession(direct.db, user!.id);
    headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': user!.id };
    const lenina = await stationIdByCarwash({ db: direct.db } as TestApp, carwashIds.lenina);
    calendar = `/api/order/calendar?station_id=${lenina}&date_start=2031-03-10&date_end=2031-03-17`;
    createOrder = `/api/create_order/${lenina}`;
  });
  afterAll(async () => {
    await link?.up().catch(() => {});
    await app?.close();
    await viaRelay?.close();
    await direct?.close();
  });

  const expectNotReady = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: { code: 'NOT_READY', message: messages.generic.notReady } });
  };

  it('answers 503 NOT_READY while it is down, 200 again by itself once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: calendar, headers })).statusCode).toBe(200);
    await link.down();

    const calls = [
      { method: 'GET' as const, url: calendar },
      { method: 'GET' as const, url: '/api/station/list' },
      { method: 'GET' as const, url: '/api/order/list' },
      { method: 'POST' as const, url: createOrder, payload: {} },
      { method: 'POST' as const, url: '/api/station/list', payload: {} },
    ];
    const took: number[] = [];
    for (const call of calls) {
      const started = performance.now();
      const res = await app.inject({ ...call, headers });
      took.push(performance.now() - started);
      expectNotReady(res);
    }
    // The public booking page's calls (no session) too.
    expectNotReady(await app.inject({ method: 'GET', url: '/api/public/book/nosuch99' }));
    console.log(`503 while down: ${took.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    expect(Math.max(...took)).toBeLessThan(1000);

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: { code: 'NOT_READY' } });

    await link.up();
    const back = performance.now();
    let status = 0;
    while (performance.now() - back < 5000) {
      status = (await app.inject({ method: 'GET', url: calendar, headers })).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`serving again ${Math.round(performance.now() - back)} ms after its return`);
    expect(status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('the order event LISTEN is heard again after it returns', async () => {
    const [order] = (
      (await direct.db.execute(sql`select id, station_id, status from orders limit 1`)) as unknown as {
        rows: { id: string; station_id: string; status: string }[];
      }
    ).rows;
    const heard: string[] = [];
    const stop = await app.orderEvents.subscribe(order!.station_id, (event) => heard.push(event.order_id));
    const notify = (marker: string) =>
      direct.db.execute(
        sql`select pg_notify('order_events', ${JSON.stringify({ type: 'order.changed', station_id: order!.station_id, order_id: marker, status: order!.status })})`,
      );
    try {
      await notify('before');
      await expect.poll(() => heard, { timeout: 2000 }).toContain('before');
      await link.down();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await link.up();
      const back = performance.now();
      // The listener reconnects on its own; until it has, a NOTIFY is not heard (screens poll meanwhile).
      await expect
        .poll(
          async () => {
            await notify('after');
            return heard;
          },
          { timeout: 5000, interval: 200 },
        )
        .toContain('after');
      console.log(`order events heard again ${Math.round(performance.now() - back)} ms after its return`);
    } finally {
      stop();
    }
  });

  it('a call whose connection is cut mid-query answers 503 too', async () => {
    // The calendar's query waits behind a lock held on another connection; then the link is cut under it.
    const lock = await holdTableLock(direct.db, sql`orders`);
    try {
      const pending = app.inject({ method: 'GET', url: calendar, headers });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await link.down();
      expectNotReady(await pending);
    } finally {
      await lock.release();
      await link.up();
    }
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await app.inject({ method: 'GET', url: calendar, headers })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  });
});

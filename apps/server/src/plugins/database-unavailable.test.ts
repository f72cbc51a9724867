import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { carwashIds, stationIdByCarwash } from '../modules/orders/orders.test-support';
import { createTestApp } from '../test/test-app';
import { isDatabaseUnavailable } from './database-unavailable';

/** A port on 127.0.0.1 where nothing listens. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** What drizzle throws around a driver's error. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises what node-postgres throws when the server is not there', async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ connectionString: `postgres://u@127.0.0.1:${port}/db`, max: 1 });
    const refused = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
  });

  it.each([
    ['a cut connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ["pg-pool's wait for a client", new Error('timeout exceeded when trying to connect')],
    ['a client after its error', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool after end()', new Error('Cannot use a pool after calling end on the pool')],
    ['57P01 admin shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['57P02 crash shutdown', Object.assign(new Error('terminating connection'), { code: '57P02' })],
    ['57P03 starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['08006 connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['53300 too many connections', Object.assign(new Error('too many clients'), { code: '53300' })],
    ['the embedded database gone', new Error('PGlite worker exited (code 1)')],
    [
      'a host with two addresses, both refusing',
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
  ])('%s: unavailable, also behind drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a serialization failure', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a statement timeout', Object.assign(new Error('canceling statement'), { code: '57014' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      "an HTTP peer's refusal (fetch)",
      new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    ],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('API calls with the database gone (closed handle)', () => {
  it('answer 503 NOT_READY with Retry-After, never 500; liveness stays 200', async () => {
    const t = await createTestApp();
    try {
      const lenina = await stationIdByCarwash(t, carwashIds.lenina);
      const { headers } = await t.loginAs('administrator');
      const calendar = `/api/order/calendar?station_id=${lenina}&date_start=2031-03-10&date_end=2031-03-17`;
      expect((await t.app.inject({ method: 'GET', url: calendar, headers })).statusCode).toBe(200);

      await t.database.close();
      for (const call of [
        { method: 'GET' as const, url: calendar },
        { method: 'GET' as const, url: '/api/station/list' },
        { method: 'POST' as const, url: `/api/create_order/${lenina}`, payload: {} },
      ]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ error: { code: 'NOT_READY', message: messages.generic.notReady } });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await t.app.close().catch(() => {});
    }
  });
});

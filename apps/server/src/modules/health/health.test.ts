import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { holdTableLock } from './testing/hold-table-lock';

describe('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A readiness timeout short enough that the blocked case answers soon, and long enough that a healthy
    // query on a loaded CI host is not taken for a stuck one (100 ms once answered 503 on PostgreSQL, beside
    // the browser tests and the PGlite suite); the behaviour does not depend on it.
    t = await createTestApp({ env: { READY_TIMEOUT_MS: '1500' } });
  });
  afterAll(() => t.close());

  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

  it('liveness reports the database kind and that every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(kind);
    expect(body.database.migrations.upToDate).toBe(true);
    expect(body.database.migrations.applied).toBeGreaterThan(0);
  });

  it('readiness asks the database and reports the same', async () => {
    const live = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: live.database });
  });

  it('while the database cannot answer, liveness still answers 200 and readiness 503; then ready again', async () => {
    const live = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    // Readiness reads the migrations table: with it locked its query waits like any stuck query would.
    const lock = await holdTableLock(t.db, sql`drizzle.__drizzle_migrations`);
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual(live);

      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect(ready.json()).toEqual({ error: { code: 'NOT_READY', message: messages.generic.notReady } });
    } finally {
      await lock.release();
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('draining (SIGTERM): readiness answers 503 at once, calls are still served and close their connection', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'NOT_READY', message: messages.generic.shuttingDown } });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
  });

  it('answers unknown API paths with the one error shape and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Запрашиваемые данные не найдены.' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors');
  });
});

describe('liveness with the database gone', () => {
  it('still answers 200 from memory while readiness answers 503', async () => {
    const t = await createTestApp();
    const live = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    await t.database.close();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual(live);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('NOT_READY');
    } finally {
      await t.app.close().catch(() => {});
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createAdapters } from '../adapters';
import { createTestApp, type TestApp } from '../test/test-app';

const login = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/login?redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth%2Fcallback&login=owner',
    remoteAddress,
  });

describe('rate limits kept in the database', () => {
  let t: TestApp;
  let second: App;

  beforeAll(async () => {
    t = await createTestApp();
    // A second server instance on the same database, as behind a load balancer.
    second = await buildApp({ ...t, adapters: createAdapters(t.config), webDist: null });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts one client across instances: the 31st sign-in start within a minute is refused', async () => {
    for (let i = 0; i < 15; i++) expect((await login(t.app, '10.0.0.7')).statusCode).toBe(302);
    for (let i = 0; i < 15; i++) expect((await login(second, '10.0.0.7')).statusCode).toBe(302);
    const refused = await login(second, '10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await login(t.app, '10.0.0.8')).statusCode).toBe(302);
  });

  it('starts a new window once the old one has run out', async () => {
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    expect((await login(second, '10.0.0.7')).statusCode).toBe(302);
  });
});

import { PassThrough } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { buildApp, type App } from '../app';
import { createAdapters } from '../adapters';
import { loadConfig } from '../config';
import { LOCAL_AUTHORIZE_PATH, LOCAL_CLIENT_ID } from '../adapters/local-identity';
import { stations } from '../db/schema';
import { demoIds } from '../modules/users/test-guards';
import { createTestApp, type TestApp } from '../test/test-app';
import { errSerializer, loggerOptions } from './log-options';
import { rateLimitKey } from './rate-limit-store';

/** Issue 9 item 7 and the spec's error codes (DESIGN §8, §11). */
describe('hardening at the edge', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  describe('Cache-Control', () => {
    it('is no-store on API answers with personal data, errors included', async () => {
      const owner = await t.loginAs('owner');
      const station = await t.app.inject({
        method: 'GET',
        url: `/api/station/${ids.lenina}`,
        headers: owner.headers,
      });
      expect(station.statusCode).toBe(200);
      expect(station.headers['cache-control']).toBe('no-store');
      const user = await t.app.inject({
        method: 'GET',
        url: `/api/user/${owner.userId}`,
        headers: owner.headers,
      });
      expect(user.headers['cache-control']).toBe('no-store');
      const signedOut = await t.app.inject({ method: 'GET', url: `/api/station/${ids.lenina}` });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.headers['cache-control']).toBe('no-store');
      const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
      expect(unknown.headers['cache-control']).toBe('no-store');
    });

    it('keeps the caching a route chooses on purpose (the car collection)', async () => {
      const owner = await t.loginAs('owner');
      const cars = await t.app.inject({
        method: 'GET',
        url: '/api/cars/collections',
        headers: owner.headers,
      });
      expect(cars.statusCode).toBe(200);
      expect(cars.headers['cache-control']).toBe('private, max-age=86400');
    });
  });

  describe('HSTS', () => {
    it('is not sent while PUBLIC_URL is plain http', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('is sent when PUBLIC_URL is https', async () => {
      // Same database, another configuration: a second instance as a deployment would run it.
      const config = loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'https://crm.example.ru' });
      const secure = await buildApp({ ...t, config, adapters: createAdapters(config), webDist: null });
      try {
        const res = await secure.inject({ method: 'GET', url: '/api/auth/config' });
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      } finally {
        await secure.close();
      }
    });
  });

  describe('router refusals', () => {
    it('answer a broken %-escape and an overlong id in the one error shape, without echoing the path', async () => {
      for (const [url, status] of [
        ['/api/user/tg/%ED%A0%80', 400],
        ['/api/user/tg/%', 400],
        [`/api/order/${'x'.repeat(150)}`, 414],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(status);
        expect(res.json(), url).toEqual({
          error: { code: 'VALIDATION_FAILED', message: messages.generic.invalidInput },
        });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  describe('X-User-Id (spec codes, S1 §8)', () => {
    it('answers USER_ID_REQUIRED without the header and USER_ID_MISMATCH with another user', async () => {
      const owner = await t.loginAs('owner');
      const worker = await t.loginAs('worker');
      const url = `/api/station/${ids.lenina}`;
      for (const header of [undefined, '']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: owner.headers.cookie, ...(header === undefined ? {} : { 'x-user-id': header }) },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({ code: 'USER_ID_REQUIRED', message: messages.auth.notAuthorized });
      }
      const spoofed = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: owner.headers.cookie, 'x-user-id': worker.userId },
      });
      expect(spoofed.json().error.code).toBe('USER_ID_MISMATCH');
      expect((await t.app.inject({ method: 'GET', url })).json().error.code).toBe('AUTH_REQUIRED');
    });
  });

  describe('rate limiter', () => {
    it('keys a request whose socket is gone (no ip) instead of throwing', () => {
      expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('unknown-client');
      expect(rateLimitKey({ ip: '10.0.0.7' })).toBe('10.0.0.7');
      // IPv6 clients are still counted per /64, as the plugin's own key does.
      expect(rateLimitKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(rateLimitKey({ ip: '2001:db8:1:2:bbbb::2' }));
    });

    it('answers a limited route normally when request.ip is undefined', async () => {
      const app = await buildApp({ ...t, adapters: createAdapters(t.config), webDist: null });
      // What a client that hung up looks like to the hooks: Fastify reads ip from a closed socket.
      app.addHook('onRequest', async (request) => {
        Object.defineProperty(request, 'ip', { value: undefined });
      });
      await app.ready();
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/api/auth/login?redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth%2Fcallback&login=owner',
        });
        expect(res.statusCode, res.body).toBe(302);
        const log = await app.inject({ method: 'POST', url: '/api/logger', payload: { message: 'tick' } });
        expect(log.statusCode, log.body).toBe(204);
      } finally {
        await app.close();
      }
    });
  });

  describe('local provider redirect', () => {
    const authorize = (redirectUri: string, host?: string) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: LOCAL_CLIENT_ID,
        redirect_uri: redirectUri,
        state: 'state-1',
        code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
        code_challenge_method: 'S256',
        login: 'owner',
      });
      return t.app.inject({
        method: 'GET',
        url: `${LOCAL_AUTHORIZE_PATH}?${query}`,
        headers: host ? { host } : {},
      });
    };

    it('checks redirect_uri against PUBLIC_URL, never against a spoofed Host', async () => {
      const spoofed = await authorize('http://evil.example/auth/callback', 'evil.example');
      expect(spoofed.statusCode).toBe(400);
      expect(spoofed.headers.location).toBeUndefined();
      expect(spoofed.json().error.fields).toHaveProperty('redirect_uri');

      const ours = await authorize(`${t.config.publicUrl}/auth/callback`, 'evil.example');
      expect(ours.statusCode).toBe(302);
      expect(new URL(ours.headers.location as string).origin).toBe(new URL(t.config.publicUrl).origin);
    });

    it('starts a sign-in only for a redirect_uri on PUBLIC_URL, whatever Host says', async () => {
      const login = (redirectUri: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/auth/login?${new URLSearchParams({ redirect_uri: redirectUri })}`,
          headers: { host: 'evil.example' },
        });
      const spoofed = await login('http://evil.example/auth/callback');
      expect(spoofed.statusCode).toBe(400);
      expect(spoofed.json().error.fields).toHaveProperty('redirect_uri');
      expect((await login(`${t.config.publicUrl}/auth/callback`)).statusCode).toBe(302);
    });
  });
});

describe('logs without personal data', () => {
  let t: TestApp;
  let app: App;
  let lines: string[];
  const phone = '+79161234567';
  const email = 'secret.person@example.ru';

  beforeAll(async () => {
    t = await createTestApp();
    lines = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    // The logger options server.ts uses, writing where the test can read.
    app = await buildApp({
      ...t,
      adapters: createAdapters(t.config),
      webDist: null,
      logger: loggerOptions('info', stream),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('logs a failed query without its parameters or the row PostgreSQL quotes back', async () => {
    // A database error that carries personal data: drizzle puts the bound name and phone in the message
    // and in `params`; PostgreSQL's detail repeats the whole failing row.
    await t.db.execute(
      sql.raw(`alter table drivers add constraint no_such_phone check (phone <> '${phone}')`),
    );
    try {
      const owner = await t.loginAs('owner');
      const { lenina } = await demoIds(t);
      const [station] = await t.db.select().from(stations).where(eq(stations.id, lenina));
      const res = await app.inject({
        method: 'POST',
        url: '/api/drivers/create',
        headers: owner.headers,
        payload: { network_id: station!.networkId, name: 'Тайна', surname: 'Личностева', phone, cars: [] },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
    } finally {
      await t.db.execute(sql`alter table drivers drop constraint no_such_phone`);
    }
    const log = lines.join('\n');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(failure, log).toBeDefined();
    expect(failure.err.message).toMatch(/^Failed query: insert into "drivers"/);
    expect(failure.err.cause.code).toBe('23514');
    for (const secret of [phone, '79161234567', 'Тайна', 'Личностева']) expect(log).not.toContain(secret);
  });

  it('serializes errors without params, detail or quoted input, keeping what helps debugging', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret.person@example.ru"'), {
      code: '22P02',
      detail: `Key (email)=(${email}) already exists.`,
      routine: 'string_to_uuid',
    });
    const error = Object.assign(new Error(`Failed query: select 1 where id = $1\nparams: ${email}`), {
      query: 'select 1 where id = $1',
      params: [email],
      cause,
    });
    const out = errSerializer(error);
    expect(JSON.stringify(out)).not.toContain(email);
    expect(out).toMatchObject({
      message: 'Failed query: select 1 where id = $1',
      query: 'select 1 where id = $1',
      cause: { code: '22P02', routine: 'string_to_uuid', message: 'invalid input syntax for type uuid: "…"' },
    });
  });

  it('logs request paths without their query strings', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/geo/suggest?text=${encodeURIComponent(email)}` });
    const log = lines.join('\n');
    expect(log).toContain('/api/geo/suggest');
    expect(log).not.toContain('secret.person');
  });

  it('turns a write that lost to a concurrent one into UPDATE_FAILED, not a 500', async () => {
    await t.db.execute(sql`create function fail_serialization() returns trigger language plpgsql as $$
      begin raise exception 'could not serialize access' using errcode = 'serialization_failure'; end $$`);
    await t.db.execute(
      sql`create trigger users_serialization before update on users for each row execute function fail_serialization()`,
    );
    try {
      const owner = await t.loginAs('owner');
      const res = await app.inject({
        method: 'POST',
        url: `/api/user/update_crm_data/${owner.userId}`,
        headers: owner.headers,
        payload: { crm_data: { hasSeenTutorial: true } },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: 'UPDATE_FAILED', message: messages.generic.updateFailed });
    } finally {
      await t.db.execute(sql`drop trigger users_serialization on users`);
      await t.db.execute(sql`drop function fail_serialization()`);
    }
  });
});

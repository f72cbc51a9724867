import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { createPkcePair, IdentityProviderError } from '../../adapters/identity';
import { createLocalProvider, issueLocalCode } from '../../adapters/local-identity';
import { sessions, stations, users } from '../../db/schema';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { consumePending, insertPending } from './auth.repository';

const callback = 'http://localhost:8080/auth/callback';
const authFailed = { error: { code: 'AUTH_FAILED', message: messages.auth.codeExchangeFailed } };

describe('local sign-in', () => {
  let t: TestApp;
  // Each test signs in from its own address, so the sign-in rate limit never interferes.
  let ipCounter = 0;
  let ip = '';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const nextIp = () => {
    ip = `10.1.0.${++ipCounter}`;
  };

  const sessionCount = async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row!.n;
  };

  /** `/api/auth/login` → local authorize → back to the callback with code and state. */
  async function startFlow(query: Record<string, string> = {}) {
    nextIp();
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      query: { redirect_uri: callback, login: 'owner', ...query },
      remoteAddress: ip,
    });
    expect(login.statusCode).toBe(302);
    const stateCookie = login.cookies.find((c) => c.name === 'crm_oauth_state');
    expect(stateCookie?.httpOnly).toBe(true);
    const providerUrl = login.headers.location as string;
    const provider = await t.app.inject({ method: 'GET', url: providerUrl, remoteAddress: ip });
    expect(provider.statusCode).toBe(302);
    const back = new URL(provider.headers.location as string);
    expect(back.origin + back.pathname).toBe(callback);
    return {
      providerUrl,
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      cookieState: stateCookie!.value,
    };
  }

  function authorize(
    body: Record<string, unknown>,
    cookieState?: string,
    extraCookies: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/authorize',
      payload: body,
      cookies: { ...(cookieState ? { crm_oauth_state: cookieState } : {}), ...extraCookies },
      remoteAddress: ip,
    });
  }

  const bodyOf = (flow: { code: string; state: string }, extra: Record<string, unknown> = {}) => ({
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: callback,
    state: flow.state,
    ...extra,
  });

  it('GET /api/auth/config reports the local provider in demo mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'local',
      demo: true,
      telegramBotName: 'carwash_crm_bot',
      telegramBot: false,
      supportUrl: t.config.supportUrl,
      mapTileUrl: t.config.mapTileUrl,
      // TEST_HOSTS (S1 §2 test host): none unless configured.
      testHosts: [],
    });
  });

  it('TEST_HOSTS lists the test hosts where anyone may open /wizard (S1 §2), trimmed, empty entries dropped', () => {
    expect(loadConfig({ TEST_HOSTS: ' test.crm.example.ru, ,qa.crm.example.ru ' }).testHosts).toEqual([
      'test.crm.example.ru',
      'qa.crm.example.ru',
    ]);
    expect(loadConfig({}).testHosts).toEqual([]);
  });

  it('signs in end to end: login → local provider → code → session that works', async () => {
    const flow = await startFlow();
    const provider = new URL(flow.providerUrl, 'http://localhost');
    expect(provider.pathname).toBe('/api/auth/local/authorize');
    expect(Object.fromEntries(provider.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'crm-local',
      redirect_uri: callback,
      code_challenge_method: 'S256',
      force_confirm: 'yes',
      lang: 'ru',
      login: 'owner',
    });
    expect(provider.searchParams.get('state')).toBe(flow.cookieState);

    const before = await sessionCount();
    const res = await authorize(bodyOf(flow), flow.cookieState);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ login: 'owner', name: 'Алексей', position: 'owner' });
    expect(body.user.last_login).not.toBeNull();
    expect(body.redirect_to).toBeNull();
    expect(body.station_id).toBeNull();
    expect(body.token).toBeUndefined();
    expect(await sessionCount()).toBe(before + 1);

    const sid = res.cookies.find((c) => c.name === 'crm_sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'crm_oauth_state')?.value).toBe('');

    // The new session is accepted by a signed-in call; logout then ends it for good.
    const headers = { cookie: `crm_sid=${sid.value}`, 'x-user-id': body.user.id };
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'crm_sid')?.value).toBe('');
    expect(await sessionCount()).toBe(before);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(again.statusCode).toBe(401);
  });

  it('a reused state or a reused code creates no session', async () => {
    const flow = await startFlow();
    expect((await authorize(bodyOf(flow), flow.cookieState)).statusCode).toBe(200);
    const before = await sessionCount();

    const replay = await authorize(bodyOf(flow), flow.cookieState);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(authFailed);

    // The same code with a fresh, valid state: the provider has already spent it.
    const fresh = await startFlow();
    const reusedCode = await authorize(bodyOf({ code: flow.code, state: fresh.state }), fresh.cookieState);
    expect(reusedCode.statusCode).toBe(401);
    expect(reusedCode.json()).toEqual(authFailed);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a state that is wrong, missing from the cookie, not the cookie’s, or expired', async () => {
    const before = await sessionCount();
    const flow = await startFlow();
    const unknown = 'x'.repeat(43);
    const cases = [
      authorize(bodyOf({ code: flow.code, state: unknown }), unknown), // unknown to the server
      authorize(bodyOf(flow)), // no cookie
      authorize(bodyOf(flow), unknown), // cookie of another sign-in
      authorize(bodyOf({ code: flow.code, state: unknown }), flow.cookieState), // body ≠ cookie
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(authFailed);
    }

    await t.db.execute(
      sql`UPDATE oauth_pending SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
    );
    const expired = await authorize(bodyOf(flow), flow.cookieState);
    expect(expired.statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a different redirect_uri, a wrong verifier and an expired code', async () => {
    const before = await sessionCount();
    const a = await startFlow();
    const otherRedirect = await authorize(
      bodyOf(a, { redirect_uri: 'http://localhost:8080/auth/callback?x=1' }),
      a.cookieState,
    );
    expect(otherRedirect.statusCode).toBe(401);

    const b = await startFlow();
    const wrongVerifier = await authorize(bodyOf(b, { code_verifier: 'v'.repeat(43) }), b.cookieState);
    expect(wrongVerifier.statusCode).toBe(401);

    const c = await startFlow();
    await t.db.execute(sql`UPDATE local_auth_codes SET expires_at = now() - interval '1 second'`);
    const expiredCode = await authorize(bodyOf(c), c.cookieState);
    expect(expiredCode.statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);
  });

  it('spends a local code once, even with the right verifier and two exchanges at the same time', async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.login, 'owner'));
    const pkce = createPkcePair();
    const provider = createLocalProvider(t.db);
    const grant = { userId: owner!.id, redirectUri: callback, codeChallenge: pkce.challenge };
    const exchange = { codeVerifier: pkce.verifier, redirectUri: callback };

    const code = await issueLocalCode(t.db, grant);
    const results = await Promise.allSettled([
      provider.exchangeCode({ code, ...exchange }),
      provider.exchangeCode({ code, ...exchange }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(provider.exchangeCode({ code, ...exchange })).rejects.toBeInstanceOf(IdentityProviderError);

    const other = await issueLocalCode(t.db, grant);
    await expect(
      provider.exchangeCode({ code: other, ...exchange, codeVerifier: createPkcePair().verifier }),
    ).rejects.toBeInstanceOf(IdentityProviderError);
  });

  it('takes a pending sign-in once: two callbacks racing on one state, one wins', async () => {
    const row = {
      stateHash: 'race-state-hash',
      provider: 'local',
      codeVerifier: createPkcePair().verifier,
      redirectUri: callback,
      carwashId: null,
      expiresAt: new Date(Date.now() + 60_000),
    };
    await insertPending(t.db, row);
    const taken = await Promise.all([
      consumePending(t.db, row.stateHash),
      consumePending(t.db, row.stateHash),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await consumePending(t.db, row.stateHash)).toBeNull();
  });

  it('answers a malformed body with 400 and the fields, and creates no session', async () => {
    nextIp();
    const before = await sessionCount();
    const res = await authorize({ grant_type: 'password', redirect_uri: 'not a url', state: '' }, 'abc');
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(
      expect.arrayContaining(['grant_type', 'code', 'redirect_uri', 'state']),
    );
    expect(await sessionCount()).toBe(before);
  });

  it('returns the station of a carwash_id and the wizard redirect', async () => {
    const flow = await startFlow({ carwash_id: '100101', login: 'wizard' });
    const res = await authorize(bodyOf(flow), flow.cookieState);
    expect(res.statusCode).toBe(200);
    const [lenina] = await t.db
      .select({ id: stations.id })
      .from(stations)
      .where(eq(stations.carwashId, '100101'));
    expect(res.json()).toMatchObject({ redirect_to: 'wizard', station_id: lenina!.id });
    expect(res.json().user.login).toBe('wizard');

    const none = await startFlow({ carwash_id: '999999' });
    expect((await authorize(bodyOf(none), none.cookieState)).json().station_id).toBeNull();
    // A carwash_id given at the callback counts as well.
    const late = await startFlow();
    const lateRes = await authorize(bodyOf(late, { carwash_id: '100101' }), late.cookieState);
    expect(lateRes.json().station_id).toBe(lenina!.id);
  });

  it('renews the session at sign-in: the one the browser held before is deleted', async () => {
    const old = await t.loginAs('owner');
    const flow = await startFlow({ login: 'principal' });
    const res = await authorize(bodyOf(flow), flow.cookieState, { crm_sid: old.token });
    expect(res.statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'POST', url: '/api/logout', headers: old.headers });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses a redirect_uri outside this site', async () => {
    nextIp();
    for (const redirect_uri of ['https://evil.example/auth/callback', 'http://localhost:8080/elsewhere']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/login',
        query: { redirect_uri },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('redirect_uri');
      expect(res.cookies.find((c) => c.name === 'crm_oauth_state')).toBeUndefined();
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: ip });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('redirect_uri');
  });

  it('shows the loud demo picker without login=, listing login, name and position', async () => {
    const flow = await startFlow();
    const url = new URL(flow.providerUrl, 'http://localhost');
    url.searchParams.delete('login');
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search, remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Демо-режим');
    expect(page.body).toMatch(
      /<a class="user" href="[^"]*login=owner[^"]*">[\s\S]*?Алексей Смирнов[\s\S]*?owner<\/code> · Владелец/,
    );
    for (const login of [
      'principal',
      'administrator',
      'worker',
      'admin',
      'newcomer',
      'incomplete',
      'wizard',
      'rival',
    ]) {
      expect(page.body).toContain(`login=${login}"`);
    }

    url.searchParams.set('login', 'nobody');
    const unknown = await t.app.inject({ method: 'GET', url: url.pathname + url.search, remoteAddress: ip });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('не найден');

    url.searchParams.set('client_id', 'someone-else');
    const foreign = await t.app.inject({ method: 'GET', url: url.pathname + url.search, remoteAddress: ip });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('client_id');

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/local/authorize?response_type=token',
      remoteAddress: ip,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('redirect_uri');
  });

  it('POST /api/logout needs a session and the matching X-User-Id', async () => {
    const owner = await t.loginAs('owner');
    const noSession = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(noSession.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: owner.headers.cookie },
    });
    expect(missing.statusCode).toBe(401);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...owner.headers, 'x-user-id': (await t.loginAs('rival')).userId },
    });
    expect(spoofed.statusCode).toBe(401);
    expect(spoofed.json().error.code).toBe('USER_ID_MISMATCH');
    // The session survived the refused calls.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: owner.headers })).statusCode,
    ).toBe(204);
  });

  it('limits sign-in calls per address: 429 with Retry-After in the one error shape', async () => {
    nextIp();
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/login',
        query: { redirect_uri: callback },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(302);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: messages.auth.tooManyRequests },
    });

    const authorizeLimited = await Promise.all(
      Array.from({ length: 31 }, () => authorize({ grant_type: 'authorization_code' })),
    );
    const last = authorizeLimited.find((r) => r.statusCode === 429);
    expect(last?.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    nextIp();
    expect((await call()).statusCode).toBe(302);
  });

  it('lists the sign-in routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/config',
        '/api/auth/login',
        '/api/auth/local/authorize',
        '/api/authorize',
        '/api/logout',
        '/api/auth/telegram',
        '/api/user/tg/{telegramId}',
      ]),
    );
  });
});

describe('local sign-in switched off (Yandex configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { YANDEX_CLIENT_ID: 'crm-client', YANDEX_CLIENT_SECRET: 'secret' },
    });
  });
  afterAll(() => t.close());

  it('has no local provider: config says yandex, not demo; its URLs are 404', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toMatchObject({ provider: 'yandex', demo: false });
    const local = await t.app.inject({
      method: 'GET',
      url: '/api/auth/local/authorize?response_type=code&login=owner',
    });
    expect(local.statusCode).toBe(404);
    const demoLogin = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      query: { redirect_uri: callback, login: 'owner' },
    });
    expect(demoLogin.statusCode).toBe(404);
  });
});

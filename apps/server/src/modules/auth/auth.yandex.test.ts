import type { IncomingMessage } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { identities, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const callback = 'http://localhost:8080/auth/callback';
const clientId = 'crm-yandex-client';

/** What login.yandex.ru/info answers for our test person (https://yandex.ru/dev/id/doc/ru/user-information). */
const yandexInfo = () => ({
  id: '1130000012345678',
  login: 'ivan.petrov',
  client_id: clientId,
  display_name: 'Иван',
  real_name: 'Иван Петров',
  first_name: 'Иван',
  last_name: 'Петров',
  default_email: 'ivan.petrov@yandex.ru',
  emails: ['ivan.petrov@yandex.ru'],
  default_avatar_id: '131652443/abcdef-12345',
  is_avatar_empty: false,
  default_phone: { id: 12345678, number: '+79031234567' },
  psuid: '1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge',
});

describe('Yandex ID sign-in against a local OAuth server', () => {
  let oauth: OAuth2Server;
  let t: TestApp;
  /** Per test: what /info answers, and whether the token endpoint refuses. */
  let info: Record<string, unknown> | null;
  let tokenRefused: boolean;
  let infoRequests: IncomingMessage[];
  let tokenRequests: Record<string, string>[];

  beforeAll(async () => {
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    // Port 0: the system picks a free one, so parallel runs never collide.
    await oauth.start(0, '127.0.0.1');
    const base = oauth.issuer.url!;
    oauth.service.on(
      'beforeResponse',
      (response: { statusCode: number; body: unknown }, req: { body: Record<string, string> }) => {
        tokenRequests.push(req.body);
        if (!tokenRefused) return;
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Code has expired' };
      },
    );
    oauth.service.on(
      'beforeUserinfo',
      (response: { statusCode: number; body: unknown }, req: IncomingMessage) => {
        infoRequests.push(req);
        // Yandex wants the token as `Authorization: OAuth <token>`.
        if (!req.headers.authorization?.startsWith('OAuth ') || !info) {
          response.statusCode = 401;
          response.body = 'Unauthorized';
          return;
        }
        response.body = info;
      },
    );
    t = await createTestApp({
      env: {
        YANDEX_CLIENT_ID: clientId,
        YANDEX_CLIENT_SECRET: 'yandex-secret',
        YANDEX_AUTHORIZE_URL: `${base}/authorize`,
        YANDEX_TOKEN_URL: `${base}/token`,
        YANDEX_INFO_URL: `${base}/userinfo`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oauth.stop();
  });
  beforeEach(() => {
    info = yandexInfo();
    tokenRefused = false;
    infoRequests = [];
    tokenRequests = [];
  });

  const sessionCount = async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row!.n;
  };

  /** The browser's part: our login redirect, the provider's consent redirect, then POST /api/authorize. */
  async function signIn() {
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      query: { redirect_uri: callback },
    });
    expect(login.statusCode).toBe(302);
    const authorizeUrl = new URL(login.headers.location as string);
    const cookieState = login.cookies.find((c) => c.name === 'crm_oauth_state')!.value;
    const consent = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authorize',
      payload: {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code'),
        redirect_uri: callback,
        state: back.searchParams.get('state'),
      },
      cookies: { crm_oauth_state: cookieState },
    });
    return { authorizeUrl, res };
  }

  it('sends the browser to Yandex with code, state, S256 challenge, force_confirm and lang', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toMatchObject({ provider: 'yandex', demo: false });
    const { authorizeUrl } = await signIn();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${oauth.issuer.url}/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback,
      code_challenge_method: 'S256',
      force_confirm: 'yes',
      lang: 'ru',
    });
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a first sign-in creates the user and the identity, with no network; the next one finds them', async () => {
    const before = await sessionCount();
    const { res } = await signIn();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      login: 'ivan.petrov',
      name: 'Иван',
      surname: 'Петров',
      email: 'ivan.petrov@yandex.ru',
      number: '+79031234567',
      default_avatar_id: '131652443/abcdef-12345',
      role: 'user',
      position: null,
      networks: [],
    });
    expect(body).toMatchObject({ redirect_to: null, station_id: null });
    expect(res.cookies.find((c) => c.name === 'crm_sid')?.value).toBeTruthy();
    expect(await sessionCount()).toBe(before + 1);
    const [identity] = await t.db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, 'yandex'), eq(identities.providerUserId, '1130000012345678')));
    expect(identity?.userId).toBe(body.user.id);
    // The exchange sent our client credentials and the PKCE verifier (the mock checked it against the
    // challenge); the info call asked for JSON with the OAuth header.
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: 'yandex-secret',
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(infoRequests[0]?.url).toContain('format=json');

    const second = await signIn();
    expect(second.res.statusCode).toBe(200);
    expect(second.res.json().user.id).toBe(body.user.id);
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'ivan.petrov@yandex.ru'));
    expect(count[0]!.n).toBe(1);
  });

  it('keeps logins unique: a Yandex login that is taken here gets the Yandex id appended', async () => {
    info = { ...yandexInfo(), id: '555', login: 'owner', default_email: undefined, default_phone: undefined };
    const { res } = await signIn();
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ login: 'owner-555', email: null, number: null });
  });

  it('a code the provider refuses gives 401 and no session', async () => {
    tokenRefused = true;
    const before = await sessionCount();
    const { res } = await signIn();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'AUTH_FAILED', message: messages.auth.codeExchangeFailed } });
    expect(await sessionCount()).toBe(before);
  });

  it('a token issued to another client gives 401 and no session', async () => {
    info = { ...yandexInfo(), client_id: 'someone-elses-app' };
    const before = await sessionCount();
    const { res } = await signIn();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('AUTH_FAILED');
    expect(await sessionCount()).toBe(before);
  });

  it('an /info failure gives 401 and creates no user', async () => {
    info = null;
    const [{ n: usersBefore }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [
      { n: number },
    ];
    const { res } = await signIn();
    expect(res.statusCode).toBe(401);
    const [{ n: usersAfter }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [
      { n: number },
    ];
    expect(usersAfter).toBe(usersBefore);
  });

  it('a code replayed at the provider gives 401', async () => {
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      query: { redirect_uri: callback },
    });
    const consent = await fetch(login.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const cookieState = login.cookies.find((c) => c.name === 'crm_oauth_state')!.value;
    const body = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      redirect_uri: callback,
      state: back.searchParams.get('state'),
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/authorize',
      payload: body,
      cookies: { crm_oauth_state: cookieState },
    });
    expect(first.statusCode).toBe(200);
    // A new sign-in with a fresh state, but the spent code.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      query: { redirect_uri: callback },
    });
    await fetch(again.headers.location as string, { redirect: 'manual' });
    const againState = new URL(again.headers.location as string).searchParams.get('state')!;
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/authorize',
      payload: { ...body, state: againState },
      cookies: { crm_oauth_state: againState },
    });
    expect(replay.statusCode).toBe(401);
  });
});

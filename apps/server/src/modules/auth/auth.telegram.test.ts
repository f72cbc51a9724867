import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { verifyTelegramInitData } from '../../adapters/telegram';
import { identities, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const botToken = '7000000001:AAH-test-token-for-the-crm-bot';
const telegramFailed = { error: { code: 'AUTH_FAILED', message: messages.auth.telegramFailed } };

/** Signs initData exactly as Telegram does (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app). */
function buildInitData(
  fields: Record<string, string>,
  options: { token?: string; authDate?: number } = {},
): string {
  const all = {
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000) - 60),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    ...fields,
  };
  const dataCheckString = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k as keyof typeof all]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.token ?? botToken)
    .digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...all, hash }).toString();
}

const tgUser = (id: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    first_name: 'Алексей',
    last_name: 'Смирнов',
    username: 'alexey',
    language_code: 'ru',
    ...extra,
  });

describe('verifyTelegramInitData', () => {
  const now = new Date();
  it('accepts what Telegram signed and reads the user', () => {
    const launch = verifyTelegramInitData(buildInitData({ user: tgUser(5_000_000_001) }), botToken, now);
    expect(launch).toMatchObject({ telegramId: '5000000001', firstName: 'Алексей', username: 'alexey' });
  });

  it('rejects a tampered field, another bot, a bad hash, a repeated key, no user, an old or future date', () => {
    const good = buildInitData({ user: tgUser(42) });
    const tampered = good.replace(encodeURIComponent('"id":42'), encodeURIComponent('"id":43'));
    expect(tampered).not.toBe(good);
    const hour = 3600;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const cases = [
      tampered,
      buildInitData({ user: tgUser(42) }, { token: '7000000002:other-bot' }),
      good.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`),
      good.replace(/&hash=.*/, ''),
      `${good}&user=${encodeURIComponent(tgUser(43))}`,
      buildInitData({}),
      buildInitData({ user: '{"first_name":"x"}' }),
      buildInitData({ user: 'not json' }),
      buildInitData({ user: tgUser(42) }, { authDate: nowSeconds - 24 * hour - 1 }),
      buildInitData({ user: tgUser(42) }, { authDate: nowSeconds + hour }),
      '',
    ];
    for (const initData of cases) expect(verifyTelegramInitData(initData, botToken, now)).toBeNull();
  });
});

describe('Telegram mini-app sign-in', () => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: botToken } });
    // owner linked through the profile field, principal through a telegram identity.
    const [owner] = await t.db
      .update(users)
      .set({ telegramId: '777001' })
      .where(eq(users.login, 'owner'))
      .returning();
    ownerId = owner!.id;
    const [principal] = await t.db.select().from(users).where(eq(users.login, 'principal'));
    await t.db
      .insert(identities)
      .values({ userId: principal!.id, provider: 'telegram', providerUserId: '777002' });
  });
  afterAll(() => t.close());

  const sessionCount = async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row!.n;
  };
  const post = (initData: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });

  it('exchanges valid initData for a telegram session and a bearer token that works', async () => {
    const before = await sessionCount();
    const res = await post(buildInitData({ user: tgUser(777001) }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: ownerId, login: 'owner', telegram_id: '777001' });
    expect(body).toMatchObject({ redirect_to: null, station_id: null });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount()).toBe(before + 1);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, ownerId));
    expect(session?.via).toBe('telegram');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${body.token}`, 'x-user-id': ownerId },
    });
    expect(logout.statusCode).toBe(204);
  });

  it('finds a user by a telegram identity too', async () => {
    const res = await post(buildInitData({ user: tgUser(777002) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.login).toBe('principal');
  });

  it('rejects tampered and expired initData with 401 and no session', async () => {
    const before = await sessionCount();
    const tampered = buildInitData({ user: tgUser(777003) }).replace('777003', '777001');
    const expired = buildInitData(
      { user: tgUser(777001) },
      { authDate: Math.floor(Date.now() / 1000) - 25 * 3600 },
    );
    for (const initData of [tampered, expired, 'user=1&hash=abc']) {
      const res = await post(initData);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(telegramFailed);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('answers an unknown Telegram user with 404 and the spec text', async () => {
    const res = await post(buildInitData({ user: tgUser(999999) }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'Telegram user not found. You may need to register this user first.',
      },
    });
  });

  it('answers a malformed body with 400 and the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('initData');
  });

  it('GET /api/user/tg/{id} needs verified initData of that very id and creates no session', async () => {
    const before = await sessionCount();
    const get = (id: string, initData?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/user/tg/${id}`,
        headers: initData ? { 'x-telegram-init-data': initData } : {},
      });

    const ok = await get('777001', buildInitData({ user: tgUser(777001) }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { login: 'owner' }, redirect_to: null, station_id: null });
    expect(ok.json().token).toBeUndefined();
    expect(ok.cookies).toHaveLength(0);

    expect((await get('777001')).statusCode).toBe(401);
    const otherId = await get('777001', buildInitData({ user: tgUser(777002) }));
    expect(otherId.statusCode).toBe(401);
    expect(otherId.json()).toEqual(telegramFailed);
    const tampered = buildInitData({ user: tgUser(777002) }).replace('777002', '777001');
    expect((await get('777001', tampered)).statusCode).toBe(401);

    const unknown = await get('999999', buildInitData({ user: tgUser(999999) }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.auth.telegramUserNotFound);

    const badId = await get('abc', buildInitData({ user: tgUser(777001) }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('telegramId');
    expect(await sessionCount()).toBe(before);
  });
});

describe('Telegram sign-in without a bot token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses every launch cleanly', async () => {
    const initData = buildInitData({ user: tgUser(777001) });
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual(telegramFailed);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/user/tg/777001',
      headers: { 'x-telegram-init-data': initData },
    });
    expect(get.statusCode).toBe(401);
  });
});

import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffMessages, type User } from '@crm/shared';
import { memberships, sessions, stations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from './test-guards';

const botToken = '7000000002:AAH-staff-test-token';
const profile = { name: 'Павел', surname: 'Новиков', email: 'pavel@example.ru', number: '+79161234577' };

/** initData signed the way Telegram signs it, for the Telegram sign-in path. */
function telegramInitData(telegramId: number): string {
  const fields = {
    auth_date: String(Math.floor(Date.now() / 1000) - 30),
    user: JSON.stringify({ id: telegramId, first_name: 'Павел' }),
  };
  const check = Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

describe('staff management', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let network: string;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: botToken } });
    ids = await demoIds(t);
    const [row] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
    network = row!.networkId;
  });
  afterAll(() => t.close());

  const positionIn = async (userId: string) => {
    const [row] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.networkId, network)));
    return row?.position ?? null;
  };
  const setMembership = async (login: string, position: string | null) => {
    const userId = ids.user(login);
    await t.db
      .delete(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.networkId, network)));
    if (position) await t.db.insert(memberships).values({ userId, networkId: network, position });
  };
  const update = (as: { headers: Record<string, string> }, userId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/user/update/${userId}`, headers: as.headers, payload });
  const listUsers = async (as: { headers: Record<string, string> }, stationId = ids.lenina) =>
    t.app.inject({ method: 'GET', url: `/api/station/list_of_users/${stationId}`, headers: as.headers });

  describe('GET /api/station/list_of_users/{id}', () => {
    it('lists the network owner first, then by position, each with last_login', async () => {
      const worker = await t.loginAs('worker');
      const res = await listUsers(worker);
      expect(res.statusCode).toBe(200);
      const list = res.json().users as User[];
      expect(list.map((u) => u.login)).toEqual(['owner', 'principal', 'administrator', 'worker']);
      for (const user of list) expect(user).toHaveProperty('last_login');
      expect(list.every((u) => u.networks.every((n) => n.id === network))).toBe(true);
    });

    it('is for members of the network and role admin only', async () => {
      for (const login of ['rival', 'newcomer']) {
        expect((await listUsers(await t.loginAs(login))).statusCode).toBe(404);
      }
      expect((await listUsers(await t.loginAs('admin'))).statusCode).toBe(200);
      expect((await listUsers(await t.loginAs('owner'), 'not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('last login', () => {
    beforeEach(() => t.db.update(users).set({ lastLoginAt: null }).where(eq(users.login, 'newcomer')));
    const lastLoginOf = async () => {
      const admin = await t.loginAs('admin');
      await setMembership('newcomer', 'worker');
      const list = (await listUsers(admin)).json().users as User[];
      await setMembership('newcomer', null);
      return list.find((u) => u.login === 'newcomer')!.last_login;
    };

    it('is recorded by the local (and so Yandex) sign-in of /api/authorize', async () => {
      expect(await lastLoginOf()).toBeNull();
      const remoteAddress = `10.9.0.${++ip}`;
      const callback = 'http://localhost:8080/auth/callback';
      const start = await t.app.inject({
        method: 'GET',
        url: '/api/auth/login',
        query: { redirect_uri: callback, login: 'newcomer' },
        remoteAddress,
      });
      const state = start.cookies.find((c) => c.name === 'crm_oauth_state')!.value;
      const provider = await t.app.inject({ method: 'GET', url: start.headers.location!, remoteAddress });
      const back = new URL(provider.headers.location!);
      const before = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authorize',
        cookies: { crm_oauth_state: state },
        remoteAddress,
        payload: {
          grant_type: 'authorization_code',
          code: back.searchParams.get('code'),
          redirect_uri: callback,
          state: back.searchParams.get('state'),
        },
      });
      expect(res.statusCode).toBe(200);
      const seen = await lastLoginOf();
      expect(Date.parse(seen!)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('is recorded by the Telegram initData sign-in', async () => {
      await t.db.update(users).set({ telegramId: '880001' }).where(eq(users.login, 'newcomer'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/telegram',
        payload: { initData: telegramInitData(880001) },
        remoteAddress: `10.9.1.${++ip}`,
      });
      expect(res.statusCode).toBe(200);
      expect(await lastLoginOf()).not.toBeNull();
      await t.db.update(users).set({ telegramId: null }).where(eq(users.login, 'newcomer'));
    });
  });

  describe('POST /api/user/update/{userId} for colleagues', () => {
    afterAll(() => setMembership('newcomer', null));

    it('ends every session of a removed member in the same call: her next request is 401', async () => {
      await setMembership('newcomer', 'administrator');
      const newcomer = await t.loginAs('newcomer');
      const second = await t.loginAs('newcomer');
      expect((await listUsers(newcomer)).statusCode).toBe(200);
      const owner = await t.loginAs('owner');
      const res = await update(owner, newcomer.userId, { networks: [] });
      expect(res.statusCode).toBe(200);
      expect(await positionIn(newcomer.userId)).toBeNull();
      for (const session of [newcomer, second]) {
        const next = await listUsers(session);
        expect(next.statusCode).toBe(401);
        expect(next.json().error.code).toBe('AUTH_REQUIRED');
      }
      const left = await t.db.select().from(sessions).where(eq(sessions.userId, newcomer.userId));
      expect(left).toHaveLength(0);
      // The owner's own session is untouched.
      expect((await listUsers(owner)).statusCode).toBe(200);
    });

    it('applies a new position on the colleague’s very next request, same session', async () => {
      await setMembership('newcomer', 'principal');
      const newcomer = await t.loginAs('newcomer');
      const invite = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/station/invitations/${ids.lenina}`,
          headers: newcomer.headers,
          payload: { position: 'worker' },
        });
      expect((await invite()).statusCode).toBe(200);
      const owner = await t.loginAs('owner');
      const res = await update(owner, newcomer.userId, { ...profile, position: 'worker' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ position: 'worker', networks: [{ id: network }] });
      expect((await invite()).statusCode).toBe(403);
    });

    it('lets the owner assign worker, administrator or principal, never owner', async () => {
      await setMembership('newcomer', 'worker');
      const owner = await t.loginAs('owner');
      for (const position of ['administrator', 'principal', 'worker']) {
        expect((await update(owner, ids.user('newcomer'), { ...profile, position })).statusCode).toBe(200);
        expect(await positionIn(ids.user('newcomer'))).toBe(position);
      }
      const asOwner = await update(owner, ids.user('newcomer'), { ...profile, position: 'owner' });
      expect(asOwner.statusCode).toBe(400);
      expect(asOwner.json().error.fields).toHaveProperty('position');
      expect(await positionIn(ids.user('newcomer'))).toBe('worker');
    });

    it('lets nobody edit or remove the owner, role admin included', async () => {
      const ownerId = ids.user('owner');
      for (const login of ['principal', 'admin']) {
        const who = await t.loginAs(login);
        expect((await update(who, ownerId, { networks: [] })).statusCode).toBe(403);
        expect((await update(who, ownerId, profile)).statusCode).toBe(403);
      }
      expect(await positionIn(ownerId)).toBe('owner');
      const [owner] = await t.db.select().from(users).where(eq(users.id, ownerId));
      expect(owner!.name).toBe('Алексей');
    });

    it('forbids an administrator or a worker to edit or remove a colleague', async () => {
      await setMembership('newcomer', 'worker');
      for (const login of ['administrator', 'worker']) {
        const who = await t.loginAs(login);
        expect((await update(who, ids.user('newcomer'), profile)).statusCode).toBe(403);
        expect((await update(who, ids.user('newcomer'), { networks: [] })).statusCode).toBe(403);
      }
      expect(await positionIn(ids.user('newcomer'))).toBe('worker');
    });

    it('answers 404 to another tenant removing a member', async () => {
      const rival = await t.loginAs('rival');
      expect((await update(rival, ids.user('worker'), { networks: [] })).statusCode).toBe(404);
      expect(await positionIn(ids.user('worker'))).toBe('worker');
    });
  });

  describe('POST /api/user/add_user_admin/{stationId}', () => {
    afterAll(() => setMembership('newcomer', null));
    const add = async (login: string, payload: object, stationId = ids.lenina) => {
      const who = await t.loginAs(login);
      return t.app.inject({
        method: 'POST',
        url: `/api/user/add_user_admin/${stationId}`,
        headers: who.headers,
        payload,
      });
    };

    it('lets role admin add a user by login, as administrator by default, once', async () => {
      await setMembership('newcomer', null);
      const res = await add('admin', { login: ' newcomer ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        login: 'newcomer',
        networks: [{ id: network, position: 'administrator' }],
      });
      expect(await positionIn(ids.user('newcomer'))).toBe('administrator');

      const again = await add('admin', { login: 'newcomer', position: 'worker' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(staffMessages.alreadyMember);
      expect(await positionIn(ids.user('newcomer'))).toBe('administrator');
    });

    it('takes the named position', async () => {
      await setMembership('newcomer', null);
      const res = await add('admin', { login: 'newcomer', position: 'worker' }, ids.sadovaya);
      expect(res.statusCode).toBe(200);
      expect(await positionIn(ids.user('newcomer'))).toBe('worker');
    });

    it('answers 404 for an unknown login or station', async () => {
      const unknown = await add('admin', { login: 'nobody-here' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({
        message: staffMessages.userNotFound,
        fields: { login: staffMessages.userNotFound },
      });
      for (const stationId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await add('admin', { login: 'newcomer' }, stationId)).statusCode).toBe(404);
      }
    });

    it('rejects bad input with the field message', async () => {
      const empty = await add('admin', { login: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toEqual({ login: 'Укажите логин пользователя' });
      expect((await add('admin', { login: 'newcomer', position: 'owner' })).statusCode).toBe(400);
      expect((await add('admin', { login: 'newcomer', extra: 1 })).statusCode).toBe(400);
    });

    it('is for role admin only: owners and others get 403 and nothing changes', async () => {
      await setMembership('incomplete', null);
      for (const login of ['owner', 'principal', 'worker', 'rival']) {
        expect((await add(login, { login: 'incomplete' })).statusCode).toBe(403);
      }
      expect(await positionIn(ids.user('incomplete'))).toBeNull();
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/user/add_user_admin/${ids.lenina}`,
        payload: { login: 'newcomer' },
      });
    });
  });
});

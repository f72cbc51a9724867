import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages, type User } from '@crm/shared';
import { memberships, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired, userRow } from './test-guards';

const profile = { name: 'Олег', surname: 'Заполненный', email: 'oleg@example.ru', number: '+79161234599' };

describe('users API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const positionIn = async (userId: string, networkId: string) => {
    const [row] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.networkId, networkId)));
    return row?.position ?? null;
  };
  const demoNetwork = async () => {
    const [row] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
    return row!.networkId;
  };

  describe('GET /api/user/{id}', () => {
    it('returns oneself as a User DTO with redirect_to, accepting station_id and redirect_to', async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user/${owner.userId}?station_id=${ids.lenina}&redirect_to=x`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      const { user, redirect_to } = res.json() as { user: User; redirect_to: string | null };
      expect(redirect_to).toBeNull();
      expect(user).toMatchObject({
        id: owner.userId,
        login: 'owner',
        role: 'user',
        name: 'Алексей',
        surname: 'Смирнов',
        position: 'owner',
        networks: [{ id: await demoNetwork(), name: 'Демо-сеть', position: 'owner' }],
      });
    });

    it('tells the wizard user where to go', async () => {
      const wizard = await t.loginAs('wizard');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user/${wizard.userId}`,
        headers: wizard.headers,
      });
      expect(res.json()).toMatchObject({ redirect_to: 'wizard', user: { role: 'wizard' } });
    });

    it('lets role admin read anyone, and nobody else read another user', async () => {
      const admin = await t.loginAs('admin');
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/user/${ids.user('rival')}`,
        headers: admin.headers,
      });
      expect(asAdmin.statusCode).toBe(200);
      const rival = await t.loginAs('rival');
      for (const id of [ids.user('owner'), ids.user('worker'), 'not-a-uuid']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: rival.headers });
        expect(res.statusCode).toBe(404);
      }
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/user/${ids.user('owner')}` });
    });
  });

  describe('POST /api/user/update/{userId}', () => {
    it('lets the incomplete user complete the profile', async () => {
      const incomplete = await t.loginAs('incomplete');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${incomplete.userId}`,
        headers: incomplete.headers,
        payload: { ...profile, email: '  oleg@example.ru ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ ...profile, login: 'incomplete' });
      const row = await userRow(t, incomplete.userId);
      expect(row.email).toBe('oleg@example.ru');
      expect(row.number).toBe('+79161234599');
    });

    it('rejects an invalid profile with the S2 §5 messages', async () => {
      const incomplete = await t.loginAs('incomplete');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${incomplete.userId}`,
        headers: incomplete.headers,
        payload: { name: ' ', surname: '', email: 'not-an-email', number: '12' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        name: profileMessages.nameRequired,
        surname: profileMessages.surnameRequired,
        email: profileMessages.emailInvalid,
        number: profileMessages.phoneInvalid,
      });
      const missing = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${incomplete.userId}`,
        headers: incomplete.headers,
        payload: { name: 'Олег' },
      });
      expect(missing.json().error.fields).toEqual({
        surname: profileMessages.surnameRequired,
        email: profileMessages.emailRequired,
        number: profileMessages.phoneInvalid,
      });
      const extra = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${incomplete.userId}`,
        headers: incomplete.headers,
        payload: { ...profile, role: 'admin' },
      });
      expect(extra.statusCode).toBe(400);
    });

    it('lets an owner edit staff and set their position', async () => {
      const owner = await t.loginAs('owner');
      const workerId = ids.user('worker');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${workerId}`,
        headers: owner.headers,
        payload: {
          name: 'Дмитрий',
          surname: 'Орлов',
          email: 'worker@demo-carwash.ru',
          number: '+79161234504',
          position: 'administrator',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: workerId, position: 'administrator' });
      expect(await positionIn(workerId, await demoNetwork())).toBe('administrator');
      await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${workerId}`,
        headers: owner.headers,
        payload: {
          name: 'Дмитрий',
          surname: 'Орлов',
          email: 'worker@demo-carwash.ru',
          number: '+79161234504',
          position: 'worker',
        },
      });
      expect(await positionIn(workerId, await demoNetwork())).toBe('worker');
    });

    it('forbids staff without the right position, promoting oneself, and touching the owner', async () => {
      const administrator = await t.loginAs('administrator');
      const byAdministrator = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${ids.user('worker')}`,
        headers: administrator.headers,
        payload: profile,
      });
      expect(byAdministrator.statusCode).toBe(403);
      const selfPromotion = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${administrator.userId}`,
        headers: administrator.headers,
        payload: { ...profile, position: 'principal' },
      });
      expect(selfPromotion.statusCode).toBe(403);
      const principal = await t.loginAs('principal');
      const onOwner = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${ids.user('owner')}`,
        headers: principal.headers,
        payload: { ...profile, position: 'worker' },
      });
      expect(onOwner.statusCode).toBe(403);
      expect(await positionIn(ids.user('owner'), await demoNetwork())).toBe('owner');
    });

    it('answers 404 to a rival editing a Демо-сеть user', async () => {
      const rival = await t.loginAs('rival');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${ids.user('worker')}`,
        headers: rival.headers,
        payload: profile,
      });
      expect(res.statusCode).toBe(404);
      expect((await userRow(t, ids.user('worker'))).name).toBe('Дмитрий');
    });

    it('removes a member from the network with networks: []', async () => {
      const principal = await t.loginAs('principal');
      const newcomer = await t.loginAs('newcomer');
      const network = await demoNetwork();
      await t.db
        .insert(memberships)
        .values({ userId: newcomer.userId, networkId: network, position: 'worker' });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${newcomer.userId}`,
        headers: principal.headers,
        payload: { networks: [] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: newcomer.userId, networks: [], position: null });
      expect(await positionIn(newcomer.userId, network)).toBeNull();
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/user/update/${ids.user('owner')}`,
        payload: profile,
      });
    });
  });

  describe('CRM data', () => {
    it('starts empty and deep-merges updates', async () => {
      const owner = await t.loginAs('owner');
      const url = (path: string) => `/api/user/${path}/${owner.userId}`;
      const first = await t.app.inject({ method: 'GET', url: url('get_crm_data'), headers: owner.headers });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ crm_data: {} });

      const update = (crm_data: unknown) =>
        t.app.inject({
          method: 'POST',
          url: url('update_crm_data'),
          headers: owner.headers,
          payload: { crm_data },
        });
      await update({
        hasSeenTutorial: true,
        pushNotifications: { promptDismissedCount: 1, contextualTriggers: { firstStationCreated: true } },
      });
      const second = await update({
        cookiesConsent: true,
        pushNotifications: { hasSeenPrompt: true, contextualTriggers: { settingsVisited: true } },
      });
      const merged = {
        hasSeenTutorial: true,
        cookiesConsent: true,
        pushNotifications: {
          promptDismissedCount: 1,
          hasSeenPrompt: true,
          contextualTriggers: { firstStationCreated: true, settingsVisited: true },
        },
      };
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ crm_data: merged });
      const read = await t.app.inject({ method: 'GET', url: url('get_crm_data'), headers: owner.headers });
      expect(read.json()).toEqual({ crm_data: merged });
    });

    it('rejects unknown keys and wrong types', async () => {
      const owner = await t.loginAs('owner');
      for (const crm_data of [{ isAdmin: true }, { hasSeenTutorial: 'yes' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/user/update_crm_data/${owner.userId}`,
          headers: owner.headers,
          payload: { crm_data },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it("is nobody else's to read or write", async () => {
      const rival = await t.loginAs('rival');
      const ownerId = ids.user('owner');
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/user/get_crm_data/${ownerId}`,
        headers: rival.headers,
      });
      expect(read.statusCode).toBe(404);
      const write = await t.app.inject({
        method: 'POST',
        url: `/api/user/update_crm_data/${ownerId}`,
        headers: rival.headers,
        payload: { crm_data: { hasSeenTutorial: false } },
      });
      expect(write.statusCode).toBe(404);
    });

    it('requires a session and a matching X-User-Id', async () => {
      const ownerId = ids.user('owner');
      await expectSignInRequired(t, { method: 'GET', url: `/api/user/get_crm_data/${ownerId}` });
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/user/update_crm_data/${ownerId}`,
        payload: { crm_data: {} },
      });
    });
  });

  describe('POST /api/user/move_to_station/{stationId}/{userId}', () => {
    it("joins the station's network as administrator, once", async () => {
      const newcomer = await t.loginAs('newcomer');
      const url = `/api/user/move_to_station/${ids.lenina}/${newcomer.userId}`;
      const res = await t.app.inject({ method: 'POST', url, headers: newcomer.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        position: 'administrator',
        networks: [{ name: 'Демо-сеть', position: 'administrator' }],
      });
      const again = await t.app.inject({ method: 'POST', url, headers: newcomer.headers });
      expect(again.statusCode).toBe(200);
      expect(again.json().user.networks).toHaveLength(1);
      const stationsRes = await t.app.inject({
        method: 'GET',
        url: `/api/station/${ids.lenina}`,
        headers: newcomer.headers,
      });
      expect(stationsRes.statusCode).toBe(200);
    });

    it('keeps an existing position', async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/move_to_station/${ids.sadovaya}/${owner.userId}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.position).toBe('owner');
    });

    it('connects only oneself, and only to a real station', async () => {
      const owner = await t.loginAs('owner');
      const other = await t.app.inject({
        method: 'POST',
        url: `/api/user/move_to_station/${ids.bridge}/${ids.user('rival')}`,
        headers: owner.headers,
      });
      expect(other.statusCode).toBe(403);
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/user/move_to_station/00000000-0000-4000-8000-000000000000/${owner.userId}`,
        headers: owner.headers,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/user/move_to_station/${ids.lenina}/${ids.user('owner')}`,
      });
    });
  });
});

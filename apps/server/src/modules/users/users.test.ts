import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages, profileMessages, type User } from '@crm/shared';
import { memberships, stationInvitations, stations } from '../../db/schema';
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
    const invite = async (stationId: string, position = 'administrator') => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/station/invitations/${stationId}`,
        headers: owner.headers,
        payload: { position },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { id: string; token: string };
    };
    const join = async (login: string, stationId: string, payload?: object) => {
      const who = await t.loginAs(login);
      return t.app.inject({
        method: 'POST',
        url: `/api/user/move_to_station/${stationId}/${who.userId}`,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      });
    };
    const invitationRow = async (id: string) =>
      (await t.db.select().from(stationInvitations).where(eq(stationInvitations.id, id)))[0]!;
    const expectRefused = (res: { statusCode: number; json: () => { error: { message: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(invitationMessages.invalid);
    };

    it('refuses a station id alone: knowing it is no invitation', async () => {
      expectRefused(await join('newcomer', ids.lenina));
      expectRefused(await join('newcomer', ids.lenina, {}));
      expect(await positionIn(ids.user('newcomer'), await demoNetwork())).toBeNull();
    });

    it('refuses a forged, expired, revoked or used token and writes nothing', async () => {
      const newcomer = ids.user('newcomer');
      expectRefused(await join('newcomer', ids.lenina, { token: 'x'.repeat(43) }));

      const expired = await invite(ids.lenina);
      await t.db
        .update(stationInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(stationInvitations.id, expired.id));
      expectRefused(await join('newcomer', ids.lenina, { token: expired.token }));

      const revoked = await invite(ids.lenina);
      const owner = await t.loginAs('owner');
      await t.app.inject({
        method: 'POST',
        url: `/api/station/invitations/revoke/${revoked.id}`,
        headers: owner.headers,
      });
      expectRefused(await join('newcomer', ids.lenina, { token: revoked.token }));

      const used = await invite(ids.lenina);
      await t.db
        .update(stationInvitations)
        .set({ usedAt: new Date(), usedBy: ids.user('owner') })
        .where(eq(stationInvitations.id, used.id));
      expectRefused(await join('newcomer', ids.lenina, { token: used.token }));

      expect(await positionIn(newcomer, await demoNetwork())).toBeNull();
      expect((await invitationRow(expired.id)).usedAt).toBeNull();
      expect((await invitationRow(revoked.id)).usedAt).toBeNull();
    });

    it('refuses a token on another station than its own, even in the same network', async () => {
      const lenina = await invite(ids.lenina);
      expectRefused(await join('newcomer', ids.sadovaya, { token: lenina.token }));
      expectRefused(await join('newcomer', ids.bridge, { token: lenina.token }));
      expectRefused(await join('newcomer', 'not-a-uuid', { token: lenina.token }));
      expect(await positionIn(ids.user('newcomer'), await demoNetwork())).toBeNull();
      expect((await invitationRow(lenina.id)).usedAt).toBeNull();
    });

    it("joins the caller with the invitation's position and records it, once", async () => {
      const invitation = await invite(ids.lenina, 'worker');
      const res = await join('newcomer', ids.lenina, { token: invitation.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        position: 'worker',
        networks: [{ name: 'Демо-сеть', position: 'worker' }],
      });
      const row = await invitationRow(invitation.id);
      expect(row.usedBy).toBe(ids.user('newcomer'));
      expect(row.usedAt).toBeInstanceOf(Date);
      // Single-use: the same link does not let anybody else in.
      expectRefused(await join('incomplete', ids.lenina, { token: invitation.token }));
      expect(await positionIn(ids.user('incomplete'), await demoNetwork())).toBeNull();

      const newcomer = await t.loginAs('newcomer');
      const station = await t.app.inject({
        method: 'GET',
        url: `/api/station/${ids.lenina}`,
        headers: newcomer.headers,
      });
      expect(station.statusCode).toBe(200);
    });

    it('lets one of two people racing for one link in', async () => {
      const invitation = await invite(ids.sadovaya);
      const results = await Promise.all(
        ['wizard', 'admin'].map((login) => join(login, ids.sadovaya, { token: invitation.token })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const joined = await Promise.all(
        ['wizard', 'admin'].map(async (login) => positionIn(ids.user(login), await demoNetwork())),
      );
      expect(joined.filter(Boolean)).toEqual(['administrator']);
    });

    it('keeps an existing position and leaves the invitation for its invitee', async () => {
      const invitation = await invite(ids.sadovaya, 'worker');
      const res = await join('owner', ids.sadovaya, { token: invitation.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.position).toBe('owner');
      expect(await positionIn(ids.user('owner'), await demoNetwork())).toBe('owner');
      expect((await invitationRow(invitation.id)).usedAt).toBeNull();
    });

    it('connects only oneself', async () => {
      const invitation = await invite(ids.lenina);
      const owner = await t.loginAs('owner');
      const other = await t.app.inject({
        method: 'POST',
        url: `/api/user/move_to_station/${ids.lenina}/${ids.user('rival')}`,
        headers: owner.headers,
        payload: { token: invitation.token },
      });
      expect(other.statusCode).toBe(403);
      expect(await positionIn(ids.user('rival'), await demoNetwork())).toBeNull();
      expect((await invitationRow(invitation.id)).usedAt).toBeNull();
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: `/api/user/move_to_station/${ids.lenina}/${ids.user('owner')}`,
        payload: { token: 'x' },
      });
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages, type Invitation, type InvitationCreated } from '@crm/shared';
import { stationInvitations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { hashSecret } from '../../secrets';

describe('station invitations API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://crm.example.ru' } });
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const create = async (login: string, stationId: string, payload?: object) => {
    const who = await t.loginAs(login);
    return t.app.inject({
      method: 'POST',
      url: `/api/station/invitations/${stationId}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  };
  const list = async (login: string, stationId: string) => {
    const who = await t.loginAs(login);
    return t.app.inject({
      method: 'GET',
      url: `/api/station/invitations/${stationId}`,
      headers: who.headers,
    });
  };
  const revoke = async (login: string, id: string) => {
    const who = await t.loginAs(login);
    return t.app.inject({
      method: 'POST',
      url: `/api/station/invitations/revoke/${id}`,
      headers: who.headers,
    });
  };

  describe('POST /api/station/invitations/{stationId}', () => {
    it('gives the owner a 7-day administrator link whose token is stored only as a hash', async () => {
      const before = Date.now();
      const res = await create('owner', ids.lenina);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as InvitationCreated;
      expect(body.position).toBe('administrator');
      // 32 random bytes in base64url.
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.url).toBe(`https://crm.example.ru/stationAdminCallback/${ids.lenina}#invite=${body.token}`);
      const ttl = Date.parse(body.expires_at) - before;
      expect(ttl).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600 * 1000 + 60_000);

      const [row] = await t.db.select().from(stationInvitations).where(eq(stationInvitations.id, body.id));
      expect(row!.tokenHash).toBe(hashSecret(body.token));
      expect(JSON.stringify(row)).not.toContain(body.token);
      expect(row!.createdBy).toBe(ids.user('owner'));
    });

    it('lets a principal choose worker, administrator or principal, and nobody make an owner', async () => {
      for (const position of ['worker', 'administrator', 'principal']) {
        const res = await create('principal', ids.sadovaya, { position });
        expect(res.statusCode).toBe(200);
        expect(res.json().position).toBe(position);
      }
      for (const login of ['principal', 'owner']) {
        const res = await create(login, ids.sadovaya, { position: 'owner' });
        expect(res.statusCode).toBe(400);
      }
    });

    it('is refused to administrators and workers, and hidden from other networks', async () => {
      expect((await create('administrator', ids.lenina)).statusCode).toBe(403);
      expect((await create('worker', ids.lenina)).statusCode).toBe(403);
      const rival = await create('rival', ids.lenina);
      expect(rival.statusCode).toBe(404);
      expect((await create('owner', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await create('owner', 'not-a-uuid')).statusCode).toBe(404);
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'POST', url: `/api/station/invitations/${ids.lenina}` });
    });
  });

  describe('GET /api/station/invitations/{stationId}', () => {
    it('lists the active invitations with creator and expiry, never a token', async () => {
      const made = (await create('owner', ids.lenina, { position: 'worker' })).json() as InvitationCreated;
      const res = await list('principal', ids.lenina);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { invitations } = res.json() as { invitations: Invitation[] };
      const mine = invitations.find((i) => i.id === made.id);
      expect(mine).toEqual({
        id: made.id,
        station_id: ids.lenina,
        position: 'worker',
        created_at: expect.any(String),
        expires_at: made.expires_at,
        created_by: { id: ids.user('owner'), name: 'Алексей', surname: 'Смирнов' },
      });
      expect(res.body).not.toContain(made.token);
      expect(res.body).not.toContain(hashSecret(made.token));
      // Another station's links are not in this station's list.
      expect(invitations.every((i) => i.station_id === ids.lenina)).toBe(true);
    });

    it('leaves out revoked, expired and used invitations', async () => {
      const revoked = (await create('owner', ids.sadovaya)).json() as InvitationCreated;
      const expired = (await create('owner', ids.sadovaya)).json() as InvitationCreated;
      const used = (await create('owner', ids.sadovaya)).json() as InvitationCreated;
      const active = (await create('owner', ids.sadovaya)).json() as InvitationCreated;
      await revoke('owner', revoked.id);
      await t.db
        .update(stationInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(stationInvitations.id, expired.id));
      await t.db
        .update(stationInvitations)
        .set({ usedAt: new Date(), usedBy: ids.user('newcomer') })
        .where(eq(stationInvitations.id, used.id));
      const listed = ((await list('owner', ids.sadovaya)).json() as { invitations: Invitation[] })
        .invitations;
      const listedIds = listed.map((i) => i.id);
      expect(listedIds).toContain(active.id);
      expect(listedIds).not.toContain(revoked.id);
      expect(listedIds).not.toContain(expired.id);
      expect(listedIds).not.toContain(used.id);
    });

    it('is refused to administrators and workers, and hidden from other networks', async () => {
      expect((await list('administrator', ids.lenina)).statusCode).toBe(403);
      expect((await list('worker', ids.lenina)).statusCode).toBe(403);
      expect((await list('rival', ids.lenina)).statusCode).toBe(404);
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/station/invitations/${ids.lenina}` });
    });
  });

  describe('POST /api/station/invitations/revoke/{id}', () => {
    it('stops the link at once, and a second revoke changes nothing', async () => {
      const made = (await create('owner', ids.lenina)).json() as InvitationCreated;
      const res = await revoke('principal', made.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().invitation).toMatchObject({ id: made.id, station_id: ids.lenina });
      const [row] = await t.db.select().from(stationInvitations).where(eq(stationInvitations.id, made.id));
      expect(row!.revokedAt).not.toBeNull();
      expect(row!.revokedBy).toBe(ids.user('principal'));
      expect((await revoke('owner', made.id)).statusCode).toBe(200);
    });

    it('is refused to administrators and workers, and hidden from other networks', async () => {
      const made = (await create('owner', ids.lenina)).json() as InvitationCreated;
      expect((await revoke('administrator', made.id)).statusCode).toBe(403);
      expect((await revoke('worker', made.id)).statusCode).toBe(403);
      expect((await revoke('rival', made.id)).statusCode).toBe(404);
      expect((await revoke('owner', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await revoke('owner', 'nope')).statusCode).toBe(404);
      const [row] = await t.db.select().from(stationInvitations).where(eq(stationInvitations.id, made.id));
      expect(row!.revokedAt).toBeNull();
    });

    it('requires a session and a matching X-User-Id', async () => {
      const made = (await create('owner', ids.lenina)).json() as InvitationCreated;
      await expectSignInRequired(t, { method: 'POST', url: `/api/station/invitations/revoke/${made.id}` });
    });
  });

  describe('POST /api/station/invitations/preview', () => {
    const preview = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/station/invitations/preview', payload });

    it('tells the invitee, before sign-in, who invites him to which network and station, as whom', async () => {
      const made = (await create('owner', ids.lenina, { position: 'worker' })).json() as InvitationCreated;
      const res = await preview({ station_id: ids.lenina, token: made.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        inviter: 'Алексей Смирнов',
        station_name: 'Мойка на Ленина',
        network_name: 'Демо-сеть',
        // The link opens the whole network: both of its stations.
        station_count: 2,
        position: 'worker',
        expires_at: made.expires_at,
      });
    });

    it('is the same 404 for a wrong token, another station, a revoked link and a malformed id', async () => {
      const made = (await create('owner', ids.lenina)).json() as InvitationCreated;
      const refused = [
        { station_id: ids.lenina, token: 'not-the-token' },
        { station_id: ids.sadovaya, token: made.token },
        { station_id: 'not-a-uuid', token: made.token },
      ];
      for (const payload of refused) {
        const res = await preview(payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(invitationMessages.invalid);
      }
      await revoke('owner', made.id);
      expect((await preview({ station_id: ids.lenina, token: made.token })).statusCode).toBe(404);
      expect((await preview({ station_id: ids.lenina })).statusCode).toBe(400);
    });
  });

  it('the invitee is no member before the link: list_of_users is 404 for him, his own station list decides (issue 38)', async () => {
    const made = (await create('owner', ids.sadovaya)).json() as InvitationCreated;
    const newcomer = await t.loginAs('newcomer');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: newcomer.headers });
    const stationIds = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/station/list',
          headers: newcomer.headers,
          payload: { user_id: newcomer.userId },
        })
      )
        .json()
        .stations.map((s: { id: string }) => s.id);
    expect((await get(`/api/station/list_of_users/${ids.sadovaya}`)).statusCode).toBe(404);
    expect(await stationIds()).not.toContain(ids.sadovaya);

    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/user/move_to_station/${ids.sadovaya}/${newcomer.userId}`,
      headers: newcomer.headers,
      payload: { token: made.token },
    });
    expect(joined.statusCode).toBe(200);
    // The whole network, as the invitation's texts say: both «Демо-сеть» stations.
    expect(await stationIds()).toEqual(expect.arrayContaining([ids.lenina, ids.sadovaya]));
    const staff = await get(`/api/station/list_of_users/${ids.sadovaya}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().users.map((u: { id: string }) => u.id)).toContain(newcomer.userId);
  });

  it('says why an invitation is refused, in Russian', () => {
    expect(invitationMessages.invalid).toMatch(/^Приглашение недействительно/);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationMessages, type Station } from '@crm/shared';
import { memberships, networks, stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hours = (start: string, end: string, days = week) =>
  Object.fromEntries(
    days.flatMap((d) => [
      [`start_${d}`, start],
      [`end_${d}`, end],
    ]),
  );

const newStation = {
  name: 'Мойка на Тверской',
  boxes: 3,
  address: 'Москва, Тверская улица, 7',
  location: { type: 'Point', coordinates: [37.6118, 55.7585] },
  worktime_by_day: hours('09:00', '21:00', ['Monday', 'Tuesday', 'Wednesday']),
};

describe('stations API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  describe('POST /api/station/list', () => {
    it("lists the caller's networks' stations as Station DTOs", async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/list',
        headers: owner.headers,
        payload: { user_id: owner.userId },
      });
      expect(res.statusCode).toBe(200);
      const list = res.json().stations as Station[];
      expect(list.map((s) => s.name)).toEqual(['Мойка на Ленина', 'Мойка на Садовой']);
      const lenina = list[0]!;
      expect(lenina.boxes).toEqual([1, 2, 3, 4].map((number) => ({ number, status: 'Free' })));
      expect(lenina.daysOfWork).toEqual(week);
      expect(lenina.location).toEqual({ type: 'Point', coordinates: [37.58632, 55.70753] });
      expect(lenina.time_zone).toBe('Europe/Moscow');
      expect(lenina.time_zone_int).toBe(3);
      expect(lenina.slot_duration).toBe(30);
      expect(lenina.carwash_id).toMatch(/^\d{6}$/);
      const sadovaya = list[1]!;
      expect(sadovaya.daysOfWork).not.toContain('Sunday');
      expect(sadovaya.time_zone_int).toBe(7);
    });

    it('shows a rival only its own station, and nobody else the list of another user', async () => {
      const rival = await t.loginAs('rival');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/list',
        headers: rival.headers,
        payload: { user_id: rival.userId },
      });
      expect(res.json().stations.map((s: Station) => s.name)).toEqual(['Мойка у моста']);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/station/list',
        headers: rival.headers,
        payload: { user_id: ids.user('owner') },
      });
      expect(other.statusCode).toBe(403);
    });

    it('rejects a body without user_id with the spec message', async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/list',
        headers: owner.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ user_id: 'ID пользователя обязателен' });
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'POST', url: '/api/station/list', payload: { user_id: 'x' } });
    });
  });

  describe('GET /api/station/{id}', () => {
    it('gives a member the station', async () => {
      const worker = await t.loginAs('worker');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/station/${ids.lenina}`,
        headers: worker.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().station.name).toBe('Мойка на Ленина');
    });

    it('lets role admin open any station', async () => {
      const admin = await t.loginAs('admin');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/station/${ids.bridge}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().station.name).toBe('Мойка у моста');
    });

    it("answers 404 for another tenant's station, an unknown id and a malformed id", async () => {
      const rival = await t.loginAs('rival');
      for (const id of [ids.lenina, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/station/${id}`, headers: rival.headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/station/${ids.lenina}` });
    });
  });

  describe('POST /api/station/create', () => {
    it("creates a station in the owner's network with boxes 1..N and a fresh carwash id", async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: owner.headers,
        payload: newStation,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Station;
      const [lenina] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
      expect(data.network_id).toBe(lenina!.networkId);
      expect(data.boxes.map((b) => b.number)).toEqual([1, 2, 3]);
      expect(data.carwash_id).toMatch(/^\d{6}$/);
      expect(data.time_zone).toBe('Europe/Moscow');
      expect(data.slot_duration).toBe(30);
      expect(data.daysOfWork).toEqual(['Monday', 'Tuesday', 'Wednesday']);
      expect(data.location).toEqual(newStation.location);
    });

    it('guesses the time zone from the longitude when none is given', async () => {
      const principal = await t.loginAs('principal');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: principal.headers,
        payload: {
          ...newStation,
          name: 'Мойка в Академгородке',
          address: 'Новосибирск, Морской проспект, 2',
          location: { type: 'Point', coordinates: [83.11, 54.843] },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.time_zone).toBe('Asia/Novosibirsk');
      expect(res.json().data.time_zone_int).toBe(7);
    });

    it('gives a newcomer a network of their own, with them as owner', async () => {
      const newcomer = await t.loginAs('newcomer');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: newcomer.headers,
        payload: { ...newStation, name: 'Первая мойка', time_zone: 'Europe/Samara' },
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Station;
      expect(data.time_zone).toBe('Europe/Samara');
      const [network] = await t.db.select().from(networks).where(eq(networks.id, data.network_id));
      expect(network!.name).toBe('Сеть «Первая мойка»');
      const rows = await t.db.select().from(memberships).where(eq(memberships.userId, newcomer.userId));
      expect(rows).toEqual([expect.objectContaining({ networkId: data.network_id, position: 'owner' })]);
      const list = await t.app.inject({
        method: 'POST',
        url: '/api/station/list',
        headers: newcomer.headers,
        payload: { user_id: newcomer.userId },
      });
      expect(list.json().stations.map((s: Station) => s.name)).toEqual(['Первая мойка']);
    });

    it('forbids administrators and workers', async () => {
      for (const login of ['administrator', 'worker']) {
        const staff = await t.loginAs(login);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/station/create',
          headers: staff.headers,
          payload: newStation,
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it("answers 404 for another tenant's network_id", async () => {
      const rival = await t.loginAs('rival');
      const [lenina] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: rival.headers,
        payload: { ...newStation, network_id: lenina!.networkId },
      });
      expect(res.statusCode).toBe(404);
    });

    it('rejects invalid input with the S2 §5 messages', async () => {
      const owner = await t.loginAs('owner');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: owner.headers,
        payload: {
          name: 'М',
          boxes: 101,
          address: 'Мск',
          location: null,
          worktime_by_day: { start_Monday: '25:00', end_Monday: '10:00' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({
        name: stationMessages.nameMin,
        boxes: stationMessages.boxesMax,
        address: stationMessages.addressMin,
        location: stationMessages.pointRequired,
        'worktime_by_day.start_Monday': stationMessages.timeFormat,
      });
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: owner.headers,
        payload: { ...newStation, name: '', boxes: 0, worktime_by_day: {} },
      });
      expect(empty.json().error.fields).toMatchObject({
        name: stationMessages.nameRequired,
        boxes: stationMessages.boxesMin,
        worktime_by_day: stationMessages.scheduleRequired,
      });
      const zone = await t.app.inject({
        method: 'POST',
        url: '/api/station/create',
        headers: owner.headers,
        payload: { ...newStation, time_zone: 'Mars/Olympus' },
      });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().error.fields).toEqual({ time_zone: 'Неизвестный часовой пояс' });
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'POST', url: '/api/station/create', payload: newStation });
    });
  });

  describe('GET /api/station/list_of_users/{id}', () => {
    it('lists the network members, owner first, showing only this network', async () => {
      const administrator = await t.loginAs('administrator');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/station/list_of_users/${ids.lenina}`,
        headers: administrator.headers,
      });
      expect(res.statusCode).toBe(200);
      const list = res.json().users as { login: string; position: string; networks: unknown[] }[];
      expect(list.slice(0, 4).map((u) => [u.login, u.position])).toEqual([
        ['owner', 'owner'],
        ['principal', 'principal'],
        ['administrator', 'administrator'],
        ['worker', 'worker'],
      ]);
      for (const u of list) expect(u.networks).toHaveLength(1);
    });

    it("answers 404 to a rival asking for a Демо-сеть station's users", async () => {
      const rival = await t.loginAs('rival');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/station/list_of_users/${ids.lenina}`,
        headers: rival.headers,
      });
      expect(res.statusCode).toBe(404);
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/station/list_of_users/${ids.lenina}` });
    });
  });
});

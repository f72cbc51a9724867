import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationStrategySchema } from '@crm/shared';
import { stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('station strategy API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Login;
  const url = (id: string) => `/api/station/strategy/${id}`;
  const get = (id: string, user: Login = owner) =>
    t.app.inject({ method: 'GET', url: url(id), headers: user.headers });
  const post = (id: string, payload: unknown, user: Login = owner) =>
    t.app.inject({ method: 'POST', url: url(id), headers: user.headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
  });
  afterAll(() => t.close());

  it('reads the demo strategies: every tab at «Мойка на Ленина», bookings only at «Мойка на Садовой»', async () => {
    const lenina = await get(ids.lenina);
    expect(lenina.statusCode).toBe(200);
    expect(stationStrategySchema.parse(lenina.json())).toEqual({ booking: true, payment: true, robot: true });
    expect((await get(ids.sadovaya)).json()).toEqual({ booking: true, payment: false, robot: false });
  });

  it('lets every position of the station and role admin read it; a rival gets 404', async () => {
    for (const login of ['principal', 'administrator', 'worker', 'admin']) {
      const res = await get(ids.lenina, await t.loginAs(login));
      expect(res.statusCode, login).toBe(200);
    }
    expect((await get(ids.lenina, await t.loginAs('rival'))).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('not-a-uuid')).statusCode).toBe(404);
    await expectSignInRequired(t, { method: 'GET', url: url(ids.lenina) });
  });

  it('lets the owner change the flags', async () => {
    const res = await post(ids.sadovaya, { booking: false, payment: true, robot: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ booking: false, payment: true, robot: true });
    const [row] = await t.db.select().from(stations).where(eq(stations.id, ids.sadovaya));
    expect([row!.enableBooking, row!.enablePayment, row!.enableRobot]).toEqual([false, true, true]);
    // The station answer carries the same flags.
    const station = await t.app.inject({
      method: 'GET',
      url: `/api/station/${ids.sadovaya}`,
      headers: owner.headers,
    });
    expect(station.json().station).toMatchObject({ enable_booking: false, enable_payment: true });
  });

  it('refuses principal, administrator and worker (403) and a rival (404); role admin may', async () => {
    const body = { booking: true, payment: false, robot: false };
    for (const login of ['principal', 'administrator', 'worker']) {
      const res = await post(ids.sadovaya, body, await t.loginAs(login));
      expect(res.statusCode, login).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await post(ids.sadovaya, body, await t.loginAs('rival'))).statusCode).toBe(404);
    expect((await get(ids.sadovaya)).json()).toEqual({ booking: false, payment: true, robot: true });
    expect((await post(ids.sadovaya, body, await t.loginAs('admin'))).statusCode).toBe(200);
    expect((await get(ids.sadovaya)).json()).toEqual(body);
  });

  it('answers 400 with fields for a missing or wrong flag', async () => {
    const res = await post(ids.lenina, { booking: 'yes', payment: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['booking', 'robot']);
    expect((await get(ids.lenina)).json()).toEqual({ booking: true, payment: true, robot: true });
  });
});

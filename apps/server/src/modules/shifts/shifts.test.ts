import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftMessages, type ShiftsResponse } from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

describe('the staff shift plan: /api/station/{stationId}/shifts', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let owner: Login;
  let principal: Login;
  let administrator: Login;
  let worker: Login;
  let rival: Login;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    owner = await t.loginAs('owner');
    principal = await t.loginAs('principal');
    administrator = await t.loginAs('administrator');
    worker = await t.loginAs('worker');
    rival = await t.loginAs('rival');
  });
  afterAll(() => t.close());

  const week = (date: string, who: Login = owner, stationId = ids.lenina) =>
    t.app.inject({
      method: 'GET',
      url: `/api/station/${stationId}/shifts?week=${date}`,
      headers: who.headers,
    });
  const set = (payload: object, who: Login = owner, stationId = ids.lenina) =>
    t.app.inject({ method: 'POST', url: `/api/station/${stationId}/shifts`, headers: who.headers, payload });
  const copy = (payload: object, who: Login = owner, stationId = ids.lenina) =>
    t.app.inject({
      method: 'POST',
      url: `/api/station/${stationId}/shifts/copy-week`,
      headers: who.headers,
      payload,
    });

  it('reads a week (Monday to Sunday) of the network’s staff; the owner may edit', async () => {
    const res = await week('2031-03-13'); // a Thursday
    expect(res.statusCode).toBe(200);
    const plan = res.json() as ShiftsResponse;
    expect(plan.week_start).toBe('2031-03-10');
    expect(plan.days).toHaveLength(7);
    expect(plan.days[6]).toBe('2031-03-16');
    expect(plan.time_zone).toBe('Europe/Moscow');
    expect(plan.can_edit).toBe(true);
    expect(plan.shifts).toEqual([]);
    const staff = plan.staff.map((s) => s.id);
    for (const login of ['owner', 'principal', 'administrator', 'worker'])
      expect(staff).toContain(ids.user(login));
    expect(staff).not.toContain(ids.user('rival'));
    expect(plan.staff[0]).toMatchObject({ position: 'owner', name: 'Алексей Смирнов' });
  });

  it('the owner sets, changes and clears a cell; the administrator reads it but may not write', async () => {
    const cell = { user_id: ids.user('administrator'), date: '2031-03-11' };
    const saved = await set({ ...cell, from: '08:00', to: '20:00' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().shift).toEqual({ ...cell, from: '08:00', to: '20:00' });
    expect((await set({ ...cell, from: '10:00', to: '23:59' })).statusCode).toBe(200);

    const read = await week('2031-03-10', administrator);
    expect(read.statusCode).toBe(200);
    expect(read.json().can_edit).toBe(false);
    expect(read.json().shifts).toEqual([{ ...cell, from: '10:00', to: '23:59' }]);

    for (const who of [administrator, worker]) {
      const refused = await set({ ...cell, from: null, to: null }, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: shiftMessages.forbidden });
      expect((await copy({ week: '2031-03-17' }, who)).statusCode).toBe(403);
    }
    // The principal plans too; clearing is a day off.
    const cleared = await set({ ...cell, from: null, to: null }, principal);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().shift).toBeNull();
    expect((await week('2031-03-10')).json().shifts).toEqual([]);
  });

  it('refuses bad input with a Russian message on the field, never a 500', async () => {
    const cell = { user_id: ids.user('worker'), date: '2031-03-12' };
    const cases: [object, string, string][] = [
      [{ ...cell, from: '20:00', to: '08:00' }, 'to', shiftMessages.order],
      [{ ...cell, from: '08:10', to: '20:00' }, 'from', shiftMessages.timeFormat],
      [{ ...cell, from: '08:00', to: null }, 'to', shiftMessages.bothOrNone],
      [{ ...cell, date: '2031-02-30', from: '08:00', to: '20:00' }, 'date', 'Некорректная дата'],
      [{ ...cell, user_id: 'not-a-uuid', from: '08:00', to: '20:00' }, 'user_id', shiftMessages.notMember],
      // Not a member of «Демо-сеть»: the rival and a newcomer without a network.
      [
        { ...cell, user_id: ids.user('rival'), from: '08:00', to: '20:00' },
        'user_id',
        shiftMessages.notMember,
      ],
      [
        { ...cell, user_id: ids.user('newcomer'), from: '08:00', to: '20:00' },
        'user_id',
        shiftMessages.notMember,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await set(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect((await week('2031-13-01')).statusCode).toBe(400);
    expect((await week('')).statusCode).toBe(400);
    expect((await copy({ week: 'monday' })).statusCode).toBe(400);
  });

  it('another network gets 404 for «Демо-сеть»’s station and cannot plan its people at its own', async () => {
    expect((await week('2031-03-10', rival)).statusCode).toBe(404);
    const foreign = await set(
      { user_id: ids.user('rival'), date: '2031-03-10', from: '08:00', to: '20:00' },
      rival,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await copy({ week: '2031-03-10' }, rival)).statusCode).toBe(404);
    expect((await week('2031-03-10', owner, ids.bridge)).statusCode).toBe(404);
    // At the rival's own station, «Демо-сеть»'s administrator is nobody.
    const own = await set(
      { user_id: ids.user('administrator'), date: '2031-03-10', from: '08:00', to: '20:00' },
      rival,
      ids.bridge,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields.user_id).toBe(shiftMessages.notMember);
    expect((await week('2031-03-10', owner, 'not-a-station')).statusCode).toBe(404);
  });

  it('copies last week into this one, asks before replacing, and keeps stations apart', async () => {
    const last = '2031-04-07';
    await set({ user_id: ids.user('worker'), date: '2031-04-07', from: '08:00', to: '20:00' });
    await set({ user_id: ids.user('administrator'), date: '2031-04-13', from: '10:00', to: '22:00' });
    // The other station's shifts are not this station's last week.
    await set(
      { user_id: ids.user('worker'), date: '2031-04-08', from: '09:00', to: '18:00' },
      owner,
      ids.sadovaya,
    );
    // Nothing the week before: nothing changes, even when told to replace.
    const empty = await copy({ week: last, overwrite: true });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().copied).toBe(0);
    expect(empty.json().shifts).toHaveLength(2);

    const copied = await copy({ week: '2031-04-16' });
    expect(copied.statusCode).toBe(200);
    expect(copied.json()).toMatchObject({ copied: 2, week_start: '2031-04-14' });
    expect(copied.json().shifts).toEqual([
      { user_id: ids.user('worker'), date: '2031-04-14', from: '08:00', to: '20:00' },
      { user_id: ids.user('administrator'), date: '2031-04-20', from: '10:00', to: '22:00' },
    ]);

    // The week has shifts now: a second copy asks first, and replaces them when told to.
    await set({ user_id: ids.user('principal'), date: '2031-04-15', from: '12:00', to: '16:00' });
    const taken = await copy({ week: '2031-04-14' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(shiftMessages.weekTaken);
    const replaced = await copy({ week: '2031-04-14', overwrite: true });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().shifts.map((s: { date: string }) => s.date)).toEqual(['2031-04-14', '2031-04-20']);
    expect((await week('2031-04-14', owner, ids.sadovaya)).json().shifts).toEqual([]);
  });

  it('needs a session', async () => {
    await expectSignInRequired(t, {
      method: 'GET',
      url: `/api/station/${ids.lenina}/shifts?week=2031-03-10`,
    });
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/station/${ids.lenina}/shifts`,
      payload: { user_id: ids.user('worker'), date: '2031-03-10', from: '08:00', to: '20:00' },
    });
  });
});

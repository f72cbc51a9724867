import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotMessages, type Slot, type SlotsResponse } from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { blockerSpans, flat, monday, mondaySlot, occupy, sunday, tuesday } from './slots.test-support';

describe('whole-day and time-slots toggles (one transaction each)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const blockDay = (date: string, toUnblock: boolean, stationId = ids.lenina, headers = admin.headers) =>
    post(`/api/slots/block_day/${stationId}`, { date, to_unblock: toUnblock }, headers);
  const statuses = (slots: SlotsResponse['slots']) => flat(slots).map((s) => s.status);

  it('blocks every free slot of the day ahead and unblocks them again, leaving busy ones alone', async () => {
    await occupy(t, ids.lenina, tuesday, '12:00', [1, 2, 3, 4]);
    const blocked = await blockDay(tuesday, false);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().changed).toBe(27);
    const after = statuses(blocked.json().slots);
    expect(after.filter((s) => s === 'Blocked')).toHaveLength(27);
    expect(after.filter((s) => s === 'Busy')).toHaveLength(1);

    // Nothing left to block: no change, no error.
    expect((await blockDay(tuesday, false)).json().changed).toBe(0);

    const freed = await blockDay(tuesday, true);
    expect(freed.json().changed).toBe(27);
    expect(statuses(freed.json().slots).filter((s) => s === 'Free')).toHaveLength(27);
  });

  it('changes nothing on a day off or a past day', async () => {
    const off = await blockDay(sunday, false, ids.sadovaya);
    expect(off.json()).toEqual({ changed: 0, slots: { morning: [], day: [], evening: [], night: [] } });
    const past = await blockDay('2020-01-06', false);
    expect(past.statusCode).toBe(200);
    expect(past.json().changed).toBe(0);
    expect(statuses(past.json().slots).every((s) => s === 'Free')).toBe(true);
  });

  it('refuses a bad date, a worker (403) and another network (404)', async () => {
    for (const date of ['2031-02-30', '11.03.2031', '0000-01-01', '2101-01-01']) {
      const res = await blockDay(date, false);
      expect(res.statusCode, date).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['date']);
    }
    const worker = await t.loginAs('worker');
    const refused = await blockDay(monday, false, ids.lenina, worker.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(slotMessages.forbidden);
    const rival = await t.loginAs('rival');
    expect((await blockDay(monday, false, ids.lenina, rival.headers)).statusCode).toBe(404);
    expect(await blockerSpans(t, ids.lenina)).toEqual([]);
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/slots/block_day/${ids.lenina}`,
      payload: { date: monday, to_unblock: false },
    });
  });

  it('PATCH /api/time-slots/{slotId} sets a slot to the status asked', async () => {
    const patch = (status: string, headers = admin.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/time-slots/${mondaySlot('10:00')}`,
        headers,
        payload: { station_id: ids.lenina, status },
      });
    const blocked = await patch('Blocked');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().slot).toMatchObject({ id: mondaySlot('10:00'), status: 'Blocked' });
    expect((await patch('Blocked')).json().error.code).toBe('SLOT_STATE');
    expect((await patch('Busy')).statusCode).toBe(400);
    expect((await patch('Free', (await t.loginAs('worker')).headers)).statusCode).toBe(403);
    expect((await patch('Free')).json().slot.status).toBe('Free');
  });

  it('POST /api/time-slots applies every change or none', async () => {
    const send = (slots: { id: string; status: string }[]) =>
      post('/api/time-slots', { station_id: ids.lenina, slots });
    await occupy(t, ids.lenina, monday, '13:00', [1, 2, 3, 4]);
    // The busy 13:00 fails the request, so 11:00 and 11:30 stay free.
    const failed = await send([
      { id: mondaySlot('11:00'), status: 'Blocked' },
      { id: mondaySlot('11:30'), status: 'Blocked' },
      { id: mondaySlot('13:00'), status: 'Blocked' },
    ]);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error.code).toBe('SLOT_BUSY');
    expect(await blockerSpans(t, ids.lenina)).toEqual([]);

    const done = await send([
      { id: mondaySlot('11:00'), status: 'Blocked' },
      { id: mondaySlot('11:30'), status: 'Blocked' },
    ]);
    expect(done.statusCode).toBe(200);
    expect(done.json().changed).toBe(2);
    expect((done.json().slots as Slot[]).map((s) => [s.id, s.status])).toEqual([
      [mondaySlot('11:00'), 'Blocked'],
      [mondaySlot('11:30'), 'Blocked'],
    ]);

    // The same slot twice: the second asks for a state it is already in, and the first is undone too.
    const repeated = await send([
      { id: mondaySlot('11:00'), status: 'Free' },
      { id: mondaySlot('11:00'), status: 'Free' },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.message).toBe(slotMessages.alreadyInState);
    expect((await blockerSpans(t, ids.lenina)).filter((s) => s.includes('11:00'))).toHaveLength(4);

    const rival = await t.loginAs('rival');
    const foreign = await post(
      '/api/time-slots',
      { station_id: ids.lenina, slots: [{ id: mondaySlot('12:00'), status: 'Blocked' }] },
      rival.headers,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await send([])).statusCode).toBe(400);
  });
});

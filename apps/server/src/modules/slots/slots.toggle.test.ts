import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, slotMessages, type Order, type OrderEvent, type Slot } from '@crm/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';
import { expectedPrice, orderBody, tariffByCode } from '../orders/orders.test-support';
import { blockerSpans, insertBlocker, monday, mondaySlot, moscow, occupy } from './slots.test-support';

describe('POST /api/slots/block/{stationId}/{slotId}', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    admin = await t.loginAs('administrator');
  });
  afterAll(() => t.close());

  const toggle = (slotId: string, toUnblock: boolean, headers = admin.headers, stationId = ids.lenina) =>
    t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${stationId}/${slotId}`,
      headers,
      payload: { to_unblock: toUnblock },
    });
  const listDay = async (date: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/list',
      headers: admin.headers,
      payload: { station_id: ids.lenina, date_start: date, date_end: '2031-03-11' },
    });
    return res.json().orders as Order[];
  };

  it('blocks every box of a free slot, shows the blockers in the calendar, refuses bookings, and unblocks', async () => {
    const events: OrderEvent[] = [];
    const stop = await t.app.orderEvents.subscribe(ids.lenina, (e) => events.push(e));
    const id = mondaySlot('15:00');
    const blocked = await toggle(id, false);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().slot).toMatchObject({ id, status: 'Blocked', free_boxes: 0, blocked_boxes: 4 });

    const blockers = (await listDay(monday)).filter((o) => o.order_type === 'BlockerBookingSlot');
    expect(blockers.map((o) => o.box_number).sort()).toEqual([1, 2, 3, 4]);
    for (const o of blockers) {
      expect(o).toMatchObject({
        status: 'Booked',
        source: 'Own',
        sum: 0,
        booking_start: moscow(monday, '15:00').toISOString(),
        booking_end: moscow(monday, '15:30').toISOString(),
      });
      expect(o.basket).toMatchObject({ slot_id: id, tariff_id: null, total_duration_minutes: 30 });
    }
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: 'order.changed', station_id: ids.lenina, status: 'Booked' });

    // The blocked half hour refuses an own booking: no box is free.
    const express = await tariffByCode(t, ids.lenina, 'express');
    const total = (await expectedPrice(t, ids.lenina, express.id, 'Compact')).totalAmount;
    const booking = await t.app.inject({
      method: 'POST',
      url: `/api/create_order/${ids.lenina}`,
      headers: admin.headers,
      payload: orderBody(express.id, total, { start: moscow(monday, '15:00').toISOString() }) as object,
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().error.message).toBe(orderMessages.slotTaken);

    const freed = await toggle(id, true);
    expect(freed.statusCode).toBe(200);
    expect(freed.json().slot).toMatchObject({ id, status: 'Free', free_boxes: 4, blocked_boxes: 0 });
    expect((await listDay(monday)).filter((o) => o.order_type === 'BlockerBookingSlot')).toHaveLength(0);
    await expect.poll(() => events.some((e) => e.status === 'Canceled')).toBe(true);
    stop();
  });

  it('blocks only the free boxes of a partly taken slot', async () => {
    await occupy(t, ids.lenina, monday, '16:00', [2]);
    const res = await toggle(mondaySlot('16:00'), false);
    expect(res.json().slot).toMatchObject({ status: 'Blocked', blocked_boxes: 3, busy_boxes: 1 });
    expect((await blockerSpans(t, ids.lenina)).filter((s) => s.includes('16:00'))).toEqual([
      '1 16:00–16:30',
      '3 16:00–16:30',
      '4 16:00–16:30',
    ]);
  });

  it('answers 400 «already in that state», 409 «busy» and 400 for a past slot, changing nothing', async () => {
    const id = mondaySlot('17:00');
    expect((await toggle(id, false)).statusCode).toBe(200);
    const again = await toggle(id, false);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'SLOT_STATE', message: slotMessages.alreadyInState });
    const notBlocked = await toggle(mondaySlot('17:30'), true);
    expect(notBlocked.statusCode).toBe(400);
    expect(notBlocked.json().error.code).toBe('SLOT_STATE');

    await occupy(t, ids.lenina, monday, '18:00', [1, 2, 3, 4]);
    for (const toUnblock of [false, true]) {
      const busy = await toggle(mondaySlot('18:00'), toUnblock);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toEqual({ code: 'SLOT_BUSY', message: 'Этот слот занят заказом' });
    }

    const past = await toggle('060120_1000_1030', false);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(slotMessages.pastSlot);
    expect((await blockerSpans(t, ids.lenina)).filter((s) => s.includes('18:00'))).toEqual([]);
  });

  it('answers 404 for a slot not on the grid of that day, and 400 for a malformed id', async () => {
    // Off the half-hour grid; before opening; a day off at «Мойка на Садовой»; a day that does not exist.
    for (const [slotId, stationId] of [
      ['100331_1015_1045', ids.lenina],
      ['100331_0700_0730', ids.lenina],
      ['100331_1000_1100', ids.lenina],
      ['160331_1000_1030', ids.sadovaya],
      ['300231_1000_1030', ids.lenina],
    ] as const) {
      const res = await toggle(slotId, false, admin.headers, stationId);
      expect(res.statusCode, slotId).toBe(404);
    }
    for (const slotId of ['abc', '100331_2500_2530', '1003311000_1030']) {
      const res = await toggle(slotId, false);
      expect(res.statusCode, slotId).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: `/api/slots/block/${ids.lenina}/${mondaySlot('19:00')}`,
      headers: admin.headers,
      payload: { to_unblock: 'yes' },
    });
    expect(noBody.statusCode).toBe(400);
  });

  it('lets owners, principals and role admin toggle; a worker gets 403 in the spec words; a rival 404', async () => {
    for (const login of ['owner', 'principal', 'admin']) {
      const who = await t.loginAs(login);
      expect((await toggle(mondaySlot('19:00'), false, who.headers)).statusCode, login).toBe(200);
      expect((await toggle(mondaySlot('19:00'), true, who.headers)).statusCode, login).toBe(200);
    }
    const worker = await t.loginAs('worker');
    const refused = await toggle(mondaySlot('19:30'), false, worker.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'У вас недостаточно прав для этого действия',
    });
    const rival = await t.loginAs('rival');
    expect((await toggle(mondaySlot('19:30'), false, rival.headers)).statusCode).toBe(404);
    expect((await blockerSpans(t, ids.lenina)).filter((s) => s.includes('19:'))).toEqual([]);
    await expectSignInRequired(t, {
      method: 'POST',
      url: `/api/slots/block/${ids.lenina}/${mondaySlot('19:30')}`,
      payload: { to_unblock: false },
    });
  });

  it('unblocks one slot out of a longer blocker, keeping the time around it blocked', async () => {
    await insertBlocker(t, ids.lenina, monday, '08:00', '10:00', [1, 2, 3, 4]);
    const middle = await toggle(mondaySlot('08:30'), true);
    expect(middle.statusCode).toBe(200);
    expect(middle.json().slot).toMatchObject({ status: 'Free', free_boxes: 4 });
    const first = await toggle(mondaySlot('08:00'), true);
    const last = await toggle(mondaySlot('09:30'), true);
    expect([first.statusCode, last.statusCode]).toEqual([200, 200]);
    const morning = (await blockerSpans(t, ids.lenina)).filter((s) => s.includes(' 0'));
    expect(morning).toEqual(['1 09:00–09:30', '2 09:00–09:30', '3 09:00–09:30', '4 09:00–09:30']);
    const slots = (
      await t.app.inject({
        method: 'GET',
        url: `/api/slots/${ids.lenina}?selected_date=${monday}`,
        headers: admin.headers,
      })
    ).json().slots.morning as Slot[];
    expect(slots.slice(0, 4).map((s) => s.status)).toEqual(['Free', 'Free', 'Blocked', 'Free']);
  });
});

import { describe, expect, it } from 'vitest';
import { fromCalendarRow, toCalendarRow } from '@crm/shared';
import { makeOrder, orderDetails, wholeOrder } from '../testing/fixtures';
import { calendarOrderOf } from '@crm/shared';
import { patchCalendarWeek, placeInWeek, type CalendarWeek } from './calendar-week';

const at = (hhmm: string, date = '13') => new Date(`2026-05-${date}T${hhmm}:00+07:00`).toISOString();
// Monday 11 – Sunday 17 May 2026 on the Novosibirsk (UTC+7) station's clock.
const week = (...orders: ReturnType<typeof makeOrder>[]): CalendarWeek => ({
  orders,
  fromMs: Date.parse('2026-05-11T00:00:00+07:00'),
  toMs: Date.parse('2026-05-18T00:00:00+07:00'),
});
const a = makeOrder(at('09:00'), at('09:30'), { id: 'a', box_number: 1 });
const b = makeOrder(at('10:00'), at('11:00'), { id: 'b', box_number: 2 });
const c = makeOrder(at('12:00'), at('12:30'), { id: 'c', box_number: 1 });

describe('calendar rows', () => {
  it('decode to the same calendar order the whole order projects to', () => {
    const order = wholeOrder(makeOrder(at('10:00'), at('10:45'), { id: 'x', status: 'Accepted', sum: 2100 }));
    const row = toCalendarRow(calendarOrderOf(order));
    expect(fromCalendarRow(row)).toEqual(calendarOrderOf(order));
    expect(fromCalendarRow(row)).toMatchObject({ brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54' });
  });
});

describe('placeInWeek', () => {
  it('replaces a changed order in place, by start and box', () => {
    const paid = { ...b, status: 'Completed' as const, sum: 1800 };
    expect(placeInWeek(week(a, b, c), 'b', paid).orders).toEqual([a, paid, c]);
  });

  it('moves a rescheduled order to its new place in the order of the week', () => {
    const later = { ...a, booking_start: at('12:00'), booking_end: at('12:30'), box_number: 2 };
    expect(placeInWeek(week(a, b, c), 'a', later).orders.map((o) => o.id)).toEqual(['b', 'c', 'a']);
  });

  it('inserts an order that arrived in the range and removes one that left it or is gone', () => {
    const fresh = makeOrder(at('09:30'), at('10:00'), { id: 'new' });
    expect(placeInWeek(week(a, b), 'new', fresh).orders.map((o) => o.id)).toEqual(['a', 'new', 'b']);
    const nextWeek = { ...b, booking_start: at('10:00', '18'), booking_end: at('11:00', '18') };
    expect(placeInWeek(week(a, b, c), 'b', nextWeek).orders).toEqual([a, c]);
    expect(placeInWeek(week(a, b, c), 'c', null).orders).toEqual([a, b]);
  });

  it('keeps the same week object when nothing it shows changed (no re-render, no new data stamp)', () => {
    const same = week(a, b);
    expect(placeInWeek(same, 'b', { ...b })).toBe(same);
    expect(placeInWeek(same, 'elsewhere', null)).toBe(same);
  });
});

describe('patchCalendarWeek', () => {
  it('takes the order of a live event from its details, and drops one moved to another station', () => {
    const changed = wholeOrder({ ...b, status: 'Processing' });
    const patched = patchCalendarWeek(week(a, b), { orderId: 'b', details: orderDetails(changed) }, 's1');
    expect(patched?.orders[1]?.status).toBe('Processing');
    const moved = wholeOrder(b, { station_id: 's2' });
    const left = patchCalendarWeek(week(a, b), { orderId: 'b', details: orderDetails(moved) }, 's1');
    expect(left?.orders).toEqual([a]);
  });
});

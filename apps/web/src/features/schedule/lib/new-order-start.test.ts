import { describe, expect, it } from 'vitest';
import type { CalendarOrder } from '@crm/shared';
import { makeOrder, makeStation } from '../testing/fixtures';
import { calendarDay } from './calendar-days';
import { buildEvents } from './calendar-events';
import { newOrderStart } from './new-order-start';

// «Мойка на Садовой» of the fixtures: Novosibirsk (UTC+7), Monday–Saturday 09:00–21:00, boxes 1 and 2.
const station = makeStation();
const zone = station.time_zone;
const nsk = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`).toISOString();
const order = (date: string, start: string, end: string, over: Partial<CalendarOrder> = {}) =>
  makeOrder(nsk(date, start), nsk(date, end), over);

const TUESDAY = '2026-05-12';
const WEDNESDAY = '2026-05-13';
const SUNDAY = '2026-05-17';
const day = (date: string, today = WEDNESDAY) => calendarDay(date, station.worktime_by_day, today);
const nowAt = (time: string) => Date.parse(nsk(WEDNESDAY, time));

// Tuesday morning: box 1 taken 09:00–10:30; box 2 blocked 09:00–10:00 and then booked 10:00–11:00 but
// that order was cancelled, and a finished one at 10:00 frees nothing either.
const tuesday = buildEvents(
  [
    order(TUESDAY, '09:00', '10:30', { id: 'a', box_number: 1 }),
    order(TUESDAY, '09:00', '10:00', { id: 'x', box_number: 2, order_type: 'BlockerBookingSlot' }),
    order(TUESDAY, '10:00', '11:00', { id: 'c', box_number: 2, status: 'UserCanceled' }),
    order(TUESDAY, '10:00', '10:30', { id: 'd', box_number: 1, status: 'Completed' }),
  ],
  zone,
);

describe('newOrderStart («Новая запись» in the toolbar)', () => {
  it('day view of another day: that day’s first slot with a free box', () => {
    // 09:00 and 09:30: both boxes taken; 10:00: box 2 is free (the cancelled order takes nothing).
    const start = newOrderStart({
      view: 'day',
      day: day(TUESDAY),
      events: tuesday,
      station,
      nowMs: nowAt('15:10'),
    });
    expect(start).toBe(nsk(TUESDAY, '10:00'));
  });

  it('week view of another day: its opening, whatever is booked', () => {
    const start = newOrderStart({
      view: 'week',
      day: day(TUESDAY),
      events: tuesday,
      station,
      nowMs: nowAt('15:10'),
    });
    expect(start).toBe(nsk(TUESDAY, '09:00'));
  });

  it('today: the next slot not in the past, a part-minute counting as the next one', () => {
    const base = { view: 'day' as const, day: day(WEDNESDAY), events: [], station };
    expect(newOrderStart({ ...base, nowMs: nowAt('15:10') })).toBe(nsk(WEDNESDAY, '15:30'));
    expect(newOrderStart({ ...base, nowMs: nowAt('15:30') })).toBe(nsk(WEDNESDAY, '15:30'));
    expect(newOrderStart({ ...base, nowMs: nowAt('15:30') + 20_000 })).toBe(nsk(WEDNESDAY, '16:00'));
    expect(newOrderStart({ ...base, nowMs: nowAt('07:00') })).toBe(nsk(WEDNESDAY, '09:00'));
  });

  it('today after closing: `1`, the next slot boundary of the form', () => {
    const start = newOrderStart({
      view: 'day',
      day: day(WEDNESDAY),
      events: [],
      station,
      nowMs: nowAt('21:10'),
    });
    expect(start).toBe('1');
  });

  it('a full day starts at its opening; a day off at 08:00', () => {
    const full = buildEvents(
      [1, 2].map((box) => order(TUESDAY, '09:00', '21:00', { id: `f${box}`, box_number: box })),
      zone,
    );
    const base = { view: 'day' as const, station, nowMs: nowAt('15:10') };
    expect(newOrderStart({ ...base, day: day(TUESDAY), events: full })).toBe(nsk(TUESDAY, '09:00'));
    expect(newOrderStart({ ...base, day: day(SUNDAY), events: [] })).toBe(nsk(SUNDAY, '08:00'));
  });
});

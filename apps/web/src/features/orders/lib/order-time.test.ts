import { describe, expect, it } from 'vitest';
import { weekDays } from '@crm/shared';
import { toUtcIso } from '../../../lib/station-time';
import { testStation } from '../../../test/fixtures';
import { defaultBookingStart, formatOrderDate, roundUpToSlot } from './order-time';
import { orderFieldOf } from './order-form-values';

describe('order time on the station clock', () => {
  // Every day 08:00–22:00 in Moscow unless a test says otherwise; 2030-06-03 is a Monday.
  const everyDay = (start: string, end: string) =>
    Object.fromEntries(
      weekDays.flatMap((d) => [
        [`start_${d}`, start],
        [`end_${d}`, end],
      ]),
    );
  const moscow = testStation({ worktime_by_day: everyDay('08:00', '22:00') });
  const novosibirsk = testStation({
    time_zone: 'Asia/Novosibirsk',
    slot_duration: 15,
    worktime_by_day: everyDay('09:00', '21:00'),
  });

  it('starts a new order at the next slot boundary of the station', () => {
    // 06:47Z is 09:47 in Moscow and 13:47 in Novosibirsk.
    const now = new Date('2030-06-03T06:47:12Z');
    expect(defaultBookingStart('1', moscow, now)).toEqual({
      date: '2030-06-03',
      start: '10:00',
      end: '10:30',
    });
    expect(defaultBookingStart(null, novosibirsk, now)).toEqual({
      date: '2030-06-03',
      start: '14:00',
      end: '14:15',
    });
  });

  it('starts inside the work hours: today’s opening before it, the next working day’s after closing', () => {
    // 03:10 in Moscow: before opening.
    expect(defaultBookingStart('1', moscow, new Date('2030-06-03T00:10:00Z'))).toEqual({
      date: '2030-06-03',
      start: '08:00',
      end: '08:30',
    });
    // 21:40 and 22:15 in Moscow: no whole slot left before 22:00 — an evening call books tomorrow.
    for (const iso of ['2030-06-03T18:40:00Z', '2030-06-03T19:15:00Z'])
      expect(defaultBookingStart('1', moscow, new Date(iso))).toEqual({
        date: '2030-06-04',
        start: '08:00',
        end: '08:30',
      });
    // Monday only (the fixture's hours): on Tuesday the next Monday.
    expect(defaultBookingStart('1', testStation(), new Date('2030-06-04T07:00:00Z'))).toEqual({
      date: '2030-06-10',
      start: '08:00',
      end: '08:30',
    });
  });

  it('moves past midnight to the next day round the clock, and without hours', () => {
    const now = new Date('2030-06-03T20:50:00Z'); // 23:50 in Moscow
    const tomorrow = { date: '2030-06-04', start: '00:00', end: '00:30' };
    expect(
      defaultBookingStart('1', testStation({ worktime_by_day: everyDay('00:00', '23:59') }), now),
    ).toEqual(tomorrow);
    expect(defaultBookingStart('1', testStation({ worktime_by_day: {} }), now)).toEqual(tomorrow);
  });

  it('starts at the clicked instant and falls back to the next slot on a bad one', () => {
    const now = new Date('2030-06-03T06:47:12Z');
    expect(
      defaultBookingStart('2030-06-05T09:30:00.000Z', { ...novosibirsk, slot_duration: 30 }, now),
    ).toEqual({
      date: '2030-06-05',
      start: '16:30',
      end: '17:00',
    });
    expect(defaultBookingStart('вчера', moscow, now).start).toBe('10:00');
  });

  it('sends station-local times as UTC with seconds zero', () => {
    expect(toUtcIso('2030-06-03', '10:00', 'Europe/Moscow')).toBe('2030-06-03T07:00:00.000Z');
    expect(toUtcIso('2030-06-03', '00:30', 'Asia/Novosibirsk')).toBe('2030-06-02T17:30:00.000Z');
    expect(toUtcIso('2030-06-03', '24:00', 'Europe/Moscow')).toBeNull();
  });

  it('rounds a wash up to whole slots', () => {
    expect(roundUpToSlot(40, 30)).toBe(60);
    expect(roundUpToSlot(60, 30)).toBe(60);
    expect(roundUpToSlot(5, 30)).toBe(30);
  });

  it('shows «Не указано» for what it cannot format', () => {
    expect(formatOrderDate('2030-06-03T21:30:00Z', 'Europe/Moscow')).toBe('04.06.2030');
    expect(formatOrderDate(null, 'Europe/Moscow')).toBe('Не указано');
    expect(formatOrderDate('2030-06-03T21:30:00Z', 'Нет/Такой')).toBe('Не указано');
  });

  it('maps server field names onto the form', () => {
    expect(orderFieldOf('car.plateNumber')).toBe('plate');
    expect(orderFieldOf('bookingEnd')).toBe('time');
    expect(orderFieldOf('basket.totalAmount')).toBe('total');
    expect(orderFieldOf('basket.additionalServiceAmounts.wax')).toBe('extras');
    expect(orderFieldOf('phones.0.redirection_phone')).toBe('phone');
    expect(orderFieldOf('something')).toBeNull();
  });
});

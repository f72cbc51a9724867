import { describe, expect, it } from 'vitest';
import { testStation } from '../../../test/fixtures';
import { defaultBookingStart, presetOnDate } from './order-time';

// Moscow; Monday 08:00–22:00, every other day off. 2030-06-03 is a Monday.
const station = testStation({ worktime_by_day: { start_Monday: '08:30', end_Monday: '22:00' } });
const now = new Date('2030-05-30T06:47:12Z'); // Thursday 30 May, 09:47 in Moscow

describe('«Новая запись» with the calendar day in the link', () => {
  it('starts on that day at its opening, not today', () => {
    const preset = presetOnDate('1', '2030-06-03', station, now);
    expect(preset).toBe('2030-06-03T05:30:00.000Z'); // 08:30 in Moscow
    expect(defaultBookingStart(preset, station, now)).toEqual({
      date: '2030-06-03',
      start: '08:30',
      end: '09:00',
    });
  });

  it('starts a day off at 08:00, the calendar’s default hours', () => {
    expect(presetOnDate('1', '2030-06-04', station, now)).toBe('2030-06-04T05:00:00.000Z');
  });

  it('leaves today, a bad date and a clicked instant as they are', () => {
    expect(presetOnDate('1', '2030-05-30', station, now)).toBe('1');
    expect(presetOnDate('1', '2030-02-30', station, now)).toBe('1');
    expect(presetOnDate('1', null, station, now)).toBe('1');
    expect(presetOnDate('2030-06-05T09:30:00.000Z', '2030-06-03', station, now)).toBe(
      '2030-06-05T09:30:00.000Z',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptTimeInput,
  applyHoursToDays,
  cleanWorktime,
  clearDays,
  dayHours,
  defaultRangeEnd,
  everyDay,
  formatDayHours,
  normalizeTimeRange,
  timeRangeError,
  weekSchedule,
} from './worktime';
import { stationMessages } from './station.schema';

describe('worktime', () => {
  const week = everyDay({ start: '08:00', end: '22:00' });

  it('reads a day, and a day without both keys is a day off', () => {
    expect(dayHours(week, 'Monday')).toEqual({ start: '08:00', end: '22:00' });
    expect(dayHours({ start_Sunday: '09:00' }, 'Sunday')).toBeNull();
    expect(formatDayHours(clearDays(week, ['Sunday']), 'Sunday')).toBe('Выходной');
    expect(formatDayHours(week, 'Friday')).toBe('08:00–22:00');
    expect(formatDayHours(everyDay({ start: '00:00', end: '23:59' }), 'Friday')).toBe('Круглосуточно');
  });

  it('applies hours to the selected days only', () => {
    const next = applyHoursToDays(clearDays(week, ['Saturday', 'Sunday']), ['Saturday'], {
      start: '10:00',
      end: '18:00',
    });
    expect(dayHours(next, 'Saturday')).toEqual({ start: '10:00', end: '18:00' });
    expect(dayHours(next, 'Sunday')).toBeNull();
    expect(dayHours(next, 'Monday')).toEqual({ start: '08:00', end: '22:00' });
    // The input is not changed.
    expect(dayHours(week, 'Saturday')).toEqual({ start: '08:00', end: '22:00' });
  });

  it('keeps only complete days when cleaning', () => {
    expect(cleanWorktime({ start_Monday: '08:00', end_Monday: '20:00', start_Tuesday: '09:00' })).toEqual({
      start_Monday: '08:00',
      end_Monday: '20:00',
    });
  });

  it('normalises 00:00 at either end of a range (S1 §5)', () => {
    expect(normalizeTimeRange('00:00', '00:00')).toEqual({ start: '00:01', end: '23:59' });
    expect(normalizeTimeRange('09:00', '21:00')).toEqual({ start: '09:00', end: '21:00' });
  });

  it('defaults the end to start plus the auto-add minutes, capped at the end of the day', () => {
    expect(defaultRangeEnd('09:00')).toBe('10:00');
    expect(defaultRangeEnd('09:30', 90)).toBe('11:00');
    expect(defaultRangeEnd('23:30')).toBe('23:59');
  });

  it('accepts HH:MM, HHMM and HMM and reverts anything else', () => {
    expect(acceptTimeInput('9:05', '10:00')).toBe('09:05');
    expect(acceptTimeInput('0930', '10:00')).toBe('09:30');
    expect(acceptTimeInput('930', '10:00')).toBe('09:30');
    expect(acceptTimeInput('2460', '10:00')).toBe('10:00');
    expect(acceptTimeInput('abc', '10:00')).toBe('10:00');
  });

  it('needs both ends and a start before the end', () => {
    expect(timeRangeError('09:00', '21:00')).toBeNull();
    expect(timeRangeError('21:00', '09:00')).toBe(stationMessages.rangeOrder);
    expect(timeRangeError('09:00', '09:00')).toBe(stationMessages.rangeOrder);
    expect(timeRangeError(null, '09:00')).toBe(stationMessages.timeFormat);
    expect(timeRangeError('9:00', '10:00')).toBe(stationMessages.timeFormat);
  });

  it('lists the week from Monday', () => {
    const rows = weekSchedule(clearDays(week, ['Sunday']));
    expect(rows.map((r) => r.day)[0]).toBe('Monday');
    expect(rows[6]).toEqual({ day: 'Sunday', hours: null, label: 'Выходной' });
  });
});

import { describe, expect, it } from 'vitest';
import { openState, stationClock } from './station-time';
import { clearDays, everyDay } from './worktime';

describe('stationClock', () => {
  // Monday 2025-03-03 20:30 UTC.
  const instant = new Date('2025-03-03T20:30:00Z');

  it('shows the wall clock of the station', () => {
    expect(stationClock('Europe/Moscow', instant)).toEqual({
      day: 'Monday',
      time: '23:30',
      date: '2025-03-03',
      offset: 'UTC+3',
    });
    // Novosibirsk is already on Tuesday.
    expect(stationClock('Asia/Novosibirsk', instant)).toMatchObject({
      day: 'Tuesday',
      time: '03:30',
      offset: 'UTC+7',
    });
    expect(stationClock('Asia/Kolkata', instant).offset).toBe('UTC+5:30');
  });

  it('falls back to Moscow for an unknown zone', () => {
    expect(stationClock('Mars/Olympus', instant).offset).toBe('UTC+3');
  });
});

describe('openState', () => {
  const week = clearDays(everyDay({ start: '09:00', end: '21:00' }), ['Sunday']);

  it('is open inside the day and says until when', () => {
    expect(openState(week, { day: 'Monday', time: '12:00' })).toEqual({ open: true, until: '21:00' });
  });

  it('before opening names today, after closing the next working day', () => {
    expect(openState(week, { day: 'Monday', time: '08:00' })).toEqual({
      open: false,
      opensAt: '09:00',
      opensDay: 'Monday',
    });
    expect(openState(week, { day: 'Saturday', time: '21:00' })).toEqual({
      open: false,
      opensAt: '09:00',
      opensDay: 'Monday',
    });
  });

  it('never opens without a schedule', () => {
    expect(openState({}, { day: 'Monday', time: '12:00' })).toEqual({
      open: false,
      opensAt: null,
      opensDay: null,
    });
  });
});

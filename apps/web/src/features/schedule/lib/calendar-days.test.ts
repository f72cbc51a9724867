import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  calendarPlace,
  gridRange,
  hasSchedule,
  loadRange,
  stripDates,
  visibleDates,
} from './calendar-days';

const worktime = {
  start_Monday: '08:00',
  end_Monday: '22:00',
  start_Saturday: '10:00',
  end_Saturday: '18:00',
  start_Sunday: '00:00',
  end_Sunday: '23:59',
};

describe('calendar days', () => {
  it('describes a day with its hours, or «Выходной»', () => {
    expect(calendarDay('2026-05-11', worktime, '2026-05-11')).toMatchObject({
      weekday: 'Monday',
      shortName: 'Пн',
      dayNumber: 11,
      hours: { startMin: 480, endMin: 1320 },
      hoursLabel: '08:00–22:00',
      hoursShort: '8–22',
      isToday: true,
    });
    expect(calendarDay('2026-05-12', worktime, '2026-05-11')).toMatchObject({
      shortName: 'Вт',
      hours: null,
      hoursLabel: 'Выходной',
      isToday: false,
    });
    // Round the clock ends at midnight, not at 23:59.
    const sunday = calendarDay('2026-05-17', worktime, '2026-05-11');
    expect(sunday.hours).toEqual({ startMin: 0, endMin: 1440 });
    expect([sunday.hoursLabel, sunday.hoursShort]).toEqual(['Круглосуточно', '0–24']);
    const halves = calendarDay('2026-05-16', { start_Saturday: '09:30', end_Saturday: '17:15' }, '');
    expect(halves.hoursShort).toBe('9:30–17:15');
  });

  it('reads the view and the day from the URL, else today as a day on a phone and as a week wider', () => {
    const at = (search: string, phone: boolean) =>
      calendarPlace(new URLSearchParams(search), phone, '2026-05-13');
    expect(at('', true)).toEqual({ view: 'day', selected: '2026-05-13' });
    expect(at('', false)).toEqual({ view: 'week', selected: '2026-05-13' });
    expect(at('view=week&date=2026-06-01', true)).toEqual({ view: 'week', selected: '2026-06-01' });
    expect(at('view=day', false)).toEqual({ view: 'day', selected: '2026-05-13' });
    // A hand-edited URL falls back rather than asking for a week that does not exist.
    expect(at('view=month&date=2026-13-45', false)).toEqual({ view: 'week', selected: '2026-05-13' });
  });

  it('shows the selected day, or Monday to Sunday of its week, and loads them with an exclusive end', () => {
    expect(visibleDates('day', '2026-05-13')).toEqual(['2026-05-13']);
    expect(visibleDates('week', '2026-05-13')).toEqual([
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
    ]);
    expect(loadRange('day', '2026-05-31')).toEqual({ start: '2026-05-31', end: '2026-06-01' });
    expect(loadRange('week', '2026-05-13')).toEqual({ start: '2026-05-11', end: '2026-05-18' });
  });

  it('centres the strip on the selected day', () => {
    expect(stripDates('2026-05-13')).toEqual([
      '2026-05-10',
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
    ]);
  });

  it('spans the working hours of the visible days in whole hours, and any order outside them', () => {
    const days = ['2026-05-11', '2026-05-16'].map((d) => calendarDay(d, worktime, ''));
    expect(gridRange(days, [])).toEqual({ startMin: 480, endMin: 1320 });
    expect(gridRange(days, [{ startMin: 7 * 60 + 30, endMin: 8 * 60 }])).toEqual({
      startMin: 420,
      endMin: 1320,
    });
    const saturday = [calendarDay('2026-05-16', { start_Saturday: '09:30', end_Saturday: '17:15' }, '')];
    expect(gridRange(saturday, [])).toEqual({ startMin: 540, endMin: 1080 });
  });

  it('falls back to 8–20 when no visible day works', () => {
    const off = [calendarDay('2026-05-12', worktime, '')];
    expect(gridRange(off, [])).toEqual({ startMin: 480, endMin: 1200 });
    expect(hasSchedule({})).toBe(false);
    expect(hasSchedule({ start_Monday: '08:00' })).toBe(false);
    expect(hasSchedule(worktime)).toBe(true);
  });
});

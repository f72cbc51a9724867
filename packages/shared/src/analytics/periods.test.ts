import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  allTimeStart,
  datesOf,
  daysBetween,
  formatRuDate,
  isCalendarDate,
  likeForLike,
  periodLabels,
  periodRange,
  previousRange,
  shiftPeriod,
} from './periods';

describe('addDays and daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days either way, ignoring any daylight-saving jump of the host', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0);
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-01-01', '2028-02-29', '2026-12-31'])('accepts %s', (d) => {
    expect(isCalendarDate(d)).toBe(true);
  });

  it.each([
    '2030-02-31',
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '01.01.2026',
    '',
    '2026-01-01T00:00',
  ])('rejects %j', (d) => expect(isCalendarDate(d)).toBe(false));
});

describe('periodRange', () => {
  it('day and custom default to today alone', () => {
    expect(periodRange('day', '2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    expect(periodRange('custom', '2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
  });

  it('week runs Monday to Sunday whatever the weekday', () => {
    // 2026-11-16 is a Monday, 2026-11-22 a Sunday.
    const week = { start: '2026-11-16', end: '2026-11-22' };
    expect(periodRange('week', '2026-11-16')).toEqual(week);
    expect(periodRange('week', '2026-11-19')).toEqual(week);
    expect(periodRange('week', '2026-11-22')).toEqual(week);
  });

  it('a week may span two months and two years', () => {
    // Thursday 2026-01-01: its week began on Monday 2025-12-29.
    expect(periodRange('week', '2026-01-01')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });

  it.each([
    ['2026-01-15', '2026-01-01', '2026-01-31'],
    ['2026-04-30', '2026-04-01', '2026-04-30'],
    ['2026-02-10', '2026-02-01', '2026-02-28'],
    ['2028-02-10', '2028-02-01', '2028-02-29'],
    ['2100-02-01', '2100-02-01', '2100-02-28'],
    ['2000-02-01', '2000-02-01', '2000-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ])('month of %s is %s..%s (month ends, leap years)', (today, start, end) => {
    expect(periodRange('month', today)).toEqual({ start, end });
  });

  it.each([
    ['2026-01-01', '2026-01-01', '2026-03-31'],
    ['2026-03-31', '2026-01-01', '2026-03-31'],
    ['2026-05-15', '2026-04-01', '2026-06-30'],
    ['2026-09-30', '2026-07-01', '2026-09-30'],
    ['2026-10-01', '2026-10-01', '2026-12-31'],
    ['2026-12-31', '2026-10-01', '2026-12-31'],
  ])('quarter of %s is %s..%s', (today, start, end) => {
    expect(periodRange('quarter', today)).toEqual({ start, end });
  });

  it('year is the calendar year', () => {
    expect(periodRange('year', '2028-02-29')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
  });

  it('all time runs from 2022-01-01 to today', () => {
    expect(allTimeStart).toBe('2022-01-01');
    expect(periodRange('all', '2026-11-22')).toEqual({ start: '2022-01-01', end: '2026-11-22' });
  });

  it('labels every kind in Russian', () => {
    expect(periodLabels).toEqual({
      day: 'День',
      week: 'Неделя',
      month: 'Месяц',
      quarter: 'Квартал',
      year: 'Год',
      all: 'Всё время',
      custom: 'Период',
    });
  });
});

describe('previousRange (the base of the trend, S1 §2)', () => {
  it('a whole month compares with the whole previous month, whatever their lengths', () => {
    expect(previousRange({ start: '2026-03-01', end: '2026-03-31' })).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(previousRange({ start: '2028-03-01', end: '2028-03-31' })).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(previousRange({ start: '2026-02-01', end: '2026-02-28' })).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
    });
    expect(previousRange({ start: '2026-01-01', end: '2026-01-31' })).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
  });

  it('a whole quarter and a whole year compare with the previous quarter and year', () => {
    expect(previousRange(periodRange('quarter', '2026-05-15'))).toEqual({
      start: '2026-01-01',
      end: '2026-03-31',
    });
    expect(previousRange(periodRange('quarter', '2026-02-15'))).toEqual({
      start: '2025-10-01',
      end: '2025-12-31',
    });
    expect(previousRange(periodRange('year', '2029-06-01'))).toEqual({
      start: '2028-01-01',
      end: '2028-12-31',
    });
  });

  it('a day and a week compare with the same length just before', () => {
    expect(previousRange({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    expect(previousRange(periodRange('week', '2026-01-01'))).toEqual({
      start: '2025-12-22',
      end: '2025-12-28',
    });
  });

  it('an arbitrary range compares with as many days immediately before', () => {
    // 10 days ending on a month end, but not starting on the 1st: not a whole month.
    expect(previousRange({ start: '2026-03-22', end: '2026-03-31' })).toEqual({
      start: '2026-03-12',
      end: '2026-03-21',
    });
    // Starts on the 1st but stops short of the month end.
    expect(previousRange({ start: '2026-03-01', end: '2026-03-15' })).toEqual({
      start: '2026-02-14',
      end: '2026-02-28',
    });
    // 31 days across a leap day.
    expect(previousRange({ start: '2028-03-05', end: '2028-04-04' })).toEqual({
      start: '2028-02-03',
      end: '2028-03-04',
    });
  });

  it('always ends the day before the range and never overlaps it', () => {
    const ranges = [
      periodRange('week', '2026-06-10'),
      periodRange('month', '2028-03-10'),
      periodRange('all', '2026-06-10'),
      { start: '2026-02-01', end: '2026-03-31' },
    ];
    for (const range of ranges) {
      const prev = previousRange(range);
      expect(prev.end).toBe(addDays(range.start, -1));
      expect(prev.start <= prev.end).toBe(true);
    }
  });
});

describe('datesOf', () => {
  it('lists every date in order, both ends included', () => {
    expect(datesOf({ start: '2028-02-27', end: '2028-03-02' })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
  });

  it('gives one date for one day and none for an inverted range', () => {
    expect(datesOf({ start: '2026-05-05', end: '2026-05-05' })).toEqual(['2026-05-05']);
    expect(datesOf({ start: '2026-05-06', end: '2026-05-05' })).toEqual([]);
  });

  it('a leap year has 366 dates, the month of its February 29', () => {
    expect(datesOf(periodRange('year', '2028-01-01'))).toHaveLength(366);
    expect(datesOf(periodRange('year', '2026-01-01'))).toHaveLength(365);
    expect(datesOf(periodRange('month', '2028-02-01'))).toHaveLength(29);
  });
});

describe('formatRuDate', () => {
  it('writes DD.MM.YYYY', () => {
    expect(formatRuDate('2026-11-02')).toBe('02.11.2026');
  });
});

describe('shiftPeriod (the ‹ › arrows of the period selector)', () => {
  it('steps a day, across a month end', () => {
    const day = periodRange('day', '2028-02-29');
    expect(shiftPeriod('day', day, 1)).toEqual({ start: '2028-03-01', end: '2028-03-01' });
    expect(shiftPeriod('day', day, -1)).toEqual({ start: '2028-02-28', end: '2028-02-28' });
  });

  it('steps whole weeks from Monday, across a year end', () => {
    const week = periodRange('week', '2026-12-30');
    expect(week).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(shiftPeriod('week', week, 1)).toEqual({ start: '2027-01-04', end: '2027-01-10' });
    expect(shiftPeriod('week', week, -2)).toEqual({ start: '2026-12-14', end: '2026-12-20' });
  });

  it('steps whole calendar months, whatever their lengths', () => {
    const january = periodRange('month', '2028-01-31');
    expect(shiftPeriod('month', january, 1)).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(shiftPeriod('month', january, -1)).toEqual({ start: '2027-12-01', end: '2027-12-31' });
    expect(shiftPeriod('month', january, 13)).toEqual({ start: '2029-02-01', end: '2029-02-28' });
  });

  it('steps quarters and years', () => {
    const q4 = periodRange('quarter', '2026-11-22');
    expect(shiftPeriod('quarter', q4, 1)).toEqual({ start: '2027-01-01', end: '2027-03-31' });
    expect(shiftPeriod('quarter', q4, -1)).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    const year = periodRange('year', '2026-11-22');
    expect(shiftPeriod('year', year, -1)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(shiftPeriod('year', year, 2)).toEqual({ start: '2028-01-01', end: '2028-12-31' });
  });

  it('leaves «all time» where it is', () => {
    const all = periodRange('all', '2026-11-22');
    expect(shiftPeriod('all', all, -1)).toEqual(all);
  });

  it('moves a custom range by its own length', () => {
    const range = { start: '2026-11-10', end: '2026-11-19' };
    expect(shiftPeriod('custom', range, 1)).toEqual({ start: '2026-11-20', end: '2026-11-29' });
    expect(shiftPeriod('custom', range, -1)).toEqual({ start: '2026-10-31', end: '2026-11-09' });
  });

  it('stepping back and forth returns to the same period', () => {
    for (const kind of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const range = periodRange(kind, '2028-02-29');
      expect(shiftPeriod(kind, shiftPeriod(kind, range, -5), 5)).toEqual(range);
    }
  });
});

describe('addMonthsClamped', () => {
  it('keeps the day of the month, clamped to a shorter month', () => {
    expect(addMonthsClamped('2026-11-23', -1)).toBe('2026-10-23');
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-05-31', -1)).toBe('2026-04-30');
    expect(addMonthsClamped('2027-01-15', -1)).toBe('2026-12-15');
    expect(addMonthsClamped('2028-02-29', -12)).toBe('2027-02-28');
  });
});

describe('likeForLike: what a trend compares (DESIGN §10)', () => {
  const compare = (kind: Parameters<typeof likeForLike>[0], today: string, from = today) =>
    likeForLike(kind, periodRange(kind, from), today);

  it('sets today against the same weekday a week before, up to now', () => {
    expect(compare('day', '2026-11-23')).toEqual({
      current: { start: '2026-11-23', end: '2026-11-23' },
      previous: { start: '2026-11-16', end: '2026-11-16' },
      soFar: true,
    });
    // Across a year change.
    expect(compare('day', '2027-01-03').previous).toEqual({ start: '2026-12-27', end: '2026-12-27' });
  });

  it('sets this week so far against the same days of last week', () => {
    // Wednesday 25 November 2026: Monday–Wednesday against Monday–Wednesday.
    expect(compare('week', '2026-11-25')).toEqual({
      current: { start: '2026-11-23', end: '2026-11-25' },
      previous: { start: '2026-11-16', end: '2026-11-18' },
      soFar: true,
    });
    // On a Monday one day against one day; on Sunday the whole week.
    expect(compare('week', '2026-11-23').previous).toEqual({ start: '2026-11-16', end: '2026-11-16' });
    expect(compare('week', '2026-11-29').previous).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    // A week across the new year: Monday 28 December 2026 to Friday 1 January 2027.
    expect(compare('week', '2027-01-01')).toEqual({
      current: { start: '2026-12-28', end: '2027-01-01' },
      previous: { start: '2026-12-21', end: '2026-12-25' },
      soFar: true,
    });
  });

  it('sets this month so far against the same days of last month, clamped at its end', () => {
    expect(compare('month', '2026-11-23')).toEqual({
      current: { start: '2026-11-01', end: '2026-11-23' },
      previous: { start: '2026-10-01', end: '2026-10-23' },
      soFar: true,
    });
    expect(compare('month', '2026-03-31').previous).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(compare('month', '2026-01-10').previous).toEqual({ start: '2025-12-01', end: '2025-12-10' });
    expect(compare('month', '2026-12-01').previous).toEqual({ start: '2026-11-01', end: '2026-11-01' });
  });

  it('sets this year so far against the same dates of last year', () => {
    expect(compare('year', '2028-02-29')).toEqual({
      current: { start: '2028-01-01', end: '2028-02-29' },
      previous: { start: '2027-01-01', end: '2027-02-28' },
      soFar: true,
    });
  });

  it('compares a period wholly past or ahead whole, with the whole previous one', () => {
    expect(compare('week', '2026-11-25', '2026-11-12')).toEqual({
      current: { start: '2026-11-09', end: '2026-11-15' },
      previous: { start: '2026-11-02', end: '2026-11-08' },
      soFar: false,
    });
    expect(compare('month', '2026-11-25', '2026-03-10')).toEqual({
      current: { start: '2026-03-01', end: '2026-03-31' },
      previous: { start: '2026-02-01', end: '2026-02-28' },
      soFar: false,
    });
    expect(compare('day', '2026-11-25', '2026-11-20').previous).toEqual({
      start: '2026-11-13',
      end: '2026-11-13',
    });
    expect(compare('year', '2026-11-25', '2027-06-01')).toEqual({
      current: { start: '2027-01-01', end: '2027-12-31' },
      previous: { start: '2026-01-01', end: '2026-12-31' },
      soFar: false,
    });
  });

  it('sets a custom range so far against as many days just before it', () => {
    expect(likeForLike('custom', { start: '2026-11-20', end: '2026-11-30' }, '2026-11-23')).toEqual({
      current: { start: '2026-11-20', end: '2026-11-23' },
      previous: { start: '2026-11-16', end: '2026-11-19' },
      soFar: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { copiedWeek, shiftRangeProblem, shiftMessages, weekDates, weekStartOf } from './shift-rules';
import { shiftSetBodySchema } from './shift.schema';

describe('shift plan rules', () => {
  it('a week starts on Monday, across months and years', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStartOf('2026-11-28')).toBe('2026-11-23');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // Friday, the week began last year
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(() => weekStartOf('2026-02-30')).toThrow(RangeError);
  });

  it('a shift is from < to on 15-minute steps; the end may be 23:59', () => {
    expect(shiftRangeProblem('08:00', '20:00')).toBeNull();
    expect(shiftRangeProblem('00:00', '23:59')).toBeNull();
    expect(shiftRangeProblem('20:00', '08:00')).toBe(shiftMessages.order);
    expect(shiftRangeProblem('08:00', '08:00')).toBe(shiftMessages.order);
    expect(shiftRangeProblem('08:10', '20:00')).toBe(shiftMessages.timeFormat);
    expect(shiftRangeProblem('24:00', '23:59')).toBe(shiftMessages.timeFormat);
  });

  it('the set-cell body: both times or neither, with the messages on `to`', () => {
    const base = { user_id: 'u1', date: '2026-11-23' };
    expect(shiftSetBodySchema.safeParse({ ...base, from: '08:00', to: '20:00' }).success).toBe(true);
    expect(shiftSetBodySchema.safeParse({ ...base, from: null, to: null }).success).toBe(true);
    const half = shiftSetBodySchema.safeParse({ ...base, from: '08:00', to: null });
    expect(half.error?.issues[0]).toMatchObject({ path: ['to'], message: shiftMessages.bothOrNone });
    const reversed = shiftSetBodySchema.safeParse({ ...base, from: '20:00', to: '08:00' });
    expect(reversed.error?.issues[0]?.message).toBe(shiftMessages.order);
  });

  it('copying last week moves its shifts seven days on, for present staff only', () => {
    const last = [
      { user_id: 'a', date: '2026-11-16', from: '08:00', to: '20:00' },
      { user_id: 'a', date: '2026-11-22', from: '10:00', to: '22:00' },
      { user_id: 'gone', date: '2026-11-17', from: '08:00', to: '20:00' },
      // Not last week: ignored.
      { user_id: 'a', date: '2026-11-09', from: '08:00', to: '20:00' },
    ];
    expect(copiedWeek(last, '2026-11-23', new Set(['a']))).toEqual([
      { user_id: 'a', date: '2026-11-23', from: '08:00', to: '20:00' },
      { user_id: 'a', date: '2026-11-29', from: '10:00', to: '22:00' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays } from '@crm/shared';
import { isDate, weekStart } from './calendar-dates';

describe('calendar dates', () => {
  it('does calendar arithmetic on plain dates, Monday-first weeks', () => {
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(weekStart('2026-05-13')).toBe('2026-05-11');
    expect(weekStart('2026-05-17')).toBe('2026-05-11');
    expect(weekStart('2026-05-18')).toBe('2026-05-18');
  });

  it('accepts only real dates from the address bar', () => {
    expect(isDate('2026-05-13')).toBe(true);
    expect(isDate('2026-02-30')).toBe(false);
    expect(isDate('13.05.2026')).toBe(false);
    expect(isDate(null)).toBe(false);
  });
});

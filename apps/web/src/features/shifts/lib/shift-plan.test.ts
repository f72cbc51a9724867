import { describe, expect, it } from 'vitest';
import type { ShiftsResponse } from '@crm/shared';
import { dayHeading, onShiftOn, weekHours, weekLabel } from './shift-plan';

const plan: Pick<ShiftsResponse, 'staff' | 'shifts'> = {
  staff: [
    { id: 'o', name: 'Алексей Смирнов', position: 'owner' },
    { id: 'a', name: 'Ирина Волкова', position: 'administrator' },
    { id: 'w', name: 'Дмитрий Орлов', position: 'worker' },
  ],
  shifts: [
    { user_id: 'w', date: '2026-11-23', from: '10:00', to: '22:00' },
    { user_id: 'a', date: '2026-11-23', from: '08:00', to: '20:00' },
    { user_id: 'o', date: '2026-11-23', from: '08:00', to: '12:30' },
    { user_id: 'a', date: '2026-11-24', from: '08:00', to: '23:59' },
    // Someone no longer on the staff list is not shown.
    { user_id: 'gone', date: '2026-11-23', from: '07:00', to: '09:00' },
  ],
};

describe('shift plan helpers', () => {
  it('lists who is on shift on a day, earliest first, staff order on a tie', () => {
    expect(onShiftOn(plan, '2026-11-23').map((s) => `${s.name} ${s.label}`)).toEqual([
      'Алексей Смирнов 08:00–12:30',
      'Ирина Волкова 08:00–20:00',
      'Дмитрий Орлов 10:00–22:00',
    ]);
    expect(onShiftOn(plan, '2026-11-25')).toEqual([]);
  });

  it('names the week and its days in Russian', () => {
    const days = (first: string, n = 7) =>
      Array.from({ length: n }, (_, i) =>
        new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      );
    expect(weekLabel(days('2026-11-23'))).toBe('23–29 ноября 2026');
    expect(weekLabel(days('2026-11-30'))).toBe('30 ноября – 6 декабря 2026');
    expect(weekLabel(days('2025-12-29'))).toBe('29 декабря 2025 – 4 января 2026');
    expect(dayHeading('2026-11-29')).toEqual({ weekday: 'ВС', dayMonth: '29.11' });
  });

  it('sums a person’s planned hours; 23:59 counts as the end of the day', () => {
    expect(weekHours(plan.shifts, 'a')).toBe('28 ч');
    expect(weekHours(plan.shifts, 'o')).toBe('4,5 ч');
    expect(weekHours(plan.shifts, 'nobody')).toBe('—');
  });
});

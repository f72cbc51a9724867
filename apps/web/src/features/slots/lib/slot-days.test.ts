import { describe, expect, it } from 'vitest';
import { pickDay, slotDays } from './slot-days';

const weekdaysOnly = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].flatMap((d) => [
    [`start_${d}`, '09:00'],
    [`end_${d}`, '18:00'],
  ]),
);

describe('slotDays', () => {
  it('steps 30 calendar days across a month, a year and a daylight-saving change', () => {
    const days = slotDays('2026-12-20', weekdaysOnly);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      date: '2026-12-20',
      weekDay: 'Sunday',
      short: 'ВС',
      dayMonth: '20.12',
      today: true,
      dayOff: true,
    });
    expect(days[12]).toMatchObject({ date: '2027-01-01', short: 'ПТ', today: false, dayOff: false });
    expect(days[29]!.date).toBe('2027-01-18');
    // The last Sunday of March (a DST change in many zones) neither repeats nor skips a day.
    expect(slotDays('2027-03-27', weekdaysOnly, 3).map((d) => d.date)).toEqual([
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
    ]);
  });
});

describe('pickDay', () => {
  const days = slotDays('2026-11-25', weekdaysOnly);
  it('takes the URL day only when it is one of the cards', () => {
    expect(pickDay(days, '2026-12-01')).toBe('2026-12-01');
    expect(pickDay(days, '2026-11-24')).toBe('2026-11-25');
    expect(pickDay(days, '2026-12-25')).toBe('2026-11-25');
    expect(pickDay(days, 'завтра')).toBe('2026-11-25');
    expect(pickDay(days, null)).toBe('2026-11-25');
  });
});

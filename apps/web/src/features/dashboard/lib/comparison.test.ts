import { describe, expect, it } from 'vitest';
import { likeForLike, periodRange, type PeriodKind } from '@crm/shared';
import { comparisonText, comparisonUntil } from './comparison';

/** The tooltip's sentence for the period of `kind` holding `from`, seen on `today` at `until`. */
const text = (kind: PeriodKind, today: string, until = '14:30', from = today) =>
  comparisonText(kind, likeForLike(kind, periodRange(kind, from), today), today, until);

describe('comparisonText: what a trend compares, in words', () => {
  it('says today up to now against the same weekday last week up to the same time', () => {
    // Monday 23 November 2026.
    expect(text('day', '2026-11-23')).toBe('Сегодня до 14:30 против понедельника 16 ноября до 14:30');
    expect(text('day', '2026-11-25')).toBe('Сегодня до 14:30 против среды 18 ноября до 14:30');
    // A week on its Monday is that one day so far.
    expect(text('week', '2026-11-23')).toBe('Сегодня до 14:30 против понедельника 16 ноября до 14:30');
    // Across the new year the earlier date carries its year.
    expect(text('day', '2027-01-03')).toBe('Сегодня до 14:30 против воскресенья 27 декабря 2026 до 14:30');
  });

  it('names the weekdays of a week so far, and the dates of a month so far', () => {
    expect(text('week', '2026-11-25')).toBe(
      'Пн–Ср этой недели против Пн–Ср прошлой недели, последний день — до 14:30',
    );
    expect(text('month', '2026-11-23', '09:05')).toBe(
      '1–23 ноября против 1–23 октября, последний день — до 09:05',
    );
    expect(text('month', '2026-03-31')).toBe('1–31 марта против 1–28 февраля, последний день — до 14:30');
  });

  it('compares a past period whole, without a time', () => {
    expect(text('day', '2026-11-25', '14:30', '2026-11-20')).toBe(
      'Пятница 20 ноября против пятницы 13 ноября',
    );
    expect(text('week', '2026-11-25', '14:30', '2026-11-12')).toBe('9–15 ноября против 2–8 ноября');
    expect(text('week', '2026-11-25', '14:30', '2026-12-03')).toBe(
      '30 ноября – 6 декабря против 23–29 ноября',
    );
    expect(text('year', '2026-11-25', '14:30', '2025-05-01')).toBe(
      '1 января – 31 декабря 2025 против 1 января – 31 декабря 2024',
    );
    expect(text('week', '2026-11-25', '14:30', '2027-01-01')).toBe(
      '28 декабря 2026 – 3 января 2027 против 21–27 декабря',
    );
  });
});

describe('comparisonUntil', () => {
  it('is the station’s wall time down to five minutes', () => {
    // 11:34 UTC is 14:34 in Moscow and 18:34 in Novosibirsk.
    const at = new Date('2026-11-23T11:34:50Z');
    expect(comparisonUntil('Europe/Moscow', at)).toBe('14:30');
    expect(comparisonUntil('Asia/Novosibirsk', at)).toBe('18:30');
    expect(comparisonUntil('Europe/Moscow', new Date('2026-11-23T21:04:00Z'))).toBe('00:00');
    expect(comparisonUntil('Europe/Moscow', new Date('2026-11-23T11:35:00Z'))).toBe('14:35');
  });
});

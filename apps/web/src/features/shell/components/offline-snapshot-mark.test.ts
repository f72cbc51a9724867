import { describe, expect, it } from 'vitest';
import { offlineScheduleText, savedAtText } from './offline-snapshot-mark';

const zone = 'Europe/Moscow';
// 28 Nov 2026, 12:00 in Moscow.
const now = Date.UTC(2026, 10, 28, 9, 0);

describe('the offline mark says when the schedule was saved, on the station clock', () => {
  it('today, yesterday, a date, a date of another year', () => {
    expect(savedAtText(Date.UTC(2026, 10, 28, 6, 5), now, zone)).toBe('сегодня в 09:05');
    // 23:30 UTC of the 27th is 02:30 of the 28th in Moscow: still today there.
    expect(savedAtText(Date.UTC(2026, 10, 27, 23, 30), now, zone)).toBe('сегодня в 02:30');
    expect(savedAtText(Date.UTC(2026, 10, 27, 15, 40), now, zone)).toBe('вчера в 18:40');
    expect(savedAtText(Date.UTC(2026, 10, 20, 15, 40), now, zone)).toBe('20 ноября в 18:40');
    expect(savedAtText(Date.UTC(2025, 11, 31, 8, 0), now, zone)).toBe('31 декабря 2025 г. в 11:00');
  });

  it('the title, with and without saved days', () => {
    expect(offlineScheduleText(Date.UTC(2026, 10, 28, 6, 5), now, zone)).toBe(
      'Нет сети. Показано расписание, сохранённое сегодня в 09:05',
    );
    expect(offlineScheduleText(null, now, zone)).toBe('Нет сети. Расписание на эти дни не сохранено');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, fromWall, isDate, stationToday, toWall, weekStart, zoneOffset } from './station-zone';

describe('station clock', () => {
  it('reads an instant on the station’s clock', () => {
    const ms = Date.parse('2026-05-12T20:30:00Z');
    expect(toWall(ms, 'Asia/Novosibirsk')).toEqual({ date: '2026-05-13', minutes: 3 * 60 + 30 });
    expect(toWall(ms, 'Europe/Moscow')).toEqual({ date: '2026-05-12', minutes: 23 * 60 + 30 });
    expect(stationToday('Asia/Novosibirsk', ms)).toBe('2026-05-13');
  });

  it('turns a station-local date and minute back into the instant', () => {
    expect(new Date(fromWall('2026-05-13', 10 * 60, 'Asia/Novosibirsk')).toISOString()).toBe(
      '2026-05-13T03:00:00.000Z',
    );
    expect(new Date(fromWall('2026-05-13', 0, 'Europe/Moscow')).toISOString()).toBe(
      '2026-05-12T21:00:00.000Z',
    );
  });

  it('follows daylight saving where a zone has it', () => {
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026 at 02:00 local.
    expect(zoneOffset('Europe/Berlin', Date.parse('2026-03-29T00:30:00Z'))).toBe(60);
    expect(zoneOffset('Europe/Berlin', Date.parse('2026-03-29T01:30:00Z'))).toBe(120);
    expect(new Date(fromWall('2026-03-29', 10 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(new Date(fromWall('2026-03-28', 10 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
  });

  it('falls back to Moscow for an unknown zone instead of failing', () => {
    expect(toWall(Date.parse('2026-05-12T07:00:00Z'), 'Mars/Olympus')).toEqual({
      date: '2026-05-12',
      minutes: 10 * 60,
    });
  });

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

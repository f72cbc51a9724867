import { describe, expect, it } from 'vitest';
import { fromWall, localParts, stationToday, toUtcIso, toWall, zoneOffset } from './station-time';

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

  it('refuses an unknown zone or a malformed time when building the instant to send', () => {
    expect(localParts('2026-05-12T20:30:00Z', 'Asia/Novosibirsk')).toEqual({
      date: '2026-05-13',
      time: '03:30',
    });
    expect(localParts('2026-05-12T20:30:00Z', 'Mars/Olympus')).toBeNull();
    expect(localParts('вчера', 'Europe/Moscow')).toBeNull();
    expect(toUtcIso('2026-05-13', '10:00', 'Mars/Olympus')).toBeNull();
    expect(toUtcIso('2026-03-29', '10:00', 'Europe/Berlin')).toBe('2026-03-29T08:00:00.000Z');
  });
});

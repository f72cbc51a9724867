import { describe, expect, it } from 'vitest';
import { guessTimeZone, isValidTimeZone, utcOffsetHours } from './station-dto';

describe('station time zones', () => {
  it('gives the current UTC offset in hours, including half hours and DST', () => {
    expect(utcOffsetHours('Europe/Moscow')).toBe(3);
    expect(utcOffsetHours('Asia/Novosibirsk')).toBe(7);
    expect(utcOffsetHours('Asia/Kolkata')).toBe(5.5);
    expect(utcOffsetHours('Europe/Berlin', new Date('2025-07-01T12:00:00Z'))).toBe(2);
    expect(utcOffsetHours('Europe/Berlin', new Date('2025-01-01T12:00:00Z'))).toBe(1);
    expect(utcOffsetHours('UTC')).toBe(0);
  });

  it('guesses Russian zones from longitude and falls back to Moscow elsewhere', () => {
    const cases: [string, number, number, string][] = [
      ['Калининград', 54.71, 20.51, 'Europe/Kaliningrad'],
      ['Казань', 55.79, 49.12, 'Europe/Moscow'],
      ['Самара', 53.2, 50.12, 'Europe/Samara'],
      ['Екатеринбург', 56.84, 60.6, 'Asia/Yekaterinburg'],
      ['Омск', 54.98, 73.37, 'Asia/Omsk'],
      ['Новосибирск', 55.03, 82.92, 'Asia/Novosibirsk'],
      ['Красноярск', 56.01, 92.87, 'Asia/Krasnoyarsk'],
      ['Иркутск', 52.28, 104.28, 'Asia/Irkutsk'],
      ['Якутск', 62.03, 129.73, 'Asia/Yakutsk'],
      ['Владивосток', 43.12, 131.89, 'Asia/Vladivostok'],
      ['Петропавловск-Камчатский', 53.02, 158.65, 'Asia/Kamchatka'],
      ['Париж', 48.85, 2.35, 'Europe/Moscow'],
    ];
    for (const [, lat, lon, zone] of cases) expect(guessTimeZone(lat, lon)).toBe(zone);
  });

  it('knows real IANA zones only', () => {
    expect(isValidTimeZone('Asia/Yekaterinburg')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

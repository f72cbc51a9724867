import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayRange, formatPrice, startInstant, startLabel, timeLabel } from './book-format';
import { parseBookRoute } from './book-route';
import { rememberBooking, upcomingBookings } from './book-storage';

afterEach(() => localStorage.clear());

describe('the booking page helpers', () => {
  it('counts days across months and shows money the Russian way', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(dayRange('2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(formatPrice(1050).replace(/\s/g, ' ')).toBe('1 050 ₽');
  });

  it("sends a start as an instant and shows it on the station's clock", () => {
    expect(startInstant('2026-11-29T07:00:00Z', '2026-11-29', 'Europe/Moscow')).toBe(
      '2026-11-29T07:00:00.000Z',
    );
    // A wall-clock answer is the station's time of that day: 10:00 in Novosibirsk is 03:00 UTC.
    expect(startInstant('10:00', '2026-11-29', 'Asia/Novosibirsk')).toBe('2026-11-29T03:00:00.000Z');
    expect(startLabel('2026-11-29T03:00:00.000Z', 'Asia/Novosibirsk')).toBe('10:00');
    expect(startLabel('9:30', 'Europe/Moscow')).toBe('09:30');
    expect(timeLabel('2026-11-29T07:00:00Z', 'Europe/Moscow')).toBe('10:00');
  });

  it('reads the public addresses', () => {
    expect(parseBookRoute('/book/lenina24')).toEqual({ page: 'book', code: 'lenina24' });
    expect(parseBookRoute('/book/lenina24/privacy')).toEqual({ page: 'privacy', code: 'lenina24' });
    expect(parseBookRoute('/booking/abc')).toEqual({ page: 'booking', token: 'abc' });
    expect(parseBookRoute('/book')).toEqual({ page: 'unknown' });
  });

  it("lists the device's upcoming bookings at a station, soonest first", () => {
    const at = (iso: string, token: string, code = 'lenina24') =>
      rememberBooking({ token, code, station: 'x', start: iso, time_zone: 'Europe/Moscow' });
    at('2026-11-30T07:00:00Z', 'b');
    at('2026-11-29T07:00:00Z', 'a');
    at('2026-11-20T07:00:00Z', 'past');
    at('2026-11-29T08:00:00Z', 'other', 'sadovaya1');
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(upcomingBookings('lenina24', now).map((b) => b.token)).toEqual(['a', 'b']);
  });
});

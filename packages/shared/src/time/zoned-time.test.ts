import { describe, expect, it } from 'vitest';
import { localInstant } from './zoned-time';

describe('localInstant', () => {
  it('reads a Moscow wall-clock time (UTC+3) as the instant three hours earlier in UTC', () => {
    expect(localInstant('Europe/Moscow', '2031-03-10', 10 * 60).toISOString()).toBe(
      '2031-03-10T07:00:00.000Z',
    );
    // Local midnight is still the previous day in UTC.
    expect(localInstant('Europe/Moscow', '2031-03-10', 0).toISOString()).toBe('2031-03-09T21:00:00.000Z');
  });

  it('reads a Novosibirsk wall-clock time (UTC+7)', () => {
    expect(localInstant('Asia/Novosibirsk', '2031-03-10', 9 * 60 + 30).toISOString()).toBe(
      '2031-03-10T02:30:00.000Z',
    );
  });

  it('takes 1440 minutes as the next midnight', () => {
    expect(localInstant('Europe/Moscow', '2031-03-10', 1440).toISOString()).toBe('2031-03-10T21:00:00.000Z');
    expect(localInstant('Asia/Novosibirsk', '2031-12-31', 1440)).toEqual(
      localInstant('Asia/Novosibirsk', '2032-01-01', 0),
    );
  });

  it('follows a zone that keeps daylight saving time to its summer offset', () => {
    expect(localInstant('Europe/Berlin', '2031-07-01', 12 * 60).toISOString()).toBe(
      '2031-07-01T10:00:00.000Z',
    );
    expect(localInstant('Europe/Berlin', '2031-01-15', 12 * 60).toISOString()).toBe(
      '2031-01-15T11:00:00.000Z',
    );
  });
});

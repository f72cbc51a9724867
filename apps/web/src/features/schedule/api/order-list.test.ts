import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { calendarWeekKey, retryOrderList, retryOrderListDelay } from './order-list';

describe('orders list query', () => {
  it('is keyed under the station, so one invalidation of ["orders", stationId] refreshes it', () => {
    expect(calendarWeekKey('s1', '2026-05-11', '2026-05-18')).toEqual([
      'orders',
      's1',
      'calendar',
      '2026-05-11',
      '2026-05-18',
    ]);
  });

  it('retries a failed load 3 times, waiting 1, 2, 4 … up to 10 s', () => {
    const network = new ApiError(0, 'NETWORK', 'Ошибка сети');
    expect([0, 1, 2, 3].map((n) => retryOrderList(n, network))).toEqual([true, true, true, false]);
    expect(retryOrderList(0, new ApiError(503, 'INTERNAL', 'x'))).toBe(true);
    expect([0, 1, 2, 3, 4, 5].map(retryOrderListDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('does not retry a refusal that a retry cannot change', () => {
    expect(retryOrderList(0, new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
    expect(retryOrderList(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(retryOrderList(0, new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(true);
  });
});

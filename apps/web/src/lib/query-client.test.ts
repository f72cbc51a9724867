import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, tariffRetryPolicy } from './query-client';

describe('tariff queries (S2 §9: 3 retries, back-off capped at 30 s)', () => {
  const serverError = new ApiError(503, 'NOT_READY', 'Сервер перегружен');

  it('retries a failed tariff load 3 times, never a 4xx', () => {
    const { retry } = tariffRetryPolicy;
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'Не найдено'))).toBe(false);
  });

  it('waits 1, 2, 4 … s between tries, never more than 30 s', () => {
    expect([0, 1, 2, 5, 10].map(tariffRetryPolicy.retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('applies to every tariff key and leaves the other queries at one retry', () => {
    const client = createQueryClient();
    const tariffs = client.defaultQueryOptions({ queryKey: ['tariffs', 's1', 'own'] });
    const orders = client.defaultQueryOptions({ queryKey: ['orders', 's1'] });
    const retryOf = (options: { retry?: unknown }) => options.retry as (n: number, e: unknown) => boolean;
    expect(retryOf(tariffs)(2, serverError)).toBe(true);
    expect(retryOf(orders)(1, serverError)).toBe(false);
    expect(tariffs.retryDelay).toBe(tariffRetryPolicy.retryDelay);
  });
});

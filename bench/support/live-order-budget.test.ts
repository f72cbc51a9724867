import { describe, expect, it } from 'vitest';
import { liveOrderVerdict, percentile } from './live-order-budget';

describe('live order budget (issue 40)', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(percentile(values, 50)).toBe(10);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('passes 100 ms at the median and 250 ms at p95, orders drawn before the answer included', () => {
    const fast = [-20, 10, 30, 40, 60, 80, 90, 95, 99, 100];
    expect(liveOrderVerdict(fast, 0)).toMatchObject({ ok: true, p50: 60, p95: 100, problems: [] });
  });

  it('fails a slow median, a slow tail, an order that never came, or no measurement at all', () => {
    const slowMedian = Array.from({ length: 10 }, () => 120);
    expect(liveOrderVerdict(slowMedian, 0).problems).toEqual(['p50 120 ms > 100 ms']);
    const slowTail = [...Array.from({ length: 9 }, () => 50), 400];
    expect(liveOrderVerdict(slowTail, 0).problems).toEqual(['p95 400 ms > 250 ms']);
    expect(
      liveOrderVerdict(
        Array.from({ length: 10 }, () => 50),
        1,
      ).ok,
    ).toBe(false);
    expect(liveOrderVerdict([], 0).ok).toBe(false);
  });
});

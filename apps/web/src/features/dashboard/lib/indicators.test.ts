import { describe, expect, it } from 'vitest';
import { rating } from '../testing/fixtures';
import { buildIndicators, formatTrend, trendTone } from './indicators';

describe('dashboard indicators', () => {
  it('are the six of S1 §2 in order, money in whole rubles', () => {
    const list = buildIndicators(
      rating({
        all_orders: 3,
        all_orders_sum: 4_000,
        revenue: 2_500,
        completed_percent: 50,
        canceled_percent: 12.5,
        rating: 4,
      }),
      { now: undefined, previous: undefined },
    );
    expect(list.map((i) => [i.label, i.text.replace(/\s/g, ' ')])).toEqual([
      ['Заказы', '3'],
      ['Выручка', '2 500 ₽'],
      // 4 000 / 3 = 1 333,33… → 1 333 ₽, never decimals.
      ['Средний чек', '1 333 ₽'],
      ['Выполнено', '50 %'],
      ['Отменено', '12,5 %'],
      ['Рейтинг станции', '4,0'],
    ]);
    expect(list.every((i) => i.trend === null)).toBe(true);
  });

  it('colour a rise green and a fall red, except where falling is good', () => {
    expect(trendTone('all_orders', 20)).toBe('good');
    expect(trendTone('all_orders', -5)).toBe('bad');
    expect(trendTone('canceled_percent', 20)).toBe('bad');
    expect(trendTone('canceled_percent', -20)).toBe('good');
    expect(trendTone('revenue', 0)).toBe('flat');
    expect(trendTone('rating', null)).toBe('flat');
  });

  it('write the trend with its sign', () => {
    expect(formatTrend(12)).toBe('+12 %');
    expect(formatTrend(-5)).toBe('−5 %');
    expect(formatTrend(0)).toBe('0 %');
  });

  it('compare with the previous period; no rating in either leaves no trend', () => {
    const now = rating({ all_orders: 0, revenue: 0, rating: null });
    const list = buildIndicators(now, {
      now,
      previous: rating({ all_orders: 4, revenue: 1000, rating: 5 }),
    });
    const byKey = Object.fromEntries(list.map((i) => [i.key, i]));
    expect(byKey.all_orders!.trend).toBe(-100);
    expect(byKey.all_orders!.tone).toBe('bad');
    expect(byKey.revenue!.previousText.replace(/\s/g, ' ')).toBe('1 000 ₽');
    expect(byKey.rating!.trend).toBeNull();
    expect(byKey.rating!.text).toBe('—');
  });

  it('show the whole period but trend like for like: the span so far against the same span before', () => {
    // The day has 12 bookings, 5 of them started by now; last Monday had 4 by the same time.
    const list = buildIndicators(rating({ all_orders: 12, revenue: 4_000 }), {
      now: rating({ all_orders: 5, revenue: 4_000 }),
      previous: rating({ all_orders: 4, revenue: 5_000 }),
    });
    const byKey = Object.fromEntries(list.map((i) => [i.key, i]));
    expect(byKey.all_orders).toMatchObject({ text: '12', comparedText: '5', previousText: '4', trend: 25 });
    expect(byKey.revenue!.trend).toBe(-20);
    expect(byKey.revenue!.tone).toBe('bad');
    // Without the previous span there is nothing to compare, whatever the period shows.
    const partial = buildIndicators(rating({ all_orders: 12 }), { now: rating(), previous: undefined });
    expect(partial.every((i) => i.trend === null)).toBe(true);
  });
});

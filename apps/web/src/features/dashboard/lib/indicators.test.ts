import { describe, expect, it } from 'vitest';
import { compareIndicators } from '@crm/shared';
import { rating } from '../testing/fixtures';
import { buildIndicators, formatTrend, trendTone } from './indicators';

describe('dashboard indicators', () => {
  it('are the six of S1 §2 in order, money in whole rubles', () => {
    const list = buildIndicators(
      compareIndicators(
        rating({
          all_orders: 3,
          all_orders_sum: 4_000,
          revenue: 2_500,
          completed_percent: 50,
          canceled_percent: 12.5,
          rating: 4,
        }),
        null,
      ),
    );
    expect(list.map((i) => [i.label, i.text.replace(/\s/g, ' ')])).toEqual([
      ['Заказы', '3'],
      ['Выручка (оплачено)', '2 500 ₽'],
      // 4 000 / 3 = 1 333,33… → 1 333 ₽, never decimals.
      ['Средний чек', '1 333 ₽'],
      ['Выполнено', '50 %'],
      ['Отменено', '12,5 %'],
      ['Рейтинг станции', '4,0'],
    ]);
    expect(list.every((i) => i.trend === null && i.previousText === '—')).toBe(true);
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
    const list = buildIndicators(compareIndicators(now, rating({ all_orders: 4, revenue: 1000, rating: 5 })));
    const byKey = Object.fromEntries(list.map((i) => [i.key, i]));
    expect(byKey.all_orders!.trend).toBe(-100);
    expect(byKey.all_orders!.tone).toBe('bad');
    expect(byKey.revenue!.previousText.replace(/\s/g, ' ')).toBe('1 000 ₽');
    expect(byKey.rating!.trend).toBeNull();
    expect(byKey.rating!.text).toBe('—');
  });

  it('show on the card the very number the trend starts from and ends at (issue 38)', () => {
    // «Заказы 21 · 0 %» with «Было 3, стало 3» can no longer happen: the card is «стало».
    const list = buildIndicators([
      { key: 'all_orders', value: 5, previous: 4, trend: 25 },
      { key: 'revenue', value: 4_000, previous: 5_000, trend: -20 },
    ]);
    expect(list[0]).toMatchObject({ text: '5', previousText: '4', trend: 25, tone: 'good' });
    expect(list[1]).toMatchObject({ trend: -20, tone: 'bad' });
    expect(list[1]!.text.replace(/\s/g, ' ')).toBe('4 000 ₽');
  });
});

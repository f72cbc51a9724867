import { describe, expect, it } from 'vitest';
import { rating } from '../testing/fixtures';
import { buildIndicators, formatTrend, trendTone } from './indicators';

describe('dashboard indicators', () => {
  it('are the six of S1 §2 in order, money in whole rubles', () => {
    const list = buildIndicators(
      rating({
        all_orders: 3,
        all_orders_sum: 4_000,
        booking_completed_sum: 2_500,
        completed_percent: 50,
        canceled_percent: 12.5,
        rating: 4,
      }),
      undefined,
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
    expect(trendTone('booking_completed_sum', 0)).toBe('flat');
    expect(trendTone('rating', null)).toBe('flat');
  });

  it('write the trend with its sign', () => {
    expect(formatTrend(12)).toBe('+12 %');
    expect(formatTrend(-5)).toBe('−5 %');
    expect(formatTrend(0)).toBe('0 %');
  });

  it('compare with the previous period; no rating in either leaves no trend', () => {
    const list = buildIndicators(
      rating({ all_orders: 0, booking_completed_sum: 0, rating: null }),
      rating({ all_orders: 4, booking_completed_sum: 1000, rating: 5 }),
    );
    const byKey = Object.fromEntries(list.map((i) => [i.key, i]));
    expect(byKey.all_orders!.trend).toBe(-100);
    expect(byKey.all_orders!.tone).toBe('bad');
    expect(byKey.booking_completed_sum!.previousText.replace(/\s/g, ' ')).toBe('1 000 ₽');
    expect(byKey.rating!.trend).toBeNull();
    expect(byKey.rating!.text).toBe('—');
  });
});

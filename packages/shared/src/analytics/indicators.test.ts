import { describe, expect, it } from 'vitest';
import type { StationRating } from './analytics.schema';
import {
  averageCheck,
  compareIndicators,
  fallingIsGood,
  indicatorValue,
  percentOf,
  stationRatingScore,
  trendPercent,
} from './indicators';

describe('trendPercent (S1 §2)', () => {
  it('is the change from the previous period in whole percent', () => {
    expect(trendPercent(100, 150)).toBe(50);
    expect(trendPercent(200, 200)).toBe(0);
    expect(trendPercent(3, 4)).toBe(33);
    expect(trendPercent(3, 5)).toBe(67);
  });

  it('falls below zero when the indicator went down', () => {
    expect(trendPercent(200, 150)).toBe(-25);
    expect(trendPercent(80, 0)).toBe(-100);
    expect(trendPercent(3, 1)).toBe(-67);
  });

  it('may exceed 100 when the indicator more than doubled', () => {
    expect(trendPercent(10, 35)).toBe(250);
  });

  it('a zero base gives 100 when the current value is above 0, otherwise 0', () => {
    expect(trendPercent(0, 1)).toBe(100);
    expect(trendPercent(0, 125_000)).toBe(100);
    expect(trendPercent(0, 0.5)).toBe(100);
    expect(trendPercent(0, 0)).toBe(0);
  });

  it('measures against the size of a negative base, so growth stays positive', () => {
    expect(trendPercent(-100, -50)).toBe(50);
    expect(trendPercent(-100, -150)).toBe(-50);
  });
});

describe('averageCheck (S1 §2: total sum / order count)', () => {
  it('divides and rounds to whole rubles', () => {
    expect(averageCheck({ all_orders_sum: 10_000, all_orders: 4 })).toBe(2_500);
    expect(averageCheck({ all_orders_sum: 1_000, all_orders: 3 })).toBe(333);
    expect(averageCheck({ all_orders_sum: 2_000, all_orders: 3 })).toBe(667);
  });

  it('is 0 without orders instead of NaN or Infinity', () => {
    expect(averageCheck({ all_orders_sum: 0, all_orders: 0 })).toBe(0);
    expect(averageCheck({ all_orders_sum: 500, all_orders: 0 })).toBe(0);
  });
});

describe('percentOf', () => {
  it('gives one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(7, 7)).toBe(100);
    expect(percentOf(0, 7)).toBe(0);
  });

  it('0 of 0 is 0', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('stationRatingScore', () => {
  it('is 5 when the station kept every booking it decided', () => {
    expect(stationRatingScore(12, 0)).toBe(5);
  });

  it('is 0 when the station cancelled everything itself', () => {
    expect(stationRatingScore(0, 4)).toBe(0);
  });

  it('scales completed over completed + station-cancelled to 0–5 with one decimal', () => {
    expect(stationRatingScore(9, 1)).toBe(4.5);
    expect(stationRatingScore(2, 1)).toBe(3.3);
    expect(stationRatingScore(1, 2)).toBe(1.7);
    expect(stationRatingScore(99, 1)).toBe(5);
    expect(stationRatingScore(97, 3)).toBe(4.9);
  });

  it('is null while nothing has been decided either way', () => {
    expect(stationRatingScore(0, 0)).toBeNull();
  });
});

describe('fallingIsGood', () => {
  it('marks only the cancelled share as an indicator where a rise is bad', () => {
    expect([...fallingIsGood]).toEqual(['canceled_percent']);
  });
});

const rating = (over: Partial<StationRating> = {}): StationRating => ({
  all_orders: 0,
  all_orders_sum: 0,
  booking_completed_sum: 0,
  revenue: 0,
  completed_count: 0,
  canceled_count: 0,
  completed_percent: 0,
  canceled_percent: 0,
  total_count: 0,
  rating: null,
  ...over,
});

describe('compareIndicators (one comparison per card, issue 38)', () => {
  const now = rating({
    all_orders: 21,
    all_orders_sum: 31_500,
    revenue: 34_500,
    completed_percent: 25,
    canceled_percent: 4.2,
    rating: 2.5,
  });
  const before = rating({
    all_orders: 20,
    all_orders_sum: 24_000,
    revenue: 1_600,
    completed_percent: 50,
    canceled_percent: 0,
    rating: 5,
  });

  it('lists the cards in display order, each value the figure of the period shown', () => {
    const cards = compareIndicators(now, before);
    expect(cards.map((c) => c.key)).toEqual([
      'all_orders',
      'revenue',
      'average_check',
      'completed_percent',
      'canceled_percent',
      'rating',
    ]);
    for (const card of cards) expect(card.value).toBe(indicatorValue(card.key, now));
    for (const card of cards) expect(card.previous).toBe(indicatorValue(card.key, before));
  });

  it('computes every trend from exactly the two numbers the tooltip shows', () => {
    const cards = Object.fromEntries(compareIndicators(now, before).map((c) => [c.key, c]));
    expect(cards.all_orders).toEqual({ key: 'all_orders', value: 21, previous: 20, trend: 5 });
    expect(cards.revenue).toEqual({ key: 'revenue', value: 34_500, previous: 1_600, trend: 2056 });
    // 31 500 / 21 = 1 500 against 24 000 / 20 = 1 200.
    expect(cards.average_check).toEqual({ key: 'average_check', value: 1500, previous: 1200, trend: 25 });
    expect(cards.completed_percent).toEqual({
      key: 'completed_percent',
      value: 25,
      previous: 50,
      trend: -50,
    });
    // A zero base: 100 when the figure rose from nothing (S1 §2).
    expect(cards.canceled_percent).toEqual({ key: 'canceled_percent', value: 4.2, previous: 0, trend: 100 });
    expect(cards.rating).toEqual({ key: 'rating', value: 2.5, previous: 5, trend: -50 });
    for (const card of Object.values(cards)) {
      expect(card.trend).toBe(trendPercent(card.previous!, card.value!));
    }
  });

  it('gives no trend where either side has no figure, or nothing was compared', () => {
    const cards = compareIndicators(rating({ all_orders: 3, rating: null }), rating({ rating: 4 }));
    expect(cards.find((c) => c.key === 'rating')).toEqual({
      key: 'rating',
      value: null,
      previous: 4,
      trend: null,
    });
    const alone = compareIndicators(now, null);
    expect(alone.every((c) => c.previous === null && c.trend === null)).toBe(true);
    expect(alone.find((c) => c.key === 'all_orders')!.value).toBe(21);
  });
});

import { describe, expect, it } from 'vitest';
import { averageCheck, fallingIsGood, percentOf, stationRatingScore, trendPercent } from './indicators';

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

import { indicatorLabels, type IndicatorKey } from './analytics-messages';
import type { StationRating } from './analytics.schema';

/**
 * Trend of an indicator (S1 §2): the change from the previous period to the current one, in whole
 * percent. A zero base gives 100 when the current value is above 0, otherwise 0.
 */
export function trendPercent(previous: number, current: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** Average check (S1 §2): total sum divided by order count, whole rubles; 0 without orders. */
export function averageCheck(rating: Pick<StationRating, 'all_orders_sum' | 'all_orders'>): number {
  return rating.all_orders === 0 ? 0 : Math.round(rating.all_orders_sum / rating.all_orders);
}

/** A share in percent with one decimal; 0 of 0 is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/**
 * Station rating, 0–5 with one decimal (docs/decisions.md): how reliably the station carries out what it
 * booked — completed orders against completed plus those the station itself cancelled. Cancellations by
 * clients and partners do not count against it. `null` while nothing has finished either way.
 */
export function stationRatingScore(completed: number, stationCancelled: number): number | null {
  const decided = completed + stationCancelled;
  return decided === 0 ? null : Math.round((completed / decided) * 50) / 10;
}

/** Indicators where a rise is bad news (shown red when they grow). */
export const fallingIsGood: ReadonlySet<string> = new Set(['canceled_percent']);

/**
 * The raw figure of a dashboard card (`indicatorLabels`) in a rating: the cards, their trends and the
 * export all read a card's number here, so «Было X, стало Y» and the card's value are one number.
 */
export function indicatorValue(key: IndicatorKey, r: StationRating): number | null {
  switch (key) {
    case 'all_orders':
      return r.all_orders;
    case 'revenue':
      return r.revenue;
    case 'average_check':
      return averageCheck(r);
    case 'completed_percent':
      return r.completed_percent;
    case 'canceled_percent':
      return r.canceled_percent;
    case 'rating':
      return r.rating;
  }
}

/** One dashboard card: its value for the period, the same figure of the compared period, and the trend. */
export interface IndicatorFigure {
  key: IndicatorKey;
  /** The card's big number: the figure of the period shown (so far, when it holds today). */
  value: number | null;
  /** The same figure of the previous period of equal length (like for like); null when not compared. */
  previous: number | null;
  /** `trendPercent(previous, value)`: the chip's percentage; null when either side has no figure. */
  trend: number | null;
}

/**
 * Every card of the dashboard in display order, each from exactly two ratings: the period shown and the
 * period it is compared with (DESIGN §10 «like for like»). The card shows `value`, the chip `trend`, the
 * tooltip «Было `previous`, стало `value`» — one comparison, never a whole day against a morning.
 */
export function compareIndicators(current: StationRating, previous: StationRating | null): IndicatorFigure[] {
  return (Object.keys(indicatorLabels) as IndicatorKey[]).map((key) => {
    const value = indicatorValue(key, current);
    const before = previous ? indicatorValue(key, previous) : null;
    return {
      key,
      value,
      previous: before,
      trend: value === null || before === null ? null : trendPercent(before, value),
    };
  });
}

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

import {
  averageCheck,
  fallingIsGood,
  formatRub,
  indicatorLabels,
  trendPercent,
  type IndicatorKey,
  type StationRating,
} from '@crm/shared';

export type TrendTone = 'good' | 'bad' | 'flat';

export interface Indicator {
  key: IndicatorKey;
  label: string;
  /** The value as shown: «1 250 ₽», «42», «87,5 %», «4,8» or «—». */
  text: string;
  /** The previous period's value as shown. */
  previousText: string;
  /** Whole percent from the previous period to this one; null when there is nothing to compare. */
  trend: number | null;
  tone: TrendTone;
}

const number = (n: number) => n.toLocaleString('ru-RU');
const percent = (n: number) => `${n.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

/** The raw value of an indicator (the export writes numbers, the cards format them). */
export function indicatorValue(key: IndicatorKey, r: StationRating): number | null {
  switch (key) {
    case 'all_orders':
      return r.all_orders;
    case 'booking_completed_sum':
      return r.booking_completed_sum;
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

function format(key: IndicatorKey, value: number | null): string {
  if (value === null) return '—';
  switch (key) {
    case 'booking_completed_sum':
    case 'average_check':
      return formatRub(value);
    case 'completed_percent':
    case 'canceled_percent':
      return percent(value);
    case 'rating':
      return value.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    default:
      return number(value);
  }
}

/** Green when the change is good news: a rise, except for indicators where falling is good. */
export function trendTone(key: string, trend: number | null): TrendTone {
  if (!trend) return 'flat';
  const rising = trend > 0;
  return rising !== fallingIsGood.has(key) ? 'good' : 'bad';
}

/** «+12 %», «−5 %», «0 %». */
export function formatTrend(trend: number): string {
  if (trend > 0) return `+${number(trend)} %`;
  if (trend < 0) return `−${number(-trend)} %`;
  return '0 %';
}

/**
 * The key indicators of S1 §2 in display order, each with its trend against the previous period (zero
 * base: 100 or 0, `trendPercent`). Without the previous period (still loading or failed) no trend shows.
 */
export function buildIndicators(current: StationRating, previous: StationRating | undefined): Indicator[] {
  return (Object.keys(indicatorLabels) as IndicatorKey[]).map((key) => {
    const value = indicatorValue(key, current);
    const before = previous ? indicatorValue(key, previous) : null;
    const trend = value === null || before === null ? null : trendPercent(before, value);
    return {
      key,
      label: indicatorLabels[key],
      text: format(key, value),
      previousText: format(key, before),
      trend,
      tone: trendTone(key, trend),
    };
  });
}

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
  /** The compared span of the previous period, as shown. */
  previousText: string;
  /** The compared span of this period (so far, when it holds today), as shown. */
  comparedText: string;
  /** Whole percent from the previous span to this one, like for like; null when there is nothing to compare. */
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

function format(key: IndicatorKey, value: number | null): string {
  if (value === null) return '—';
  switch (key) {
    case 'revenue':
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

/** The two spans a trend compares (DESIGN §10 «like for like»); either may still be loading. */
export interface ComparedRatings {
  /** This period up to the compared bound (the whole period when it is past). */
  now: StationRating | undefined;
  /** The same span of the previous period. */
  previous: StationRating | undefined;
}

/**
 * The key indicators of S1 §2 in display order: the value is the whole period's, the trend compares like
 * with like — this period so far against the same span before (zero base: 100 or 0, `trendPercent`).
 * Without either span (still loading or failed) no trend shows.
 */
export function buildIndicators(current: StationRating, compared: ComparedRatings): Indicator[] {
  return (Object.keys(indicatorLabels) as IndicatorKey[]).map((key) => {
    const now = compared.now ? indicatorValue(key, compared.now) : null;
    const before = compared.previous ? indicatorValue(key, compared.previous) : null;
    const trend = now === null || before === null ? null : trendPercent(before, now);
    return {
      key,
      label: indicatorLabels[key],
      text: format(key, indicatorValue(key, current)),
      previousText: format(key, before),
      comparedText: format(key, now),
      trend,
      tone: trendTone(key, trend),
    };
  });
}

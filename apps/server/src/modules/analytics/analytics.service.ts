import {
  addDays,
  analyticsMaxDays,
  analyticsRangeTooLong,
  compareIndicators,
  datesOf,
  daysBetween,
  figuresPositions,
  orderSources,
  orderStatuses,
  percentOf,
  stationRatingScore,
  type AnalyticsQuery,
  type RatingQuery,
  type StationAnalytics,
  type StationRating,
  type StationsToday,
} from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';
import { loadStationForCaller, requirePosition, type StationRow } from '../stations/station-access';
import {
  periodBreakdown,
  periodFigures,
  periodRevenue,
  stationsToday,
  type Figures,
  type LocalRange,
} from './analytics.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

const noFigures: Figures = {
  total: 0,
  live: 0,
  liveSum: 0,
  completed: 0,
  completedSum: 0,
  cancelled: 0,
  stationCancelled: 0,
  revenue: 0,
};

/** Station rating (S1 §3) of a set of orders; the score is `stationRatingScore` (docs/decisions.md). */
export function toRating(f: Figures): StationRating {
  return {
    all_orders: f.live,
    all_orders_sum: f.liveSum,
    booking_completed_sum: f.completedSum,
    revenue: f.revenue,
    completed_count: f.completed,
    canceled_count: f.cancelled,
    completed_percent: percentOf(f.completed, f.total),
    canceled_percent: percentOf(f.cancelled, f.total),
    total_count: f.total,
    rating: stationRatingScore(f.completed, f.stationCancelled),
  };
}

/**
 * The station if the caller may see its money: owner, principal or administrator of its network, or role
 * admin (S1 §6). Another network's station is 404, a worker 403.
 */
async function stationWithFigures(db: Database, caller: Caller, stationId: string): Promise<StationRow> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, figuresPositions);
  return access.station;
}

/**
 * Both query dates are inclusive local dates; SQL takes the day after the last one as the bound, or the
 * last day at `until` when the caller cuts it short (like for like up to now, DESIGN §10).
 */
const localRange = (station: StationRow, query: RatingQuery): LocalRange => ({
  stationId: station.id,
  timeZone: station.timeZone,
  from: query.sdate,
  until: query.until ? `${query.edate} ${query.until}` : addDays(query.edate, 1),
});

/** `GET /api/station/rating/{id}?sdate&edate`. */
export async function stationRating(
  db: Database,
  caller: Caller,
  stationId: string,
  query: RatingQuery,
): Promise<StationRating> {
  const station = await stationWithFigures(db, caller, stationId);
  return toRating(await periodFigures(db, localRange(station, query)));
}

/**
 * `GET /api/station/analytics/{id}?sdate&edate[&until][&prev_sdate&prev_edate]`: the dashboard's cards and
 * charts, every bucket listed. The cards (`indicators`) compare the period with the one asked for beside it,
 * cut at the same `until`, so a card's value, its trend and its tooltip's «Было X, стало Y» are two
 * ratings and one comparison; the charts are buckets of the same period and add up to `rating`.
 */
export async function stationAnalytics(
  db: Database,
  caller: Caller,
  stationId: string,
  query: AnalyticsQuery,
): Promise<StationAnalytics> {
  const station = await stationWithFigures(db, caller, stationId);
  // One bucket per day goes to the browser: a bound keeps the answer and the chart small.
  if (daysBetween(query.sdate, query.edate) + 1 > analyticsMaxDays) {
    throw badRequest({ edate: analyticsRangeTooLong });
  }
  const range = localRange(station, query);
  const revenue = await periodRevenue(db, range);
  const previous =
    query.prev_sdate && query.prev_edate
      ? toRating(
          await periodFigures(
            db,
            localRange(station, { sdate: query.prev_sdate, edate: query.prev_edate, until: query.until }),
          ),
        )
      : null;
  const buckets = new Map(
    (await periodBreakdown(db, range)).map((b) => [b.by === 'all' ? 'all' : `${b.by}:${b.key}`, b.figures]),
  );
  // Buckets without orders do not come back from SQL: they are zeros, and the charts show them.
  const of = (by: string, key: string | number) => buckets.get(`${by}:${key}`) ?? noFigures;
  const rating = toRating({ ...(buckets.get('all') ?? noFigures), revenue: revenue.total });
  return {
    rating,
    previous,
    indicators: compareIndicators(rating, previous),
    days: datesOf({ start: query.sdate, end: query.edate }).map((date) => {
      const f = of('day', date);
      return { date, orders: f.live, revenue: revenue.days.get(date) ?? 0, cancelled: f.cancelled };
    }),
    sources: orderSources.map((source) => {
      const f = of('source', source);
      return { source, orders: f.live, sum: f.liveSum, revenue: revenue.sources.get(source) ?? 0 };
    }),
    statuses: orderStatuses.map((status) => ({ status, orders: of('status', status).total })),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: of('hour', hour).live })),
  };
}

/** `GET /api/stations/today`: /home's figures of each station the caller sees the money of. */
export async function stationsTodayFigures(
  db: Database,
  caller: Caller,
  now = new Date(),
): Promise<StationsToday> {
  const rows = await stationsToday(db, caller.userId, figuresPositions, now);
  return {
    stations: rows.map((row) => ({
      station_id: row.stationId,
      date: row.date,
      orders: row.figures.live,
      new_orders: row.newOrders,
      processing: row.processing,
      completed: row.figures.completed,
      revenue: row.figures.revenue,
    })),
  };
}

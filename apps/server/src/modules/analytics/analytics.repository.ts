import { sql, type SQL } from 'drizzle-orm';
import { cancelledStatuses, type Position } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, orders, stations } from '../../db/schema';

// Figures of the dashboard and /home, aggregated by PostgreSQL: one statement per call, whatever the
// number of orders. Dates are the station's local dates (`at time zone`), so an order at 00:10 Moscow
// time counts on its Moscow day.

/** Counts and sums of a set of orders; the rating and every chart bucket are made of these. */
export interface Figures {
  /** Every order, cancelled included. */
  total: number;
  /** Not cancelled. */
  live: number;
  liveSum: number;
  completed: number;
  completedSum: number;
  cancelled: number;
  stationCancelled: number;
}

export interface LocalRange {
  stationId: string;
  timeZone: string;
  /** First local date, inclusive. */
  from: string;
  /** The local date after the last one (exclusive). */
  until: string;
}

const cancelled = sql.join(
  cancelledStatuses.map((s) => sql`${s}`),
  sql`, `,
);

/** The aggregate columns of `Figures`, over rows that expose `status` and `sum`. */
const figureColumns = sql`
  count(*)::int as total,
  (count(*) filter (where status not in (${cancelled})))::int as live,
  coalesce(sum(sum) filter (where status not in (${cancelled})), 0)::bigint as live_sum,
  (count(*) filter (where status = 'Completed'))::int as completed,
  coalesce(sum(sum) filter (where status = 'Completed'), 0)::bigint as completed_sum,
  (count(*) filter (where status in (${cancelled})))::int as cancelled,
  (count(*) filter (where status = 'StationCanceled'))::int as station_cancelled`;

type FigureRow = Record<
  'total' | 'live' | 'live_sum' | 'completed' | 'completed_sum' | 'cancelled' | 'station_cancelled',
  number | string
>;

const toFigures = (row: FigureRow): Figures => ({
  total: Number(row.total),
  live: Number(row.live),
  liveSum: Number(row.live_sum),
  completed: Number(row.completed),
  completedSum: Number(row.completed_sum),
  cancelled: Number(row.cancelled),
  stationCancelled: Number(row.station_cancelled),
});

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The station's orders counted by rating and analytics: bookings (not blocked slots) whose start falls in
 * the local dates. The range on `booking_start` is served by the (station_id, booking_start) index.
 */
const periodOrders = (r: LocalRange) => sql`
  select ${orders.status} as status, ${orders.sum} as sum, ${orders.source} as source,
         (${orders.bookingStart} at time zone ${r.timeZone}) as local_start
    from ${orders}
   where ${orders.stationId} = ${r.stationId}
     and ${orders.orderType} <> 'BlockerBookingSlot'
     and ${orders.bookingStart} >= (${r.from}::timestamp at time zone ${r.timeZone})
     and ${orders.bookingStart} < (${r.until}::timestamp at time zone ${r.timeZone})`;

export async function periodFigures(db: Database, range: LocalRange): Promise<Figures> {
  const [row] = await rowsOf<FigureRow>(db, sql`select ${figureColumns} from (${periodOrders(range)}) o`);
  return toFigures(row!);
}

export type Breakdown =
  | { by: 'all'; figures: Figures }
  | { by: 'day'; key: string; figures: Figures }
  | { by: 'source' | 'status'; key: string; figures: Figures }
  | { by: 'hour'; key: number; figures: Figures };

/**
 * The whole period and its buckets by local day, source, status and local hour in one pass
 * (`grouping sets`); only buckets with orders come back, the caller fills the gaps.
 */
export async function periodBreakdown(db: Database, range: LocalRange): Promise<Breakdown[]> {
  const rows = await rowsOf<
    FigureRow & {
      by: string;
      day: string | null;
      source: string | null;
      status: string | null;
      hour: number | null;
    }
  >(
    db,
    sql`
      select case when grouping(day) = 0 then 'day' when grouping(source) = 0 then 'source'
                  when grouping(status) = 0 then 'status' when grouping(hour) = 0 then 'hour'
                  else 'all' end as by,
             day, source, status, hour, ${figureColumns}
        from (select status, sum, source, to_char(local_start, 'YYYY-MM-DD') as day,
                     extract(hour from local_start)::int as hour
                from (${periodOrders(range)}) p) o
       group by grouping sets ((), (day), (source), (status), (hour))`,
  );
  return rows.map((row): Breakdown => {
    const figures = toFigures(row);
    switch (row.by) {
      case 'day':
        return { by: 'day', key: row.day!, figures };
      case 'source':
        return { by: 'source', key: row.source!, figures };
      case 'status':
        return { by: 'status', key: row.status!, figures };
      case 'hour':
        return { by: 'hour', key: Number(row.hour), figures };
      default:
        return { by: 'all', figures };
    }
  });
}

export interface StationToday {
  stationId: string;
  date: string;
  figures: Figures;
  processing: number;
  newOrders: number;
}

/**
 * Today's figures of every station where the user holds one of `positions`, each on its own clock, in
 * the order of the station list. New orders are counted as `GET /api/order/list/new` lists them
 * (Accepted and not over, any day), so /home and the dashboard agree.
 */
export async function stationsToday(
  db: Database,
  userId: string,
  positions: readonly Position[],
  now: Date,
): Promise<StationToday[]> {
  const at = now.toISOString();
  const rows = await rowsOf<
    FigureRow & { station_id: string; date: string; processing: number; new_orders: number }
  >(
    db,
    sql`
      select s.id as station_id, to_char(d.day, 'YYYY-MM-DD') as date, f.*, n.new_orders
        from ${stations} s
        join ${memberships} m on m.network_id = s.network_id
       cross join lateral (select (${at}::timestamptz at time zone s.time_zone)::date as day) d
       cross join lateral (
         select ${figureColumns}, (count(*) filter (where status = 'Processing'))::int as processing
           from ${orders} o
          where o.station_id = s.id
            and o.order_type <> 'BlockerBookingSlot'
            and o.booking_start >= (d.day::timestamp at time zone s.time_zone)
            and o.booking_start < ((d.day + 1)::timestamp at time zone s.time_zone)) f
       cross join lateral (
         select count(*)::int as new_orders
           from ${orders} o
          where o.station_id = s.id and o.status = 'Accepted' and o.booking_end > ${at}::timestamptz) n
       where m.user_id = ${userId}
         and m.position in (${sql.join(
           positions.map((p) => sql`${p}`),
           sql`, `,
         )})
       order by s.name, s.created_at`,
  );
  return rows.map((row) => ({
    stationId: row.station_id,
    date: row.date,
    figures: toFigures(row),
    processing: Number(row.processing),
    newOrders: Number(row.new_orders),
  }));
}

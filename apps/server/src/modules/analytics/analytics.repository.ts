import { sql, type SQL } from 'drizzle-orm';
import { cancelledStatuses, type Position } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, orders, stations } from '../../db/schema';

// Figures of the dashboard and /home, aggregated by PostgreSQL: a statement or two per call, whatever the
// number of orders. Dates are the station's local dates (`at time zone`), so an order at 00:10 Moscow
// time counts on its Moscow day. Orders count on their booking date; revenue is money taken and counts on
// the payment date (`paid_at`, DESIGN §10), so an order booked last week and paid today is today's money.

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
  /** Money taken in the range: `sum_completed` of the orders paid (`paid_at`) in it, booked whenever. */
  revenue: number;
}

export interface LocalRange {
  stationId: string;
  timeZone: string;
  /** First local date, inclusive. */
  from: string;
  /** The local date-time the range ends at, exclusive: `YYYY-MM-DD HH:MM` or a date (its midnight). */
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

const toFigures = (row: FigureRow, revenue = 0): Figures => ({
  total: Number(row.total),
  live: Number(row.live),
  liveSum: Number(row.live_sum),
  completed: Number(row.completed),
  completedSum: Number(row.completed_sum),
  cancelled: Number(row.cancelled),
  stationCancelled: Number(row.station_cancelled),
  revenue,
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

/**
 * The station's orders whose money was taken in the local range (`paid_at`, served by the
 * (station_id, paid_at) index), whatever their booking date or status: a cancelled order whose payment
 * was taken still brought the money in; one never paid has no `paid_at`.
 */
const paidOrders = (r: LocalRange) => sql`
  select ${orders.sumCompleted} as paid, ${orders.source} as source,
         (${orders.paidAt} at time zone ${r.timeZone}) as local_paid
    from ${orders}
   where ${orders.stationId} = ${r.stationId}
     and ${orders.orderType} <> 'BlockerBookingSlot'
     and ${orders.paidAt} >= (${r.from}::timestamp at time zone ${r.timeZone})
     and ${orders.paidAt} < (${r.until}::timestamp at time zone ${r.timeZone})`;

export async function periodFigures(db: Database, range: LocalRange): Promise<Figures> {
  const [row] = await rowsOf<FigureRow & { revenue: number | string }>(
    db,
    sql`select ${figureColumns},
               (select coalesce(sum(paid), 0) from (${paidOrders(range)}) p)::bigint as revenue
          from (${periodOrders(range)}) o`,
  );
  return toFigures(row!, Number(row!.revenue));
}

/** Revenue of the range: the whole, per local payment day and per source (only those with money). */
export async function periodRevenue(
  db: Database,
  range: LocalRange,
): Promise<{ total: number; days: Map<string, number>; sources: Map<string, number> }> {
  const rows = await rowsOf<{ day: string | null; source: string | null; by: string; revenue: string }>(
    db,
    sql`
      select case when grouping(day) = 0 then 'day' when grouping(source) = 0 then 'source'
                  else 'all' end as by,
             day, source, coalesce(sum(paid), 0)::bigint as revenue
        from (select paid, source, to_char(local_paid, 'YYYY-MM-DD') as day
                from (${paidOrders(range)}) p) o
       group by grouping sets ((), (day), (source))`,
  );
  const days = new Map<string, number>();
  const sources = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    if (row.by === 'day') days.set(row.day!, Number(row.revenue));
    else if (row.by === 'source') sources.set(row.source!, Number(row.revenue));
    else total = Number(row.revenue);
  }
  return { total, days, sources };
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
    FigureRow & {
      station_id: string;
      date: string;
      processing: number;
      new_orders: number;
      revenue: number | string;
    }
  >(
    db,
    sql`
      select s.id as station_id, to_char(d.day, 'YYYY-MM-DD') as date, f.*, n.new_orders, r.revenue
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
       cross join lateral (
         select coalesce(sum(o.sum_completed), 0)::bigint as revenue
           from ${orders} o
          where o.station_id = s.id
            and o.order_type <> 'BlockerBookingSlot'
            and o.paid_at >= (d.day::timestamp at time zone s.time_zone)
            and o.paid_at < ((d.day + 1)::timestamp at time zone s.time_zone)) r
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
    figures: toFigures(row, Number(row.revenue)),
    processing: Number(row.processing),
    newOrders: Number(row.new_orders),
  }));
}

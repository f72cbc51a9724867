import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addDays,
  positions,
  scheduleViewDays,
  scheduleViewRequestSchema,
  scheduleViewResponseSchema,
  stationClock,
  type ScheduleDayCounts,
  type ScheduleViewResponse,
  type WorktimeByDay,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import type { Caller } from './order-access';

type ScheduleViewRequest = z.output<typeof scheduleViewRequestSchema>;

/** Orders of [dateStart, dateEnd) on the station's clock, counted per local day in one grouped query. */
async function countsByDay(
  db: Database,
  stationId: string,
  timeZone: string,
  dateStart: string,
  dateEnd: string,
): Promise<Map<string, ScheduleDayCounts>> {
  const from = sql`(${dateStart}::timestamp at time zone ${timeZone})`;
  const to = sql`(${dateEnd}::timestamp at time zone ${timeZone})`;
  const localDay = sql<string>`to_char(${orders.bookingStart} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const cancelled = sql`${orders.status} in ('Canceled', 'StationCanceled', 'UserCanceled')`;
  const blocker = sql`${orders.orderType} = 'BlockerBookingSlot'`;
  const rows = await db
    .select({
      date: localDay,
      orders: sql<number>`count(*) filter (where not ${cancelled} and not ${blocker})::int4`.mapWith(Number),
      newOrders:
        sql<number>`count(*) filter (where ${orders.status} = 'Accepted' and not ${blocker})::int4`.mapWith(
          Number,
        ),
      cancelled: sql<number>`count(*) filter (where ${cancelled} and not ${blocker})::int4`.mapWith(Number),
      blocked: sql<number>`count(*) filter (where ${blocker} and not ${cancelled})::int4`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        sql`${orders.bookingStart} >= ${from}`,
        sql`${orders.bookingStart} < ${to}`,
      ),
    )
    // By position: the zone is a bound parameter, so the same expression written twice would not match.
    .groupBy(sql`1`);
  return new Map(
    rows.map((r) => [
      r.date,
      { orders: r.orders, new_orders: r.newOrders, cancelled: r.cancelled, blocked: r.blocked },
    ]),
  );
}

/**
 * `POST /api/order/list/schedule` (S1 §7): the station's schedule view — each day's work hours and its
 * orders — for the calendar's week strip. Every position reads the calendar, so every position reads this;
 * other networks' stations are a 404 (DESIGN §4). Without dates: the seven days from the station's today.
 */
export async function scheduleView(
  db: Database,
  caller: Caller,
  input: ScheduleViewRequest,
  now = new Date(),
): Promise<ScheduleViewResponse> {
  const access = await loadStationForCaller(db, caller, input.station_id);
  requirePosition(access, positions);
  const { station } = access;
  const start = input.date_start ?? stationClock(station.timeZone, now).date;
  const end = input.date_end ?? addDays(start, 7);
  const counts = await countsByDay(db, station.id, station.timeZone, start, end);
  return {
    station_id: station.id,
    time_zone: station.timeZone,
    date_start: start,
    date_end: end,
    days: scheduleViewDays(station.worktimeByDay as WorktimeByDay, start, end, counts),
  };
}

export const scheduleViewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/order/list/schedule',
    {
      preValidation: app.requireUser,
      schema: {
        // The week strip is part of everyone's calendar, a worker's too.
        'x-positions': positions,
        body: scheduleViewRequestSchema,
        response: { 200: scheduleViewResponseSchema },
      },
    },
    async (request) => scheduleView(db, authOf(request), request.body),
  );
};

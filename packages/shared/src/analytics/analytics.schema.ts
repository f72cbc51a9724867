import { z } from 'zod';
import { orderSourceSchema, orderStatusSchema } from '../orders/order.schema';
import { localDate } from '../time/date-fields';
import { hhmmPattern } from '../time/time-of-day';

export const untilFormat = 'Время должно быть в формате ЧЧ:ММ';

/**
 * Query of `GET /api/station/rating/{id}` and `GET /api/station/analytics/{id}`: both dates inclusive.
 * `until` (HH:MM on the station's clock, exclusive) cuts the last day short: the dashboard compares
 * today up to now with the same weekday last week up to the same time (DESIGN §10 «like for like»).
 */
export const ratingQuerySchema = z
  .object({
    sdate: localDate(),
    edate: localDate(),
    until: z.string({ error: untilFormat }).regex(hhmmPattern, untilFormat).optional(),
  })
  .refine((q) => q.sdate <= q.edate, {
    message: 'Дата окончания не может быть раньше даты начала',
    path: ['edate'],
  });
export type RatingQuery = z.infer<typeof ratingQuerySchema>;

/**
 * Station rating (S1 §3) for the bookings whose start falls in the period on the station's clock
 * (blocked slots are not orders and never count), plus `revenue`: the money taken in the period.
 */
export const stationRatingSchema = z.object({
  /** Live (not cancelled) orders. */
  all_orders: z.number().int(),
  /** Sum of the live orders, ₽. */
  all_orders_sum: z.number().int(),
  /** Sum of the completed orders booked in the period, ₽ (by booking date, as S1 §3 names it). */
  booking_completed_sum: z.number().int(),
  /**
   * Revenue, ₽: money taken in the period — the paid amount (`sum_completed`) of every order whose payment
   * (`paid_at`) falls in it, whatever its booking date (DESIGN §10). The dashboard's «Выручка».
   */
  revenue: z.number().int(),
  /** Completed orders. */
  completed_count: z.number().int(),
  /** Cancelled orders, every kind. */
  canceled_count: z.number().int(),
  /** completed_count / total_count, percent with one decimal. */
  completed_percent: z.number(),
  /** canceled_count / total_count, percent with one decimal. */
  canceled_percent: z.number(),
  /** Every order of the period, cancelled included. */
  total_count: z.number().int(),
  /** 0–5 (`stationRatingScore`), null while no order has finished. */
  rating: z.number().nullable(),
});
export type StationRating = z.infer<typeof stationRatingSchema>;

export const stationRatingResponseSchema = z.object({ rating: stationRatingSchema });

/** `GET /api/station/analytics/{id}`: the charts of the dashboard. At most 366 days. */
export const stationAnalyticsSchema = z.object({
  rating: stationRatingSchema,
  /**
   * Every date of the period (zero-filled): live orders booked on it, revenue (money taken on it, by
   * payment date) and cancelled orders booked on it.
   */
  days: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
  /**
   * Per source, every source listed: live orders booked in the period and their booked value (`sum`), and
   * the revenue (money taken in the period, by payment date) of that source's orders.
   */
  sources: z.array(
    z.object({
      source: orderSourceSchema,
      orders: z.number().int(),
      sum: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  /** Orders per status, every status listed. */
  statuses: z.array(z.object({ status: orderStatusSchema, orders: z.number().int() })),
  /** Live orders by the hour they start on the station's clock, hours 0–23 all listed. */
  hours: z.array(z.object({ hour: z.number().int(), orders: z.number().int() })),
});
export type StationAnalytics = z.infer<typeof stationAnalyticsSchema>;

export const analyticsMaxDays = 366;

/** `GET /api/stations/today`: today's figures of every station the caller may see figures of (/home). */
export const stationsTodaySchema = z.object({
  stations: z.array(
    z.object({
      station_id: z.string(),
      /** Today on the station's clock. */
      date: z.string(),
      /** Live orders today. */
      orders: z.number().int(),
      /** Waiting for «Принять». */
      new_orders: z.number().int(),
      processing: z.number().int(),
      completed: z.number().int(),
      /** Money taken today (by payment date), ₽. */
      revenue: z.number().int(),
    }),
  ),
});
export type StationsToday = z.infer<typeof stationsTodaySchema>;

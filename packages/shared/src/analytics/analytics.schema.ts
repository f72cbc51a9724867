import { z } from 'zod';
import { orderSourceSchema, orderStatusSchema } from '../orders/order.schema';
import { localDate } from '../time/date-fields';
import { hhmmPattern } from '../time/time-of-day';
import { indicatorLabels, type IndicatorKey } from './analytics-messages';

export const untilFormat = 'Время должно быть в формате ЧЧ:ММ';

/**
 * Query of `GET /api/station/rating/{id}` and `GET /api/station/analytics/{id}`: both dates inclusive.
 * `until` (HH:MM on the station's clock, exclusive) cuts the last day short: the dashboard compares
 * today up to now with the same weekday last week up to the same time (DESIGN §10 «like for like»).
 */
const ratingQueryFields = {
  sdate: localDate(),
  edate: localDate(),
  until: z.string({ error: untilFormat }).regex(hhmmPattern, untilFormat).optional(),
};
const reversedRange = 'Дата окончания не может быть раньше даты начала';

export const ratingQuerySchema = z
  .object(ratingQueryFields)
  .refine((q) => q.sdate <= q.edate, { message: reversedRange, path: ['edate'] });
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

export const analyticsMaxDays = 366;

export const comparedDatesRequired = 'Укажите обе даты периода для сравнения';

/**
 * Query of `GET /api/station/analytics/{id}`: the period shown (`sdate`..`edate`, `until` cutting its last
 * day short) and, optionally, the period it is compared with (`prev_sdate`..`prev_edate`, both inclusive,
 * its last day cut at the same `until`: like for like, DESIGN §10). The dashboard sends both, so its
 * cards, trends, tooltips and charts come from one answer about one pair of periods.
 */
export const analyticsQuerySchema = z
  .object({ ...ratingQueryFields, prev_sdate: localDate().optional(), prev_edate: localDate().optional() })
  .refine((q) => q.sdate <= q.edate, { message: reversedRange, path: ['edate'] })
  .superRefine((q, ctx) => {
    if (q.prev_sdate === undefined && q.prev_edate === undefined) return;
    if (q.prev_sdate === undefined || q.prev_edate === undefined) {
      const missing = q.prev_sdate === undefined ? 'prev_sdate' : 'prev_edate';
      ctx.addIssue({ code: 'custom', message: comparedDatesRequired, path: [missing] });
    } else if (q.prev_sdate > q.prev_edate) {
      ctx.addIssue({ code: 'custom', message: reversedRange, path: ['prev_edate'] });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** A dashboard card's figure (`compareIndicators`): the period's value, the compared one, the trend. */
export const indicatorFigureSchema = z.object({
  key: z.enum(Object.keys(indicatorLabels) as [IndicatorKey, ...IndicatorKey[]]),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  trend: z.number().int().nullable(),
});

/** `GET /api/station/analytics/{id}`: the figures and charts of the dashboard. At most 366 days. */
export const stationAnalyticsSchema = z.object({
  /** The period shown (up to `until` on its last day). Every chart below sums to it. */
  rating: stationRatingSchema,
  /** The compared period (`prev_sdate`..`prev_edate`, same `until`); null when none was asked for. */
  previous: stationRatingSchema.nullable(),
  /** The dashboard's cards in display order, from `rating` and `previous` (`compareIndicators`). */
  indicators: z.array(indicatorFigureSchema),
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

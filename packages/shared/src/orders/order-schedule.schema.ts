import { z } from 'zod';
import { addDays, daysBetween } from '../analytics/periods';
import { dateMessages, localDate } from '../time/date-fields';
import { dayHours } from '../stations/worktime';
import { weekDays, type WeekDay, type WorktimeByDay } from '../stations/week';

/** The longest range one call answers: two months and a bit (a month view with its edge weeks). */
export const scheduleViewMaxDays = 62;

export const scheduleViewMessages = {
  rangeOrder: 'Дата окончания должна быть позже даты начала',
  rangeTooLong: `Не больше ${scheduleViewMaxDays} дней за один запрос`,
} as const;

/**
 * `POST /api/order/list/schedule` (S1 §7 names the call with `station_id`; its answer is ours): the station's
 * days in [date_start, date_end) on its own clock. The dates default to the seven days from today there.
 */
export const scheduleViewRequestSchema = z
  .object({
    station_id: z.string(),
    date_start: localDate().optional(),
    date_end: localDate().optional(),
  })
  .superRefine((v, ctx) => {
    // An end alone would be measured from a «today» the caller does not know.
    if (v.date_end && !v.date_start)
      ctx.addIssue({ code: 'custom', path: ['date_start'], message: dateMessages.required });
    if (!v.date_start || !v.date_end) return;
    const days = daysBetween(v.date_start, v.date_end);
    if (days <= 0)
      ctx.addIssue({ code: 'custom', path: ['date_end'], message: scheduleViewMessages.rangeOrder });
    else if (days > scheduleViewMaxDays)
      ctx.addIssue({ code: 'custom', path: ['date_end'], message: scheduleViewMessages.rangeTooLong });
  });
export type ScheduleViewRequest = z.input<typeof scheduleViewRequestSchema>;

const hhmm = z.string().meta({ examples: ['09:00'] });

/** One day: its work hours (null: a day off) and its orders by kind. */
export const scheduleViewDaySchema = z.object({
  date: z.string().meta({ format: 'date' }),
  day_of_week: z.enum(weekDays),
  is_working: z.boolean(),
  start: hhmm.nullable(),
  end: hhmm.nullable(),
  /** Live bookings (not cancelled, not a blocked slot): what the week strip counts. */
  orders: z.number().int(),
  /** Of those, still waiting for «Принять». */
  new_orders: z.number().int(),
  cancelled: z.number().int(),
  /** Blocked slots (BlockerBookingSlot). */
  blocked: z.number().int(),
});
export type ScheduleViewDay = z.infer<typeof scheduleViewDaySchema>;

export const scheduleViewResponseSchema = z.object({
  station_id: z.string(),
  time_zone: z.string(),
  date_start: z.string(),
  date_end: z.string(),
  days: z.array(scheduleViewDaySchema),
});
export type ScheduleViewResponse = z.infer<typeof scheduleViewResponseSchema>;

export type ScheduleDayCounts = Pick<ScheduleViewDay, 'orders' | 'new_orders' | 'cancelled' | 'blocked'>;

/** The weekday of a station's own date (no zone involved); weekDays starts on Monday. */
const weekDayOf = (date: string): WeekDay => weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The days of [start, end) with their hours from `worktime_by_day` and their counts (zero where absent). */
export function scheduleViewDays(
  worktime: WorktimeByDay,
  start: string,
  end: string,
  counts: ReadonlyMap<string, ScheduleDayCounts>,
): ScheduleViewDay[] {
  const days: ScheduleViewDay[] = [];
  for (let date = start; date < end; date = addDays(date, 1)) {
    const dayOfWeek = weekDayOf(date);
    const hours = dayHours(worktime, dayOfWeek);
    days.push({
      date,
      day_of_week: dayOfWeek,
      is_working: !!hours,
      start: hours?.start ?? null,
      end: hours?.end ?? null,
      ...(counts.get(date) ?? { orders: 0, new_orders: 0, cancelled: 0, blocked: 0 }),
    });
  }
  return days;
}

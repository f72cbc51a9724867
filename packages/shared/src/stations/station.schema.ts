import { z } from 'zod';
import { hhmmPattern, toMinutes } from '../time/time-of-day';
import { cancelReasons } from '../orders/order-status';
import { affectedOrdersActions, affectedOrdersMessages } from './affected-orders';
import { stationSettingsMessages } from './station-form';
import { stationMessages, weekDays, type WorktimeByDay } from './week';
import {
  PRICE_LIMIT_MAX,
  pricingLimitsErrors,
  pricingLimitsMessages,
  scheduleErrors,
} from './station-settings';

export * from './week';

export const timeOfDaySchema = z.string().regex(hhmmPattern, stationMessages.timeFormat);

/** worktime_by_day: keys start_{Day} and end_{Day}, HH:mm (S2 §3). */
export const worktimeByDaySchema = z.record(
  z.string().regex(/^(start|end)_[A-Z][a-z]+day$/),
  timeOfDaySchema,
);

export const pointSchema = z.object({
  type: z.literal('Point'),
  /** [lon, lat] */
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});

export const boxSchema = z.object({ number: z.number().int().min(1), status: z.string() });

/** The Station entity (S1 §3, S2 §3) plus an IANA time zone. */
export const stationSchema = z.object({
  id: z.string(),
  name: z.string(),
  network_id: z.string(),
  carwash_id: z.string(),
  address: z.string(),
  location: pointSchema.nullable(),
  type: z.string(),
  boxes: z.array(boxSchema),
  daysOfWork: z.array(z.enum(weekDays)),
  worktime_by_day: z.record(z.string(), z.string()),
  time_zone: z.string(),
  time_zone_int: z.number(),
  slot_duration: z.number().int(),
  days_to_alive: z.number().int(),
  enable: z.boolean(),
  enable_payment: z.boolean(),
  enable_booking: z.boolean(),
  autoaccept_payment: z.boolean(),
  autoaccept_booking: z.boolean(),
  stepCost: z.number().int(),
  limitMinCost: z.number().int(),
  limitMaxCost: z.number().int(),
  awaiting_setup: z.boolean(),
  last_used: z.string().nullable(),
  /**
   * Orders «В процессе» that started within the last day: cars in the boxes now. The station is open
   * while there are any, whatever its hours say (issue 38). Absent from older servers.
   */
  in_progress: z.number().int().optional(),
});
export type Station = z.infer<typeof stationSchema>;

/** Days with both ends set, and each start before its end. */
function checkWorktime(worktime: WorktimeByDay, ctx: z.RefinementCtx, path: string) {
  const working = weekDays.filter((d) => worktime[`start_${d}`] && worktime[`end_${d}`]);
  if (working.length === 0) {
    ctx.addIssue({ code: 'custom', message: stationMessages.scheduleRequired, path: [path] });
  }
  for (const d of working) {
    if (toMinutes(worktime[`start_${d}`]!) >= toMinutes(worktime[`end_${d}`]!)) {
      ctx.addIssue({ code: 'custom', message: stationMessages.rangeOrder, path: [path, `end_${d}`] });
    }
  }
}

/** Body of `POST /api/station/create` (S1 §7) with the add-station form rules (S2 §5). */
export const stationCreateSchema = z
  .object({
    name: z
      .string({ error: stationMessages.nameRequired })
      .trim()
      .min(1, stationMessages.nameRequired)
      .min(2, stationMessages.nameMin)
      .max(50, stationMessages.nameMax),
    boxes: z
      .number({ error: stationMessages.boxesRequired })
      .int(stationMessages.boxesRequired)
      .min(1, stationMessages.boxesMin)
      .max(100, stationMessages.boxesMax),
    address: z
      .string({ error: stationMessages.addressRequired })
      .trim()
      .min(1, stationMessages.addressRequired)
      .min(5, stationMessages.addressMin)
      .max(300),
    location: pointSchema.nullable().refine((p) => p !== null, stationMessages.pointRequired),
    worktime_by_day: worktimeByDaySchema,
    time_zone: z.string().max(64).optional(),
    network_id: z.string().optional(),
  })
  .superRefine((v, ctx) => checkWorktime(v.worktime_by_day, ctx, 'worktime_by_day'));
export type StationCreate = z.infer<typeof stationCreateSchema>;

const priceLimit = (required: string) =>
  z
    .number({ error: required })
    .int(required)
    .min(0, pricingLimitsMessages.negative)
    .max(PRICE_LIMIT_MAX, `Не больше ${PRICE_LIMIT_MAX}`);

/**
 * Body of `POST /api/station/update/{id}`: any subset of the fields the settings pages edit (S2 §3, §7),
 * each with its S2 §5 rule. A schedule is sent as `daysOfWork` with `worktime_by_day` (the editor's shape;
 * days outside `daysOfWork` are dropped, a working day without hours gets 09:00–21:00); `worktime_by_day`
 * alone is the older shape of the info form. Pricing limits sent together are checked together here; the
 * server checks a partial change against the stored values.
 */
export const stationUpdateSchema = z
  .object({
    name: z
      .string({ error: stationSettingsMessages.nameRequired })
      .trim()
      .min(1, stationSettingsMessages.nameRequired)
      .max(50, stationMessages.nameMax),
    address: z.string().trim().min(5, stationMessages.addressMin).max(300),
    location: pointSchema,
    daysOfWork: z.array(z.enum(weekDays)).max(7),
    worktime_by_day: worktimeByDaySchema,
    time_zone: z.string().max(64),
    slot_duration: z.number().int().min(5).max(240),
    boxes: z
      .number({ error: stationSettingsMessages.boxesRequired })
      .int(stationSettingsMessages.boxesRequired)
      .min(1, stationSettingsMessages.boxesMin)
      .max(20, stationSettingsMessages.boxesMax),
    limitMinCost: priceLimit(pricingLimitsMessages.minRequired),
    limitMaxCost: priceLimit(pricingLimitsMessages.maxRequired),
    stepCost: z
      .number({ error: pricingLimitsMessages.stepRequired })
      .int(pricingLimitsMessages.stepRequired)
      .min(1, pricingLimitsMessages.stepPositive)
      .max(PRICE_LIMIT_MAX),
    enable: z.boolean(),
    enable_booking: z.boolean(),
    enable_payment: z.boolean(),
    autoaccept_booking: z.boolean(),
    autoaccept_payment: z.boolean(),
    /**
     * What to do with live orders the change leaves outside the new hours or on a removed box (issue 38):
     * without it such a change is refused with 409 ORDERS_OUTSIDE_HOURS listing them.
     */
    affected_orders: z.enum(affectedOrdersActions, { error: affectedOrdersMessages.actionInvalid }),
    /** With `affected_orders: "cancel"`: the reason the orders get (default «Станция не работает»). */
    cancel_reason: z.enum(cancelReasons),
    /** With `affected_orders: "cancel"`: the owner's words, kept in each order's service note. */
    cancel_comment: z.string().trim().max(500),
  })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (v.daysOfWork) {
      if (!v.worktime_by_day) {
        ctx.addIssue({ code: 'custom', message: 'Укажите часы работы', path: ['worktime_by_day'] });
        return;
      }
      for (const [key, message] of Object.entries(scheduleErrors(v.daysOfWork, v.worktime_by_day))) {
        ctx.addIssue({
          code: 'custom',
          message,
          path: key === 'daysOfWork' ? ['daysOfWork'] : ['worktime_by_day', key],
        });
      }
    } else if (v.worktime_by_day) checkWorktime(v.worktime_by_day, ctx, 'worktime_by_day');
    if (v.limitMinCost !== undefined && v.limitMaxCost !== undefined && v.stepCost !== undefined) {
      const errors = pricingLimitsErrors({
        limitMinCost: v.limitMinCost,
        limitMaxCost: v.limitMaxCost,
        stepCost: v.stepCost,
      });
      for (const [key, message] of Object.entries(errors))
        ctx.addIssue({ code: 'custom', message, path: [key] });
    }
  });
export type StationUpdate = z.infer<typeof stationUpdateSchema>;

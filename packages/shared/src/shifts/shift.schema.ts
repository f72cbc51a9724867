import { z } from 'zod';
import { positions } from '../users/roles';
import { localDate } from '../time/date-fields';
import { shiftEndPattern, shiftMessages, shiftRangeProblem, shiftStartPattern } from './shift-rules';

const stationIdSchema = z.string().min(1).max(64);
export const shiftsParamsSchema = z.object({ stationId: stationIdSchema });

/** `GET /api/station/{stationId}/shifts?week=YYYY-MM-DD`: any date of the week; the server takes its Monday. */
export const shiftsQuerySchema = z.object({ week: localDate() });

export const shiftSchema = z.object({
  user_id: z.string(),
  date: z.string(),
  /** HH:mm, station-local. */
  from: z.string(),
  to: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.enum(positions),
});
export type ShiftStaff = z.infer<typeof shiftStaffSchema>;

export const shiftsResponseSchema = z.object({
  /** The Monday of the week shown. */
  week_start: z.string(),
  /** Its seven dates, Monday first. */
  days: z.array(z.string()),
  /** Today on the station's wall clock. */
  today: z.string(),
  time_zone: z.string(),
  /** The station's network members, in the staff list's order. */
  staff: z.array(shiftStaffSchema),
  shifts: z.array(shiftSchema),
  /** The caller may change the plan (owner, principal, role admin). */
  can_edit: z.boolean(),
});
export type ShiftsResponse = z.infer<typeof shiftsResponseSchema>;

const startTime = z.string().regex(shiftStartPattern, shiftMessages.timeFormat);
const endTime = z.string().regex(shiftEndPattern, shiftMessages.timeFormat);

/**
 * `POST /api/station/{stationId}/shifts`: sets one cell (a member's day); `from` and `to` both null clear it
 * (a day off).
 */
export const shiftSetBodySchema = z
  .object({
    user_id: z.string().min(1).max(64),
    date: localDate(),
    from: startTime.nullable(),
    to: endTime.nullable(),
  })
  .superRefine((body, ctx) => {
    if ((body.from === null) !== (body.to === null)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: shiftMessages.bothOrNone });
      return;
    }
    if (body.from === null || body.to === null) return;
    const problem = shiftRangeProblem(body.from, body.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ShiftSetBody = z.infer<typeof shiftSetBodySchema>;

export const shiftSetResponseSchema = z.object({ shift: shiftSchema.nullable() });

/**
 * `POST /api/station/{stationId}/shifts/copy-week`: last week's shifts into the week of `week`. A week that
 * already has shifts is replaced only with `overwrite: true` (409 otherwise, so the client asks first).
 */
export const shiftCopyBodySchema = z.object({
  week: localDate(),
  overwrite: z.boolean().default(false),
});
export type ShiftCopyBody = z.input<typeof shiftCopyBodySchema>;

export const shiftCopyResponseSchema = shiftsResponseSchema.extend({ copied: z.number().int() });
export type ShiftCopyResponse = z.infer<typeof shiftCopyResponseSchema>;

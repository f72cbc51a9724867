import { z } from 'zod';
import { parseSlotId } from '../orders/order-rules';
import { slotGroups, slotStatuses } from './slot-rules';

export const slotStatusSchema = z.enum(slotStatuses);

/**
 * One slot of a day (S2 §3 Slot): `id` is DDMMYY_HHmm_HHmm on the station's clock (an end of 0000 is the
 * midnight that closes the day); `dateStart`/`dateEnd` the same interval as UTC instants. Box counts say
 * why a slot has its status (DESIGN §6: Busy when every box is taken by orders, Blocked when staff blocked
 * what was free, else Free).
 */
export const slotSchema = z.object({
  id: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** HH:mm, station-local. */
  start: z.string(),
  end: z.string(),
  status: slotStatusSchema,
  free_boxes: z.number().int(),
  blocked_boxes: z.number().int(),
  busy_boxes: z.number().int(),
  /** The start is in the past: shown disabled or hidden, never toggled (S2 §4). */
  past: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotGroupsSchema = z.object(
  Object.fromEntries(slotGroups.map((g) => [g, z.array(slotSchema)])) as Record<
    (typeof slotGroups)[number],
    z.ZodArray<typeof slotSchema>
  >,
);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Некорректная дата')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Некорректная дата');

/** `GET /api/slots/{stationId}?selected_date=YYYY-MM-DD` (S2 §7). */
export const slotsQuerySchema = z.object({ selected_date: isoDate });

export const slotsResponseSchema = z.object({
  date: z.string(),
  time_zone: z.string(),
  slot_duration: z.number().int(),
  /** False on a day off: no slots, the page says so. */
  working: z.boolean(),
  slots: slotGroupsSchema,
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

const slotIdSchema = z
  .string()
  .max(32)
  .refine((v) => parseSlotId(v) !== null, 'Некорректный слот');

export const slotParamsSchema = z.object({ stationId: z.string().min(1).max(64), slotId: slotIdSchema });

/** `POST /api/slots/block/{stationId}/{slotId}` `{to_unblock}` (S2 §7): false blocks, true unblocks. */
export const slotBlockBodySchema = z.object({ to_unblock: z.boolean() });

/**
 * `POST /api/slots/block_day/{stationId}` (ours, DESIGN §10: the whole-day toggle of S2 §4 in one
 * transaction instead of one call per slot with 300 ms pauses). Only slots that can change are touched;
 * past ones never are.
 */
export const slotBlockDayBodySchema = z.object({ date: isoDate, to_unblock: z.boolean() });

export const slotBlockResponseSchema = z.object({ slot: slotSchema });
export const slotBlockDayResponseSchema = z.object({
  /** How many slots changed: «{n} слотов заблокированы/разблокированы». */
  changed: z.number().int(),
  slots: slotGroupsSchema,
});

/**
 * `PATCH /api/time-slots/{slotId}` `{status}` and `POST /api/time-slots` `{slots}` (S2 §7, «use not
 * shown»): the same toggle by target status; `station_id` names the station since a slot id does not.
 */
export const timeSlotPatchBodySchema = z.object({
  station_id: z.string().min(1).max(64),
  status: z.enum(['Free', 'Blocked']),
});
export const timeSlotPatchParamsSchema = z.object({ slotId: slotIdSchema });
export const timeSlotsBodySchema = z.object({
  station_id: z.string().min(1).max(64),
  slots: z
    .array(z.object({ id: slotIdSchema, status: z.enum(['Free', 'Blocked']) }))
    .min(1)
    .max(200),
});
export const timeSlotsResponseSchema = z.object({ changed: z.number().int(), slots: z.array(slotSchema) });

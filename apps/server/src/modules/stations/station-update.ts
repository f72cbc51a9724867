import {
  managerPositions,
  pricingLimitsErrors,
  scheduleToSave,
  settingsMessages,
  type PricingLimits,
  type Station,
  type StationUpdate,
} from '@crm/shared';
import type { Database } from '../../db/client';
import type { stations } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import { lockBox, type Tx } from '../orders/orders.repository';
import { bumpCalendarVersion } from '../events/order-event-bus';
import { affectedOrders, cancelAffected, ordersOutsideHours, type Hours } from './affected-orders';
import { loadStationForCaller, requirePosition } from './station-access';
import { isValidTimeZone } from './station-dto';
import {
  boxCountOf,
  deleteFutureBlockersAbove,
  firstBoxInUseAbove,
  hoursOf,
  lockStation,
  pricingLimitsOf,
  setBoxCount,
  stationDtoById,
  updateStationRow,
} from './stations.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

export const unknownTimeZoneMessage = 'Неизвестный часовой пояс';

const pricingKeys = ['limitMinCost', 'limitMaxCost', 'stepCost'] as const;

/**
 * A partial pricing change checked against the stored values (the schema checks only a full trio). An
 * error on a field the caller did not send is reported on the first sent field free of errors: that is
 * the field the form can show it under.
 */
function pricingErrors(input: StationUpdate, stored: PricingLimits): Record<string, string> {
  const sent: string[] = pricingKeys.filter((k) => input[k] !== undefined);
  if (sent.length === 0) return {};
  const raw: Record<string, string> = pricingLimitsErrors({
    limitMinCost: input.limitMinCost ?? stored.limitMinCost,
    limitMaxCost: input.limitMaxCost ?? stored.limitMaxCost,
    stepCost: input.stepCost ?? stored.stepCost,
  });
  const errors = Object.fromEntries(Object.entries(raw).filter(([key]) => sent.includes(key)));
  for (const [key, message] of Object.entries(raw)) {
    if (sent.includes(key)) continue;
    const free = sent.find((k) => !(k in errors));
    if (free) errors[free] = message;
  }
  return errors;
}

/**
 * Fewer boxes drop the last ones: refused while a live order still needs one of them; otherwise their
 * slot blockers that have not ended go with them, so a box added back later starts free.
 */
async function changeBoxCount(tx: Tx, stationId: string, count: number) {
  const current = await boxCountOf(tx, stationId);
  if (count < current) {
    // The bookings' and blockers' own box locks, in their ascending order: a booking that got there first
    // has committed before the check below reads the orders.
    for (let box = count + 1; box <= current; box++) await lockBox(tx, stationId, box);
    const now = new Date();
    const box = await firstBoxInUseAbove(tx, stationId, count, now);
    if (box !== null) {
      throw new AppError(409, 'BOX_IN_USE', settingsMessages.boxInUse.replace('{box}', String(box)));
    }
    await deleteFutureBlockersAbove(tx, stationId, count, now);
    // Those blockers were in the week list: its ETag must change (issue 15).
    await bumpCalendarVersion(tx, stationId);
  }
  await setBoxCount(tx, stationId, count, current);
}

const sameHours = (a: Hours, b: Hours) =>
  a.timeZone === b.timeZone && JSON.stringify(a.worktime) === JSON.stringify(b.worktime);

/**
 * Issue 38: live orders the new hours (or zone) leave out, or that sit on boxes about to go, are listed
 * in a 409 unless the request says what to do with them: `keep` leaves those outside the hours as they
 * are (an order cannot stay on a removed box), `cancel` cancels them all in this transaction. The boxes
 * the orders use are locked first, so a booking made meanwhile is either seen here or waits for the change.
 */
async function settleAffectedOrders(
  tx: Tx,
  caller: Caller,
  stationId: string,
  input: StationUpdate,
  worktime: StationUpdate['worktime_by_day'],
) {
  const before = await hoursOf(tx, stationId);
  const after: Hours = {
    worktime: worktime ?? before.worktime,
    timeZone: input.time_zone ?? before.timeZone,
  };
  const hoursChange = !sameHours(before, after);
  const current = await boxCountOf(tx, stationId);
  const fewerBoxes = input.boxes !== undefined && input.boxes < current ? input.boxes : null;
  if (!hoursChange && fewerBoxes === null) return;
  for (let box = hoursChange ? 1 : fewerBoxes! + 1; box <= current; box++) await lockBox(tx, stationId, box);
  const affected = await affectedOrders(
    tx,
    stationId,
    { before, after: hoursChange ? after : null, keepBoxes: fewerBoxes },
    new Date(),
  );
  if (affected.length === 0) return;
  if (!input.affected_orders) throw ordersOutsideHours(affected, after.timeZone);
  if (input.affected_orders === 'keep') {
    const removed = affected.filter((o) => o.reason === 'box').map((o) => o.boxNumber);
    if (removed.length > 0) {
      const box = String(Math.min(...removed));
      throw new AppError(409, 'BOX_IN_USE', settingsMessages.boxInUse.replace('{box}', box));
    }
    return;
  }
  await cancelAffected(
    tx,
    stationId,
    caller.userId,
    affected,
    input.cancel_reason ?? 'NotWorking',
    input.cancel_comment,
  );
}

/** `POST /api/station/update/{id}`: any subset of the settings pages' fields, in one transaction. */
export async function updateStation(
  db: Database,
  caller: Caller,
  stationId: string,
  input: StationUpdate,
): Promise<Station> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, managerPositions);
  if (input.time_zone !== undefined && !isValidTimeZone(input.time_zone)) {
    throw badRequest({ time_zone: unknownTimeZoneMessage });
  }
  const { location, boxes: boxCount } = input;
  // The editor's shape saves only the working days, each with hours (the schema has checked them).
  const worktime =
    input.daysOfWork && input.worktime_by_day
      ? scheduleToSave(input.daysOfWork, input.worktime_by_day)
      : input.worktime_by_day;
  const values: Partial<typeof stations.$inferInsert> = {
    name: input.name,
    address: input.address,
    worktimeByDay: worktime,
    timeZone: input.time_zone,
    slotDuration: input.slot_duration,
    enable: input.enable,
    enableBooking: input.enable_booking,
    enablePayment: input.enable_payment,
    autoacceptBooking: input.autoaccept_booking,
    autoacceptPayment: input.autoaccept_payment,
    limitMinCost: input.limitMinCost,
    limitMaxCost: input.limitMaxCost,
    stepCost: input.stepCost,
    ...(location ? { lon: location.coordinates[0], lat: location.coordinates[1] } : {}),
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await db.transaction(async (tx) => {
    await lockStation(tx, stationId);
    const errors = pricingErrors(input, await pricingLimitsOf(tx, stationId));
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    await settleAffectedOrders(tx, caller, stationId, input, worktime);
    await updateStationRow(tx, stationId, defined);
    if (boxCount !== undefined) await changeBoxCount(tx, stationId, boxCount);
  });
  return stationDtoById(db, stationId);
}

import {
  dateMessages,
  figuresPositions,
  groupSlots,
  localDateProblem,
  productYears,
  slotMessages,
  type Slot,
  type SlotsResponse,
} from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
import { badRequest, forbidden } from '../../plugins/errors';
import { isExclusionViolation } from '../orders/booking';
import { boxNumbersOf, lockBox } from '../orders/orders.repository';
import { loadStationForCaller, type StationAccess, type StationRow } from '../stations/station-access';
import { canBlock, canUnblock, loadSlotDay, SlotWriter, slotBusy } from './slot-writer';

export type Caller = Pick<Auth, 'userId' | 'role'>;

/** The days the product books (2000–2100): a fuzzed year 0 is a field message, not a database error. */
const productDays = {
  from: `${productYears.first}-01-01`,
  to: `${productYears.last}-12-31`,
  message: dateMessages.range,
};

function requireProductDate(date: string, field: string) {
  const problem = localDateProblem(date, productDays);
  if (problem) throw badRequest({ [field]: problem }, problem);
}

function slotsResponse(station: StationRow, date: string, slots: Slot[] | null): SlotsResponse {
  return {
    date,
    time_zone: station.timeZone,
    slot_duration: station.slotDuration,
    working: slots !== null,
    slots: groupSlots(slots ?? []),
  };
}

/** `GET /api/slots/{stationId}`: any member of the station may look. */
export async function readSlots(
  db: Database,
  caller: Caller,
  stationId: string,
  date: string,
): Promise<SlotsResponse> {
  const { station } = await loadStationForCaller(db, caller, stationId);
  requireProductDate(date, 'selected_date');
  const day = await loadSlotDay(db, station, await boxNumbersOf(db, station.id), date, new Date());
  return slotsResponse(station, date, day.slots);
}

/** Owners, principals, administrators and role admin toggle slots; a worker is told so in S2 §8's words. */
function requireSlotWriter(access: StationAccess) {
  if (access.isAdmin) return;
  if (!access.position || !figuresPositions.includes(access.position))
    throw forbidden(slotMessages.forbidden);
}

/**
 * Runs slot changes in one transaction holding every box lock of the station, in box order: a booking
 * takes one box lock, so the two queue instead of racing, and never deadlock. The `orders_no_overlap`
 * constraint stays the last word: a blocker it refuses rolls the whole request back as «занят заказом».
 */
async function writeSlots<T>(
  db: Database,
  caller: Caller,
  stationId: string,
  work: (writer: SlotWriter, station: StationRow) => Promise<T>,
): Promise<T> {
  const access = await loadStationForCaller(db, caller, stationId);
  requireSlotWriter(access);
  const { station } = access;
  try {
    return await db.transaction(async (tx) => {
      const locked = await boxNumbersOf(tx, station.id);
      for (const box of locked) await lockBox(tx, station.id, box);
      // Removing a box in settings takes its lock first: read again, so no blocker lands on a box just gone.
      const boxes = (await boxNumbersOf(tx, station.id)).filter((box) => locked.includes(box));
      const writer = new SlotWriter(tx, station, boxes, new Date(), caller.userId);
      const result = await work(writer, station);
      await writer.publish();
      return result;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw slotBusy();
    throw error;
  }
}

/** `POST /api/slots/block/{stationId}/{slotId}` and `PATCH /api/time-slots/{slotId}`: the slot's new state. */
export function toggleSlot(
  db: Database,
  caller: Caller,
  stationId: string,
  slotId: string,
  block: boolean,
): Promise<Slot> {
  return writeSlots(db, caller, stationId, async (writer) => {
    await writer.set(slotId, block);
    return (await writer.find(slotId)).slot;
  });
}

/**
 * `POST /api/slots/block_day/{stationId}`: every slot ahead that can change does (DESIGN §10: one call,
 * all or nothing). Busy and past slots are left alone; a day off changes nothing.
 */
export function toggleDay(
  db: Database,
  caller: Caller,
  stationId: string,
  date: string,
  block: boolean,
): Promise<{ changed: number; slots: SlotsResponse['slots'] }> {
  return writeSlots(db, caller, stationId, async (writer) => {
    requireProductDate(date, 'date');
    const before = (await writer.day(date)).slots ?? [];
    const targets = before.filter(
      (s) => !s.past && s.status !== 'Busy' && (block ? canBlock(s) : canUnblock(s)),
    );
    for (const slot of targets) await writer.set(slot.id, block);
    return { changed: writer.changed, slots: groupSlots((await writer.day(date)).slots ?? []) };
  });
}

/** `POST /api/time-slots`: the given slots to the given states, all or nothing; their new states in order. */
export function setSlots(
  db: Database,
  caller: Caller,
  stationId: string,
  changes: readonly { id: string; status: 'Free' | 'Blocked' }[],
): Promise<{ changed: number; slots: Slot[] }> {
  return writeSlots(db, caller, stationId, async (writer) => {
    for (const change of changes) await writer.set(change.id, change.status === 'Blocked');
    const slots: Slot[] = [];
    for (const change of changes) slots.push((await writer.find(change.id)).slot);
    return { changed: writer.changed, slots };
  });
}

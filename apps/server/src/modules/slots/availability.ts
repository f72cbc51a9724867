import { localInstant, workingWindow, type SlotDayInput } from '@crm/shared';
import type { Tx } from '../orders/orders.repository';
import { boxNumbersOf } from '../orders/orders.repository';
import type { StationRow } from '../stations/station-access';
import { liveOccupancy } from './slots.repository';

/**
 * «Which start times are free for a wash of `durationMinutes` on this day» (DESIGN §9: one availability
 * function). The same grid and occupancy as the slots staff see (`daySlots`: opening, stepped by the slot
 * duration, live orders and blockers per box): a start is offered when it is ahead of `now`, the wash ends
 * by closing, and some box has neither an order nor a blocker overlapping the wash. Pure.
 */
export function freeStartTimes(input: SlotDayInput & { durationMinutes: number }): Date[] {
  const window = workingWindow(input.worktime, input.date);
  if (!window || input.durationMinutes <= 0) return [];
  // The slots page's fallback step (`daySlots`) for a station without a slot duration.
  const step = input.slotDuration > 0 ? input.slotDuration : 30;
  const boxes = [...new Set(input.boxNumbers)];
  const starts: Date[] = [];
  for (let from = window.open; from + input.durationMinutes <= window.close; from += step) {
    const start = localInstant(input.timeZone, input.date, from);
    if (start.getTime() <= input.now.getTime()) continue;
    const end = new Date(start.getTime() + input.durationMinutes * 60_000);
    const freeBox = boxes.some(
      (box) => !input.occupancy.some((o) => o.box === box && o.start < end && o.end > start),
    );
    if (freeBox) starts.push(start);
  }
  return starts;
}

/** `freeStartTimes` of a station's day, read from the database (the partner API's availability). */
export async function loadFreeStartTimes(
  db: Tx,
  station: Pick<StationRow, 'id' | 'timeZone' | 'worktimeByDay' | 'slotDuration'>,
  date: string,
  durationMinutes: number,
  now: Date,
): Promise<Date[]> {
  const dayStart = localInstant(station.timeZone, date, 0);
  // A wash that starts late may run past midnight into the next day's orders.
  const dayEnd = localInstant(station.timeZone, date, 24 * 60 + durationMinutes);
  const [boxNumbers, occupancy] = await Promise.all([
    boxNumbersOf(db, station.id),
    liveOccupancy(db, station.id, dayStart, dayEnd),
  ]);
  return freeStartTimes({
    date,
    timeZone: station.timeZone,
    worktime: station.worktimeByDay,
    slotDuration: station.slotDuration,
    boxNumbers,
    occupancy,
    now,
    durationMinutes,
  });
}

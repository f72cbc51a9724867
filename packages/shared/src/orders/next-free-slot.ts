import { toMinutes } from '../time/time-of-day';
import type { DayHours } from '../stations/worktime';
import { defaultSlotDuration } from './order-rules';

/** A stretch of one station-local day in minutes since midnight: [startMin, endMin), endMin up to 1440. */
export interface MinuteRange {
  startMin: number;
  endMin: number;
}

export interface FreeSlotQuery {
  /** The day's working hours; null for a day off. */
  hours: MinuteRange | null;
  /** The station's slot length in minutes (S1 §9); slots are counted from the opening. */
  slotMinutes: number;
  /** The station's box numbers. */
  boxes: readonly number[];
  /** Time taken in each box that day (live orders and blocked slots), by box number. */
  busy: Readonly<Record<number, readonly MinuteRange[] | undefined>>;
  /** Minutes since midnight now when the day is today; null for another day (no slot is in the past). */
  now: number | null;
}

/** A day's hours as minutes; «23:59» is the end of the day (S2 §4 «Круглосуточно»). */
export function workingMinutes(hours: DayHours | null): MinuteRange | null {
  if (!hours) return null;
  const end = toMinutes(hours.end);
  return { startMin: toMinutes(hours.start), endMin: end >= 23 * 60 + 59 ? 1440 : end };
}

const overlaps = (a: MinuteRange, b: MinuteRange) => a.startMin < b.endMin && b.startMin < a.endMin;

/**
 * Where «Новая запись» starts on a day (DESIGN §10): the earliest slot of the working hours that is not
 * in the past and that at least one box has free, the whole slot inside the hours. Null when there is
 * none (a day off, a full day, a day already over, no boxes): the caller then picks a plain start, and
 * the form shows the conflict when the operator saves.
 */
export function nextFreeSlot(query: FreeSlotQuery): number | null {
  const { hours, boxes, busy, now } = query;
  if (!hours || boxes.length === 0) return null;
  const slot = query.slotMinutes > 0 ? query.slotMinutes : defaultSlotDuration;
  for (let start = hours.startMin; start + slot <= hours.endMin; start += slot) {
    if (now !== null && start < now) continue;
    const wanted = { startMin: start, endMin: start + slot };
    if (boxes.some((box) => !(busy[box] ?? []).some((taken) => overlaps(taken, wanted)))) return start;
  }
  return null;
}

// Slots are derived, never stored (DESIGN §6): the station's hours of a day cut into slot_duration steps,
// each counted over the boxes against the live orders and blockers that overlap it. The same maths gives
// the work-hours rule of own orders. Pure; no zod (the slots page loads it lazily).
import { isCalendarDate } from '../analytics/periods';
import { defaultSlotDuration, parseSlotId, slotId } from '../orders/order-rules';
import { stationClock } from '../stations/station-time';
import { weekDayNames } from '../stations/day-names';
import { endOfDayMinutes, weekDays, workingDays, type WeekDay, type WorktimeByDay } from '../stations/week';
import { dayHours } from '../stations/worktime';
import { fromMinutes, toMinutes } from '../time/time-of-day';
import { localInstant } from '../time/zoned-time';
import type { Slot, SlotsResponse } from './slot.schema';
import { slotGroupOf, slotGroups, type SlotStatus } from './slot-rules';

const dayMinutes = 24 * 60;

/** The weekday of a calendar date (the station's own date, so no zone is involved). */
export function weekDayOfDate(date: string): WeekDay {
  // getUTCDay: 0 = Sunday; weekDays starts on Monday.
  return weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Opening and closing of a date in minutes after midnight (23:59 closes at 1440); null on a day off. */
export function workingWindow(worktime: WorktimeByDay, date: string): { open: number; close: number } | null {
  const hours = dayHours(worktime, weekDayOfDate(date));
  if (!hours) return null;
  const open = toMinutes(hours.start);
  const close = endOfDayMinutes(hours.end);
  return close > open ? { open, close } : null;
}

/** A live order or blocker on a box, as instants. */
export interface SlotOccupancy {
  box: number;
  start: Date;
  end: Date;
  /** A `BlockerBookingSlot` row: staff blocked the time. */
  blocker: boolean;
}

export interface SlotDayInput {
  /** YYYY-MM-DD on the station's clock. */
  date: string;
  timeZone: string;
  worktime: WorktimeByDay;
  slotDuration: number;
  boxNumbers: readonly number[];
  /** Live (not cancelled) orders and blockers overlapping the day. */
  occupancy: readonly SlotOccupancy[];
  now: Date;
}

function slotStatus(free: number, blocked: number): SlotStatus {
  if (free > 0) return 'Free';
  return blocked > 0 ? 'Blocked' : 'Busy';
}

/**
 * The day's slots in time order, or null on a day off. They start at opening and step by the slot
 * duration; the last one is cut at closing. Per box: an order overlapping the slot makes it busy, else a
 * blocker makes it blocked, else it is free.
 */
export function daySlots(input: SlotDayInput): Slot[] | null {
  const window = workingWindow(input.worktime, input.date);
  if (!window) return null;
  const step = input.slotDuration > 0 ? input.slotDuration : defaultSlotDuration;
  const boxes = new Set(input.boxNumbers);
  const occupancy = input.occupancy.filter((o) => boxes.has(o.box));
  const slots: Slot[] = [];
  for (let from = window.open; from < window.close; from += step) {
    const to = Math.min(from + step, window.close);
    const start = localInstant(input.timeZone, input.date, from);
    const end = localInstant(input.timeZone, input.date, to);
    const overlapping = occupancy.filter((o) => o.start < end && o.end > start);
    let busy = 0;
    let blocked = 0;
    for (const box of boxes) {
      const onBox = overlapping.filter((o) => o.box === box);
      if (onBox.some((o) => !o.blocker)) busy++;
      else if (onBox.length > 0) blocked++;
    }
    const free = boxes.size - busy - blocked;
    // The id writes the closing midnight as 0000 (S2 §3); the page shows it the same way.
    const startText = fromMinutes(from);
    const endText = fromMinutes(to % dayMinutes);
    slots.push({
      id: slotId(input.date, startText, endText, step),
      dateStart: start.toISOString(),
      dateEnd: end.toISOString(),
      start: startText,
      end: endText,
      status: slotStatus(free, blocked),
      free_boxes: free,
      blocked_boxes: blocked,
      busy_boxes: busy,
      past: start.getTime() <= input.now.getTime(),
    });
  }
  return slots;
}

/** Slots by group of the day (night, morning, day, evening by their local start hour), in time order. */
export function groupSlots(slots: readonly Slot[]): SlotsResponse['slots'] {
  const groups = Object.fromEntries(slotGroups.map((g) => [g, [] as Slot[]])) as SlotsResponse['slots'];
  for (const slot of slots) groups[slotGroupOf(toMinutes(slot.start))].push(slot);
  return groups;
}

/** `GET /api/slots/{stationId}`'s answer for a day: its slots grouped, and whether the station works. */
export function deriveSlots(input: SlotDayInput): { working: boolean; slots: SlotsResponse['slots'] } {
  const slots = daySlots(input);
  return { working: slots !== null, slots: groupSlots(slots ?? []) };
}

/**
 * The interval a slot id names on the station's clock; an end not after the start (0000) is the next
 * day's time. Null for a malformed id. Exact for every slot of a grid that opens on a multiple of the slot
 * duration; an opening off that grid rounds the id's start down (S2 §3), so the server takes a slot's
 * instants from the derived day instead.
 */
export function slotInterval(id: string, timeZone: string): { start: Date; end: Date } | null {
  const parsed = parseSlotId(id);
  if (!parsed || !isCalendarDate(parsed.date)) return null;
  const from = toMinutes(parsed.start);
  let to = toMinutes(parsed.end);
  if (to <= from) to += dayMinutes;
  return {
    start: localInstant(timeZone, parsed.date, from),
    end: localInstant(timeZone, parsed.date, to),
  };
}

/** «в понедельник», «во вторник»: the day in the work-hours message. */
export const weekDayOn: Record<WeekDay, string> = {
  Monday: 'в понедельник',
  Tuesday: 'во вторник',
  Wednesday: 'в среду',
  Thursday: 'в четверг',
  Friday: 'в пятницу',
  Saturday: 'в субботу',
  Sunday: 'в воскресенье',
};

/** Ours (DESIGN §6: own orders fall inside the station's work hours). */
export const workHoursMessages = {
  outside: 'Станция работает {day} с {start} до {end}: выберите время в эти часы',
  dayOff: '{day} — выходной день станции: выберите другой день',
} as const;

/**
 * Why an own order [start, end) may not be booked at the station's hours, or null when it may. The day is
 * the start's on the station's clock. A day that closes at midnight runs on into a next day that opens at
 * midnight, so a round-the-clock station takes an order across midnight. A station with no working day at
 * all is not restricted: its calendar says «График работы не настроен» instead.
 */
export function workHoursError(
  worktime: WorktimeByDay,
  timeZone: string,
  start: Date,
  end: Date,
): string | null {
  if (workingDays(worktime).length === 0) return null;
  const { date } = stationClock(timeZone, start);
  const day = weekDayOfDate(date);
  const window = workingWindow(worktime, date);
  if (!window) return workHoursMessages.dayOff.replace('{day}', weekDayNames[day]);
  const opens = localInstant(timeZone, date, window.open);
  let closes = localInstant(timeZone, date, window.close);
  let close = window.close;
  for (let next = date, days = 0; close === dayMinutes && closes < end && days < 7; days++) {
    next = nextDate(next);
    const following = workingWindow(worktime, next);
    if (!following || following.open !== 0) break;
    closes = localInstant(timeZone, next, following.close);
    close = following.close;
  }
  if (start >= opens && end <= closes) return null;
  const hours = dayHours(worktime, day)!;
  return workHoursMessages.outside
    .replace('{day}', weekDayOn[day])
    .replace('{start}', hours.start)
    .replace('{end}', hours.end);
}

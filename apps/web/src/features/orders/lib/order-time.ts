import {
  dayHours,
  defaultSlotDuration,
  fromMinutes,
  isCalendarDate,
  nextFreeSlot,
  orderMessages,
  toMinutes,
  weekDays,
  workingMinutes,
  type Station,
} from '@crm/shared';
import { dayjs, fromWall, inStationZone, stationToday } from '../../../lib/station-time';

/** The last minute of a day: an order's end never crosses midnight. */
const dayEnd = 23 * 60 + 59;

/** Formats an instant on the station's clock; a formatting failure shows «Не указано» (S1 §2). */
export function formatInZone(iso: string | null | undefined, timeZone: string, pattern: string): string {
  return inStationZone(iso, timeZone)?.format(pattern) ?? orderMessages.notSpecified;
}

export const formatOrderDate = (iso: string | null | undefined, tz: string) =>
  formatInZone(iso, tz, 'DD.MM.YYYY');
export const formatOrderTime = (iso: string | null | undefined, tz: string) => formatInZone(iso, tz, 'HH:mm');
export const formatOrderDateTime = (iso: string | null | undefined, tz: string) =>
  formatInZone(iso, tz, 'DD.MM.YYYY HH:mm');

/** Whole minutes from one HH:mm to another (negative when the end is earlier). */
export function rangeMinutes(start: string, end: string): number {
  return toMinutes(end) - toMinutes(start);
}

/** A duration rounded up to whole slots: a 40-minute wash takes two 30-minute slots. */
export function roundUpToSlot(minutes: number, slotDuration: number): number {
  const slot = slotDuration > 0 ? slotDuration : defaultSlotDuration;
  return Math.max(slot, Math.ceil(minutes / slot) * slot);
}

/** start + minutes, kept inside the same day. */
export function addMinutes(start: string, minutes: number): string {
  return fromMinutes(Math.min(toMinutes(start) + minutes, dayEnd));
}

export interface BookingStart {
  /** YYYY-MM-DD on the station's clock. */
  date: string;
  start: string;
  end: string;
}

/**
 * Where a new order starts (S1 §9): the instant the calendar was clicked at (`?newOrder=<ISO>`), or else
 * the next slot boundary on the station's clock; it lasts one slot until a tariff says otherwise.
 */
export function defaultBookingStart(
  preset: string | null,
  timeZone: string,
  slotDuration: number,
  now: Date = new Date(),
): BookingStart {
  const slot = slotDuration > 0 ? slotDuration : defaultSlotDuration;
  const fromPreset = preset && preset !== '1' ? inStationZone(preset, timeZone) : null;
  if (fromPreset) {
    const start = fromPreset.format('HH:mm');
    return { date: fromPreset.format('YYYY-MM-DD'), start, end: addMinutes(start, slot) };
  }
  const local = inStationZone(now.toISOString(), timeZone) ?? dayjs(now);
  const minutes = local.hour() * 60 + local.minute();
  const next = (Math.floor(minutes / slot) + 1) * slot;
  // Past the last boundary of the day: the first one of tomorrow.
  const day = next >= 24 * 60 ? local.add(1, 'day') : local;
  const start = fromMinutes(next >= 24 * 60 ? 0 : next);
  return { date: day.format('YYYY-MM-DD'), start, end: addMinutes(start, slot) };
}

/** S1 §2 «Default work hours when absent are 8 to 20»: where a day off's booking starts. */
const dayOffStart = 8 * 60;

/**
 * `?newOrder=1&date=YYYY-MM-DD` (a link, or the calendar reloaded on that day): the form starts on that
 * day (DESIGN §10), at its first slot of the working hours, or 08:00 on a day off. Today, a bad date or
 * any other preset is left as it is: `1` is then the next slot boundary of today.
 */
export function presetOnDate(
  preset: string,
  date: string | null,
  station: Pick<Station, 'time_zone' | 'slot_duration' | 'worktime_by_day' | 'boxes'>,
  now: Date = new Date(),
): string {
  if (preset !== '1' || !date || !isCalendarDate(date)) return preset;
  if (date === stationToday(station.time_zone, now.getTime())) return preset;
  const weekday = weekDays[(dayjs.utc(date).day() + 6) % 7]!;
  const hours = workingMinutes(dayHours(station.worktime_by_day, weekday));
  const minutes =
    nextFreeSlot({
      hours,
      slotMinutes: station.slot_duration,
      boxes: station.boxes.map((box) => box.number),
      busy: {},
      now: null,
    }) ??
    hours?.startMin ??
    dayOffStart;
  return new Date(fromWall(date, minutes, station.time_zone)).toISOString();
}

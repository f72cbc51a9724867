import {
  dayHours,
  defaultSlotDuration,
  fromMinutes,
  isCalendarDate,
  nextFreeSlot,
  orderMessages,
  toMinutes,
  weekDayOfDate,
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

/** How far ahead a start is looked for: a week holds every weekday's hours. */
const WEEK_DAYS = 7;

/**
 * Where a new order starts (S1 §9): the instant the calendar was clicked at (`?newOrder=<ISO>`), or else
 * the next slot boundary on the station's clock inside its work hours; it lasts one slot until a tariff
 * says otherwise. Before opening that is today's opening; after closing (or on a day off) the next
 * working day's, as an own order must fall inside the hours and an evening call is for tomorrow. A
 * station with no hours on any day (or no box) keeps the plain next boundary. The rule is the shared
 * `nextFreeSlot`, the one the calendar's «Новая запись» uses, with no box taken.
 */
export function defaultBookingStart(
  preset: string | null,
  station: Pick<Station, 'time_zone' | 'slot_duration' | 'worktime_by_day' | 'boxes'>,
  now: Date = new Date(),
): BookingStart {
  const { time_zone: timeZone } = station;
  const slot = station.slot_duration > 0 ? station.slot_duration : defaultSlotDuration;
  const booking = (date: string, start: string): BookingStart => ({
    date,
    start,
    end: addMinutes(start, slot),
  });
  const fromPreset = preset && preset !== '1' ? inStationZone(preset, timeZone) : null;
  if (fromPreset) return booking(fromPreset.format('YYYY-MM-DD'), fromPreset.format('HH:mm'));
  const local = inStationZone(now.toISOString(), timeZone) ?? dayjs(now);
  const minutes = local.hour() * 60 + local.minute();
  const dayAhead = (days: number) => local.add(days, 'day').format('YYYY-MM-DD');
  for (let days = 0; days < WEEK_DAYS; days++) {
    const start = nextFreeSlot({
      hours: workingMinutes(dayHours(station.worktime_by_day, weekDayOfDate(dayAhead(days)))),
      slotMinutes: slot,
      boxes: station.boxes.map((box) => box.number),
      busy: {},
      // Today a boundary strictly after now; another day its opening.
      now: days === 0 ? minutes + 1 : null,
    });
    if (start !== null) return booking(dayAhead(days), fromMinutes(start));
  }
  const next = (Math.floor(minutes / slot) + 1) * slot;
  // Past the last boundary of the day: the first one of tomorrow.
  return next >= 24 * 60 ? booking(dayAhead(1), fromMinutes(0)) : booking(dayAhead(0), fromMinutes(next));
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
  const hours = workingMinutes(dayHours(station.worktime_by_day, weekDayOfDate(date)));
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

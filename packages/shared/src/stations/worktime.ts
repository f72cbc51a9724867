import { fromMinutes, hhmmPattern, parseTimeInput, toMinutes } from '../time/time-of-day';
import { stationMessages, weekDays, type WeekDay, type WorktimeByDay } from './week';

export interface DayHours {
  start: string;
  end: string;
}

/** A whole day (S2 §4 «Круглосуточно»): 00:00–23:59. */
export const ROUND_THE_CLOCK: DayHours = { start: '00:00', end: '23:59' };
export const DAY_OFF_LABEL = 'Выходной';
export const ROUND_THE_CLOCK_LABEL = 'Круглосуточно';

/** The hours of one day, or null for a day off (a day without both keys). */
export function dayHours(worktime: WorktimeByDay, day: WeekDay): DayHours | null {
  const start = worktime[`start_${day}`];
  const end = worktime[`end_${day}`];
  return start && end ? { start, end } : null;
}

/** '08:00–22:00', 'Круглосуточно' or 'Выходной'. */
export function formatDayHours(worktime: WorktimeByDay, day: WeekDay): string {
  const hours = dayHours(worktime, day);
  if (!hours) return DAY_OFF_LABEL;
  if (hours.start === ROUND_THE_CLOCK.start && hours.end === ROUND_THE_CLOCK.end)
    return ROUND_THE_CLOCK_LABEL;
  return `${hours.start}–${hours.end}`;
}

/**
 * A time range as the range picker keeps it (S1 §5): a start of exactly 00:00 becomes 00:01 and an end of
 * 00:00 becomes 23:59, so a range never collapses to an empty or inverted day.
 */
export function normalizeTimeRange(start: string, end: string): DayHours {
  return { start: start === '00:00' ? '00:01' : start, end: end === '00:00' ? '23:59' : end };
}

/** The default end of a range: start plus the auto-add minutes, capped at 23:59 (S1 §5). */
export function defaultRangeEnd(start: string, autoAddMinutes = 60): string {
  return fromMinutes(Math.min(toMinutes(start) + autoAddMinutes, 23 * 60 + 59));
}

/**
 * A manual entry into a time box: HH:MM or HHMM / HMM; an invalid entry reverts to the previous value
 * (S1 §5).
 */
export function acceptTimeInput(raw: string, previous: string): string {
  return parseTimeInput(raw) ?? previous;
}

/** Why a range cannot be applied, or null when it can: both ends set and start earlier than end (S2 §5). */
export function timeRangeError(
  start: string | null | undefined,
  end: string | null | undefined,
): string | null {
  if (!start || !end || !hhmmPattern.test(start) || !hhmmPattern.test(end)) return stationMessages.timeFormat;
  if (toMinutes(start) >= toMinutes(end)) return stationMessages.rangeOrder;
  return null;
}

/** Sets the same hours on every given day; other days keep theirs. */
export function applyHoursToDays(
  worktime: WorktimeByDay,
  days: readonly WeekDay[],
  hours: DayHours,
): WorktimeByDay {
  const next = { ...worktime };
  for (const day of days) {
    next[`start_${day}`] = hours.start;
    next[`end_${day}`] = hours.end;
  }
  return next;
}

/** Makes the given days days off. */
export function clearDays(worktime: WorktimeByDay, days: readonly WeekDay[]): WorktimeByDay {
  const next = { ...worktime };
  for (const day of days) {
    delete next[`start_${day}`];
    delete next[`end_${day}`];
  }
  return next;
}

/** Only the complete days, in week order: what the server gets. */
export function cleanWorktime(worktime: WorktimeByDay): WorktimeByDay {
  const next: WorktimeByDay = {};
  for (const day of weekDays) {
    const hours = dayHours(worktime, day);
    if (hours) {
      next[`start_${day}`] = hours.start;
      next[`end_${day}`] = hours.end;
    }
  }
  return next;
}

/** The same hours every day of the week. */
export function everyDay(hours: DayHours): WorktimeByDay {
  return applyHoursToDays({}, weekDays, hours);
}

export interface WeekRow {
  day: WeekDay;
  hours: DayHours | null;
  label: string;
}

/** The week in order with each day's label, for schedule lists. */
export function weekSchedule(worktime: WorktimeByDay): WeekRow[] {
  return weekDays.map((day) => ({
    day,
    hours: dayHours(worktime, day),
    label: formatDayHours(worktime, day),
  }));
}

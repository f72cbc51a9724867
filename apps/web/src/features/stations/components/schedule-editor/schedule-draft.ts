import {
  dayHours,
  scheduleSlider,
  scheduleToSave,
  sliderToTime,
  timeToSlider,
  weekDays,
  workingDays,
  type Station,
  type StationUpdate,
  type WeekDay,
  type WorktimeByDay,
} from '@crm/shared';

/**
 * What the schedule editor holds. A day off keeps the hours it had in `worktime`, so switching it back on
 * within the same edit brings them back; only `days` decides what is saved.
 */
export interface ScheduleDraft {
  days: WeekDay[];
  worktime: WorktimeByDay;
}

/** The bulk row's picked days, and which of them were working before being picked (S2 §4). */
export interface BulkPick {
  picked: WeekDay[];
  cleared: WeekDay[];
}

export type SliderRange = [number, number];

export const ROUND_THE_CLOCK_RANGE: SliderRange = [scheduleSlider.min, scheduleSlider.max];
export const DEFAULT_RANGE: SliderRange = [...scheduleSlider.defaultRange];
export const emptyPick: BulkPick = { picked: [], cleared: [] };

const inWeekOrder = (days: readonly WeekDay[]) => weekDays.filter((d) => days.includes(d));

/** The station's schedule as the server keeps it: the working days are the days with hours. */
export function draftOf(station: Pick<Station, 'worktime_by_day'>): ScheduleDraft {
  const worktime = { ...station.worktime_by_day };
  return { days: workingDays(worktime), worktime };
}

/** A day's hours as slider positions, or the default range when it has none. */
export function rangeOf(worktime: WorktimeByDay, day: WeekDay): SliderRange {
  const hours = dayHours(worktime, day);
  return hours ? [timeToSlider(hours.start), timeToSlider(hours.end)] : DEFAULT_RANGE;
}

export function isRoundTheClock([start, end]: SliderRange): boolean {
  return start === ROUND_THE_CLOCK_RANGE[0] && end === ROUND_THE_CLOCK_RANGE[1];
}

/** '10:00–19:00' for a slider range (1440 is written 23:59). */
export function rangeLabel([start, end]: SliderRange): string {
  return `${sliderToTime(start)}–${sliderToTime(end)}`;
}

export function setDayRange(draft: ScheduleDraft, day: WeekDay, [start, end]: SliderRange): ScheduleDraft {
  return {
    ...draft,
    worktime: { ...draft.worktime, [`start_${day}`]: sliderToTime(start), [`end_${day}`]: sliderToTime(end) },
  };
}

/** Switching a day on gives it the hours it had, or the default 10:00–19:00 (S2 §5 slider default). */
export function setDayWorking(draft: ScheduleDraft, day: WeekDay, working: boolean): ScheduleDraft {
  if (!working) return { ...draft, days: draft.days.filter((d) => d !== day) };
  const withHours = setDayRange(draft, day, rangeOf(draft.worktime, day));
  return { ...withHours, days: inWeekOrder([...draft.days, day]) };
}

/**
 * A press on a bulk day button. Picking a day that has hours removes them (S2 §4): it shows as a day off
 * until «Применить» gives it the new ones. Unpicking it before that gives it its hours back, so a stray
 * tap loses nothing.
 */
export function toggleBulkDay(
  draft: ScheduleDraft,
  pick: BulkPick,
  day: WeekDay,
): { draft: ScheduleDraft; pick: BulkPick } {
  if (pick.picked.includes(day)) {
    const restore = pick.cleared.includes(day);
    return {
      draft: restore ? { ...draft, days: inWeekOrder([...draft.days, day]) } : draft,
      pick: { picked: pick.picked.filter((d) => d !== day), cleared: pick.cleared.filter((d) => d !== day) },
    };
  }
  const working = draft.days.includes(day);
  return {
    draft: working ? setDayWorking(draft, day, false) : draft,
    pick: {
      picked: inWeekOrder([...pick.picked, day]),
      cleared: working ? [...pick.cleared, day] : pick.cleared,
    },
  };
}

/** «Применить»: the same hours on every picked day, each of them working. */
export function applyToPicked(draft: ScheduleDraft, pick: BulkPick, range: SliderRange): ScheduleDraft {
  let next = draft;
  for (const day of pick.picked) next = setDayRange(next, day, range);
  return { ...next, days: inWeekOrder([...draft.days, ...pick.picked]) };
}

/** The body of `POST /api/station/update/{id}` for this schedule. */
export function scheduleUpdate(draft: ScheduleDraft): StationUpdate {
  const daysOfWork = inWeekOrder(draft.days);
  return { daysOfWork, worktime_by_day: scheduleToSave(daysOfWork, draft.worktime) };
}

/** Same saved schedule: hours kept on days off do not count. */
export function sameSchedule(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(scheduleUpdate(a)) === JSON.stringify(scheduleUpdate(b));
}

/**
 * The server's 400 `fields` (`daysOfWork`, `worktime_by_day.start_Saturday`) keyed like `scheduleErrors`
 * (`daysOfWork`, `start_Saturday`); anything else about the hours goes under `worktime_by_day`.
 */
export function apiScheduleErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === 'daysOfWork') errors.daysOfWork = message;
    else if (key.startsWith('worktime_by_day.')) errors[key.slice('worktime_by_day.'.length)] = message;
    else if (key === 'worktime_by_day') errors.worktime_by_day = message;
  }
  return errors;
}

/** The message to show at a day's card. */
export function dayError(errors: Record<string, string>, day: WeekDay): string | undefined {
  return errors[`start_${day}`] ?? errors[`end_${day}`];
}

import { addDays, isCalendarDate } from '../analytics/periods';
import { toMinutes } from '../time/time-of-day';

/**
 * The staff shift plan (issue 39 §3, `/employees/schedule`; S1 §2 names the route, S2 §2 «Administrators /
 * staff» the people): one shift per member and day, from–to on the station's wall clock, within the day.
 * Owners and principals plan it (S2 §6 managers); administrators and workers read it.
 */
export const shiftMessages = {
  title: 'График смен',
  onShift: 'На смене',
  nobodyOnShift: 'Смены на этот день не назначены',
  dayOff: 'Выходной',
  timeFormat: 'Время смены — ЧЧ:ММ с шагом 15 минут',
  order: 'Начало смены должно быть раньше окончания',
  bothOrNone: 'Укажите начало и окончание смены или очистите обе',
  notMember: 'Сотрудник не состоит в сети этой станции',
  forbidden: 'График смен меняют только владелец и управляющий',
  weekTaken: 'На этой неделе уже есть смены. Заменить их сменами прошлой недели?',
  nothingToCopy: 'На прошлой неделе нет смен',
  saved: 'Смена сохранена',
  cleared: 'Смена удалена',
  saveFailed: 'Не удалось сохранить смену',
  copied: (n: number) => `Скопировано смен: ${n}`,
  copyFailed: 'Не удалось скопировать прошлую неделю',
  loadFailed: 'Не удалось загрузить график смен',
  readOnly: 'График смен меняют владелец и управляющий; вам он доступен для просмотра',
} as const;

/** A shift's start: 00:00–23:45 on a 15-minute step. */
export const shiftStartPattern = /^([01]\d|2[0-3]):(00|15|30|45)$/;
/**
 * A shift's end: the same steps, or 23:59 — the end of the day as the product's time-range picker writes it
 * (S1 §5: an end of 00:00 becomes 23:59).
 */
export const shiftEndPattern = /^(([01]\d|2[0-3]):(00|15|30|45)|23:59)$/;

/** What is wrong with a from–to pair: null when it is a shift. */
export function shiftRangeProblem(from: string, to: string): string | null {
  if (!shiftStartPattern.test(from) || !shiftEndPattern.test(to)) return shiftMessages.timeFormat;
  if (toMinutes(from) >= toMinutes(to)) return shiftMessages.order;
  return null;
}

/** The Monday of the ISO week a `YYYY-MM-DD` date falls in (weeks start on Monday in Russia). */
export function weekStartOf(date: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a date: ${date}`);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven dates of the week that starts on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export interface ShiftCell {
  user_id: string;
  date: string;
  from: string;
  to: string;
}

/**
 * «Скопировать прошлую неделю»: last week's shifts moved seven days on, for the people who are still staff.
 * Anything not from the week before `monday` is left out.
 */
export function copiedWeek<T extends ShiftCell>(
  lastWeek: readonly T[],
  monday: string,
  staff: ReadonlySet<string>,
): ShiftCell[] {
  const previous = new Set(weekDates(addDays(monday, -7)));
  return lastWeek
    .filter((s) => previous.has(s.date) && staff.has(s.user_id))
    .map((s) => ({ user_id: s.user_id, date: addDays(s.date, 7), from: s.from, to: s.to }));
}

/** «08:00–20:00». */
export const shiftLabel = (s: Pick<ShiftCell, 'from' | 'to'>) => `${s.from}–${s.to}`;

import { DAY_OFF_LABEL, dayHours, formatDayHours, toMinutes, weekDays, type WeekDay } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';
import { addDays } from '@crm/shared';
import { isDate, weekStart, weekdayIndex } from './calendar-dates';

export type CalendarView = 'day' | 'week';

/** S1 §2 «Default work hours when absent are 8 to 20». */
export const DEFAULT_HOURS = { startMin: 8 * 60, endMin: 20 * 60 } as const;

const shortNames = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export interface CalendarDay {
  date: string;
  weekday: WeekDay;
  /** «Пн»…«Вс». */
  shortName: string;
  /** Day of the month. */
  dayNumber: number;
  /** Working minutes of the day, or null for «Выходной». 23:59 counts as the end of the day. */
  hours: { startMin: number; endMin: number } | null;
  /** '08:00–22:00', 'Круглосуточно' or 'Выходной'. */
  hoursLabel: string;
  /** The same for narrow cells: '8–22', '9:30–21', '0–24' or 'Выходной'. */
  hoursShort: string;
  isToday: boolean;
}

function endMinutes(end: string): number {
  const minutes = toMinutes(end);
  return minutes >= 23 * 60 + 59 ? 1440 : minutes;
}

const shortTime = (minutes: number) =>
  minutes % 60
    ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
    : String(minutes / 60);

export function calendarDay(date: string, worktime: Record<string, string>, today: string): CalendarDay {
  const index = weekdayIndex(date);
  const weekday = weekDays[index]!;
  const hours = dayHours(worktime, weekday);
  return {
    date,
    weekday,
    shortName: shortNames[index]!,
    dayNumber: Number(date.slice(8, 10)),
    hours: hours ? { startMin: toMinutes(hours.start), endMin: endMinutes(hours.end) } : null,
    hoursLabel: hours ? formatDayHours(worktime, weekday) : DAY_OFF_LABEL,
    hoursShort: hours
      ? `${shortTime(toMinutes(hours.start))}–${shortTime(endMinutes(hours.end))}`
      : DAY_OFF_LABEL,
    isToday: date === today,
  };
}

/** The grid's days: the selected day, or Monday to Sunday of its week. */
export function visibleDates(view: CalendarView, selected: string): string[] {
  if (view === 'day') return [selected];
  const monday = weekStart(selected);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** S1 §2 week strip: seven days centred on the selected day. */
export function stripDates(selected: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(selected, i - 3));
}

/**
 * The view and the day the calendar shows for its URL (`?view=day|week&date=YYYY-MM-DD`): without them a
 * phone shows today as a day, a wider screen today's week. The page and the load started at navigation
 * (prefetch-calendar.ts) read the same answer, so the week asked early is the week drawn.
 */
export function calendarPlace(
  params: URLSearchParams,
  phone: boolean,
  today: string,
): { view: CalendarView; selected: string } {
  const viewParam = params.get('view');
  const view: CalendarView = viewParam === 'day' || viewParam === 'week' ? viewParam : phone ? 'day' : 'week';
  const dateParam = params.get('date');
  return { view, selected: isDate(dateParam) ? dateParam : today };
}

/** The dates `POST /api/order/list` gets for the visible days: start inclusive, end exclusive. */
export function loadRange(view: CalendarView, selected: string): { start: string; end: string } {
  const dates = visibleDates(view, selected);
  return { start: dates[0]!, end: addDays(dates[dates.length - 1]!, 1) };
}

export function hasSchedule(worktime: Record<string, string>): boolean {
  return weekDays.some((d) => dayHours(worktime, d));
}

/**
 * The grid's hours: from the earliest opening to the latest closing of the visible working days
 * (8–20 when none works), widened to whole hours and to any event that falls outside them, so an order
 * booked outside the hours is never hidden.
 */
export function gridRange(
  days: readonly CalendarDay[],
  events: readonly Pick<CalendarEvent, 'startMin' | 'endMin'>[],
): { startMin: number; endMin: number } {
  let start = Infinity;
  let end = -Infinity;
  for (const day of days) {
    if (!day.hours) continue;
    start = Math.min(start, day.hours.startMin);
    end = Math.max(end, day.hours.endMin);
  }
  if (start === Infinity) ({ startMin: start, endMin: end } = DEFAULT_HOURS);
  for (const event of events) {
    start = Math.min(start, event.startMin);
    end = Math.max(end, event.endMin);
  }
  const startMin = Math.max(0, Math.floor(start / 60) * 60);
  const endMin = Math.min(1440, Math.max(startMin + 60, Math.ceil(end / 60) * 60));
  return { startMin, endMin };
}

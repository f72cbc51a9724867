import { isFinalStatus, outsideWorkHours, workingDays, workingWindow, type WorktimeByDay } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';

/**
 * Whether the event lies outside its day's hours, from the wall-clock minutes the event already has (the
 * full rule with its zone sums costs ~15 times more per card). Only an order that runs past a midnight
 * closing asks the full rule, which knows whether the next day opens at midnight to carry it on.
 */
function outside(
  event: CalendarEvent,
  worktime: WorktimeByDay,
  zone: string,
  windows: Map<string, ReturnType<typeof workingWindow>>,
): boolean {
  let window = windows.get(event.date);
  if (window === undefined) {
    window = workingWindow(worktime, event.date);
    windows.set(event.date, window);
  }
  if (!window) return true;
  if (event.startMin < window.open) return true;
  const end = event.startMin + (event.endMs - event.startMs) / 60_000;
  if (end <= window.close) return false;
  return (
    window.close < 1440 || outsideWorkHours(worktime, zone, new Date(event.startMs), new Date(event.endMs))
  );
}

/**
 * Marks live orders that lie outside the station's hours (issue 38: kept at a schedule change) with
 * `outsideHours`; blocked slots and finished or cancelled orders never are, nor anything at a station with
 * no working day. The same list comes back when none is outside.
 */
export function markOutsideHours(
  events: readonly CalendarEvent[],
  worktime: WorktimeByDay,
  zone: string,
): CalendarEvent[] {
  if (workingDays(worktime).length === 0) return events as CalendarEvent[];
  let marked: CalendarEvent[] | null = null;
  // A week has seven days and hundreds of orders: each day's hours are worked out once.
  const windows = new Map<string, ReturnType<typeof workingWindow>>();
  events.forEach((event, i) => {
    if (event.type === 'BlockerBookingSlot' || isFinalStatus(event.status)) return;
    if (!outside(event, worktime, zone, windows)) return;
    marked ??= [...events];
    marked[i] = { ...event, outsideHours: true };
  });
  return marked ?? (events as CalendarEvent[]);
}

import { addDays, isFinalStatus, workingDays, workingWindow, type WorktimeByDay } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';

/**
 * Whether the event lies outside its day's hours, from the wall-clock minutes the event already has (the
 * full rule with its zone sums costs ~15 times more per card, and its zone code is 0.3 KB more on the
 * calendar's first load). An order that runs past a midnight closing stays inside when the next day opens
 * at midnight and carries it on, as the server's rule has it (stations' zones here keep no summer time).
 */
function outside(
  event: CalendarEvent,
  worktime: WorktimeByDay,
  windows: Map<string, ReturnType<typeof workingWindow>>,
): boolean {
  const windowOf = (date: string) => {
    let window = windows.get(date);
    if (window === undefined) {
      window = workingWindow(worktime, date);
      windows.set(date, window);
    }
    return window;
  };
  const window = windowOf(event.date);
  if (!window) return true;
  if (event.startMin < window.open) return true;
  const end = event.startMin + (event.endMs - event.startMs) / 60_000;
  // Past a midnight closing, each next day that opens at midnight carries the order on (at most a week).
  let date = event.date;
  let close = window.close;
  for (let days = 0; close % 1440 === 0 && end > close && days < 7; days++) {
    date = addDays(date, 1);
    const following = windowOf(date);
    if (!following || following.open !== 0) break;
    close += following.close;
  }
  return end > close;
}

/**
 * Marks live orders that lie outside the station's hours (issue 38: kept at a schedule change) with
 * `outsideHours`; blocked slots and finished or cancelled orders never are, nor anything at a station with
 * no working day. The same list comes back when none is outside.
 */
export function markOutsideHours(events: readonly CalendarEvent[], worktime: WorktimeByDay): CalendarEvent[] {
  if (workingDays(worktime).length === 0) return events as CalendarEvent[];
  let marked: CalendarEvent[] | null = null;
  // A week has seven days and hundreds of orders: each day's hours are worked out once.
  const windows = new Map<string, ReturnType<typeof workingWindow>>();
  events.forEach((event, i) => {
    if (event.type === 'BlockerBookingSlot' || isFinalStatus(event.status)) return;
    if (!outside(event, worktime, windows)) return;
    marked ??= [...events];
    marked[i] = { ...event, outsideHours: true };
  });
  return marked ?? (events as CalendarEvent[]);
}

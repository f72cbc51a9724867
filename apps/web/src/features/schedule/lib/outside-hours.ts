import { isFinalStatus, outsideWorkHours, type WorktimeByDay } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';

/**
 * Marks live orders that lie outside the station's hours (issue 38: kept at a schedule change) with
 * `outsideHours`; blocked slots and finished or cancelled orders never are. The same events come back
 * when none is outside, so a station that keeps its hours pays one check per order and no copies.
 */
export function markOutsideHours(
  events: readonly CalendarEvent[],
  worktime: WorktimeByDay,
  zone: string,
): CalendarEvent[] {
  let marked: CalendarEvent[] | null = null;
  events.forEach((event, i) => {
    if (event.type === 'BlockerBookingSlot' || isFinalStatus(event.status)) return;
    if (!outsideWorkHours(worktime, zone, new Date(event.startMs), new Date(event.endMs))) return;
    marked ??= [...events];
    marked[i] = { ...event, outsideHours: true };
  });
  return marked ?? (events as CalendarEvent[]);
}

import { layoutOverlaps } from '@crm/shared';
import { eventHeight, type CalendarEvent } from './calendar-events';

/** S1 §2: 80 px per hour. */
export const HOUR_PX = 80;

export interface PlacedEvent {
  event: CalendarEvent;
  top: number;
  height: number;
  column: number;
  columns: number;
  span: number;
  /** Every event of its overlap group, itself included, in time order (one element: no overlap). */
  group: CalendarEvent[];
  /**
   * Week view: this block stands for its whole crowded group (more side-by-side columns than a day column
   * can show readably), drawn full width as one line per order; a click lists them.
   */
  crowd?: boolean;
}

/**
 * One day's events on the grid: pixel boxes with the minimum heights, then columns for what overlaps on
 * screen (a 5-minute order drawn 28 px tall overlaps what follows it within those pixels).
 */
export function placeDay(
  events: readonly CalendarEvent[],
  range: { startMin: number; endMin: number },
  hourPx: number = HOUR_PX,
): PlacedEvent[] {
  const gridHeight = ((range.endMin - range.startMin) / 60) * hourPx;
  const boxes = events.map((event) => {
    const top = ((event.startMin - range.startMin) / 60) * hourPx;
    const height = eventHeight(event.endMin - event.startMin, hourPx);
    // A minimum-height event at the very end of the grid is lifted to stay inside it.
    const clampedTop = Math.max(0, Math.min(top, gridHeight - height));
    return { start: clampedTop, end: clampedTop + height };
  });
  const slots = layoutOverlaps(boxes);
  const groups = new Map<number, CalendarEvent[]>();
  slots.forEach((slot, i) => {
    const members = groups.get(slot.group);
    if (members) members.push(events[i]!);
    else groups.set(slot.group, [events[i]!]);
  });
  return events.map((event, i) => {
    const slot = slots[i]!;
    return {
      event,
      top: boxes[i]!.start,
      height: boxes[i]!.end - boxes[i]!.start,
      column: slot.column,
      columns: slot.columns,
      span: slot.span,
      group: groups.get(slot.group)!,
    };
  });
}

/** Events bucketed by station-local date, only for the given dates, each day placed. */
export function placeDays(
  events: readonly CalendarEvent[],
  dates: readonly string[],
  range: { startMin: number; endMin: number },
  hourPx: number = HOUR_PX,
): Map<string, PlacedEvent[]> {
  const byDate = new Map<string, CalendarEvent[]>(dates.map((d) => [d, []]));
  for (const event of events) byDate.get(event.date)?.push(event);
  const placed = new Map<string, PlacedEvent[]>();
  for (const [date, dayEvents] of byDate) placed.set(date, placeDay(dayEvents, range, hourPx));
  return placed;
}

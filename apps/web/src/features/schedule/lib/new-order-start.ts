import { isFinalStatus, nextFreeSlot, type MinuteRange, type Station } from '@crm/shared';
import { fromWall, toWall } from '../../../lib/station-time';
import { DEFAULT_HOURS, type CalendarDay, type CalendarView } from './calendar-days';
import type { CalendarEvent } from './calendar-events';

interface NewOrderStartInput {
  view: CalendarView;
  /** The day being looked at (the selected date of the URL). */
  day: CalendarDay;
  /** Every event loaded for the visible days, whatever the filters show. */
  events: readonly CalendarEvent[];
  station: Pick<Station, 'time_zone' | 'slot_duration' | 'boxes'>;
  nowMs: number;
}

/** Time each box has taken that day: live orders and blocked slots; finished and cancelled ones leave it free. */
function busyByBox(date: string, events: readonly CalendarEvent[]): Record<number, MinuteRange[]> {
  const busy: Record<number, MinuteRange[]> = {};
  for (const event of events) {
    if (event.date !== date || isFinalStatus(event.status)) continue;
    for (const box of event.boxes)
      (busy[box] ??= []).push({ startMin: event.startMin, endMin: event.endMin });
  }
  return busy;
}

/**
 * `?newOrder=` for the toolbar's «Новая запись» (DESIGN §10): the day being looked at — in day view its
 * next slot with a free box, in week view its first slot (not in the past, for today). Today with nothing
 * left answers `1`, the form's own start (the next boundary inside the hours: after closing, the next
 * working day's opening); another day with nothing free starts at its opening (08:00 on a day off), and
 * the form's own check shows any conflict on save.
 */
export function newOrderStart({ view, day, events, station, nowMs }: NewOrderStartInput): string {
  const zone = station.time_zone;
  const wall = toWall(nowMs, zone);
  const isToday = day.date === wall.date;
  const minutes = nextFreeSlot({
    hours: day.hours,
    slotMinutes: station.slot_duration,
    boxes: station.boxes.map((box) => box.number),
    busy: view === 'day' ? busyByBox(day.date, events) : {},
    // A part-minute counts as the next one: a slot never starts in the past.
    now: isToday ? wall.minutes + (nowMs % 60_000 > 0 ? 1 : 0) : null,
  });
  if (minutes === null && isToday) return '1';
  const start = minutes ?? day.hours?.startMin ?? DEFAULT_HOURS.startMin;
  return new Date(fromWall(day.date, start, zone)).toISOString();
}

import { isFinalStatus, isOwnSource } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';
import { placeDay, placeDays, HOUR_PX, type PlacedEvent } from './place-events';

/** One box's column in the day view. */
export interface Lane {
  box: number;
  placed: PlacedEvent[];
}

export interface DayLanes {
  lanes: Lane[];
  /** Cancelled orders take no lane (DESIGN §10): the strip above the lanes lists them. */
  cancelled: CalendarEvent[];
}

/**
 * The day view (DESIGN §10): one lane per box of the station, in box order. An order sits in its box's
 * lane; a merged blocked slot is drawn in each box it covers. Overlap columns inside a lane appear only
 * for data anomalies (two live orders on one box at once). An order on a box the station no longer has
 * gets its own lane, so nothing booked is ever hidden.
 */
export function placeLanes(
  events: readonly CalendarEvent[],
  boxes: readonly number[],
  range: { startMin: number; endMin: number },
  hourPx: number = HOUR_PX,
): DayLanes {
  const byBox = new Map<number, CalendarEvent[]>(boxes.map((b) => [b, []]));
  const cancelled: CalendarEvent[] = [];
  for (const event of events) {
    if (event.isCancelled) {
      cancelled.push(event);
      continue;
    }
    for (const box of event.boxes) {
      const laneEvent = event.boxes.length > 1 ? { ...event, boxes: [box] } : event;
      const list = byBox.get(box);
      if (list) list.push(laneEvent);
      else byBox.set(box, [laneEvent]);
    }
  }
  const lanes = [...byBox.entries()]
    .sort(([a], [b]) => a - b)
    .map(([box, list]) => ({ box, placed: placeDay(list, range, hourPx) }));
  return { lanes, cancelled };
}

/** Whether staff who may manage orders may drag this one: own, not a blocker, not completed or cancelled. */
export function isMovable(event: CalendarEvent): boolean {
  return event.type !== 'BlockerBookingSlot' && isOwnSource(event.source) && !isFinalStatus(event.status);
}

/**
 * Week view load (DESIGN §10): for each whole hour of the range, how many boxes have a live order or a
 * blocked slot at some point in that hour.
 */
export function hourLoad(
  events: readonly CalendarEvent[],
  range: { startMin: number; endMin: number },
): number[] {
  const hours = Math.max(0, Math.round((range.endMin - range.startMin) / 60));
  const busy = Array.from({ length: hours }, () => new Set<number>());
  for (const event of events) {
    if (event.isCancelled) continue;
    const first = Math.max(0, Math.floor((event.startMin - range.startMin) / 60));
    // A zero-length order still marks the hour it starts in.
    const last = Math.min(
      hours - 1,
      Math.ceil((Math.max(event.endMin, event.startMin + 1) - range.startMin) / 60) - 1,
    );
    for (let h = first; h <= last; h++) for (const box of event.boxes) busy[h]!.add(box);
  }
  return busy.map((set) => set.size);
}

export interface CalendarLayout {
  /** Week view: each day's live events placed (cancelled ones take no place, DESIGN §10). */
  placed: Map<string, PlacedEvent[]>;
  /** Day view: the box lanes of the selected day. */
  lanes?: DayLanes;
  /** Week view: busy boxes per hour and day, counted over every loaded order, filtered or not. */
  load?: { byDate: Map<string, number[]>; boxes: number };
}

/** What the grid draws for the view: lanes for the day, columns and load for the week. */
export function layoutCalendar(
  view: 'day' | 'week',
  shown: readonly CalendarEvent[],
  all: readonly CalendarEvent[],
  dates: readonly string[],
  range: { startMin: number; endMin: number },
  boxes: readonly number[],
): CalendarLayout {
  if (view === 'day') {
    const date = dates[0];
    return {
      placed: new Map(),
      lanes: placeLanes(
        shown.filter((e) => e.date === date),
        boxes,
        range,
      ),
    };
  }
  const placed = placeDays(
    shown.filter((e) => !e.isCancelled),
    dates,
    range,
  );
  for (const [date, list] of placed) placed.set(date, mergeCrowds(list));
  const byDate = new Map<string, number[]>(
    dates.map((d) => [
      d,
      hourLoad(
        all.filter((e) => e.date === d),
        range,
      ),
    ]),
  );
  return { placed, load: { byDate, boxes: boxes.length } };
}

/** A week column fits two cars side by side; three or more are cut to «Toy…» (DESIGN §10). */
const MAX_WEEK_COLUMNS = 2;
/** One crowd block covers orders starting within three hours: a taller block would hide when each is. */
const MAX_CROWD_MINUTES = 180;

/**
 * Week view: each overlap group drawn in more than two columns becomes full-width blocks listing its
 * orders («09:30 Tank 500»), so the cars are read, not guessed; a click opens «Пересекающиеся записи» as
 * before. A long chain (a busy day is often one overlap group) is cut into blocks of orders starting
 * within three hours, each ending where the next begins.
 */
export function mergeCrowds(placed: readonly PlacedEvent[]): PlacedEvent[] {
  const out: PlacedEvent[] = [];
  const done = new Set<CalendarEvent[]>();
  for (const p of placed) {
    const group = p.group;
    if (p.columns <= MAX_WEEK_COLUMNS || group.length < 2) {
      out.push(p);
      continue;
    }
    if (done.has(group)) continue;
    done.add(group);
    out.push(...crowdBlocks(placed.filter((q) => q.group === group)));
  }
  return out;
}

function crowdBlocks(members: readonly PlacedEvent[]): PlacedEvent[] {
  const sorted = [...members].sort((a, b) => a.event.startMin - b.event.startMin || a.top - b.top);
  const windows: PlacedEvent[][] = [];
  for (const m of sorted) {
    const current = windows.at(-1);
    if (current && m.event.startMin < current[0]!.event.startMin + MAX_CROWD_MINUTES) current.push(m);
    else windows.push([m]);
  }
  return windows.map((window, i) => {
    const top = Math.min(...window.map((q) => q.top));
    const bottom = Math.max(...window.map((q) => q.top + q.height));
    const next = windows[i + 1];
    const end = next ? Math.min(bottom, ...next.map((q) => q.top)) : bottom;
    const group = window.map((q) => q.event);
    return {
      event: group[0]!,
      top,
      height: end - top,
      column: 0,
      columns: 1,
      span: 1,
      group,
      crowd: group.length > 1 || undefined,
    };
  });
}

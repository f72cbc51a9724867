import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { fromMinutes, orderMessages } from '@crm/shared';
import type { CalendarDay } from '../lib/calendar-days';
import type { CalendarEvent } from '../lib/calendar-events';
import type { PlacedEvent } from '../lib/place-events';
import { HOUR_PX } from '../lib/place-events';
import { isMovable, type DayLanes } from '../lib/lanes';
import { conflictWith, useDragMove, type MoveTarget } from '../lib/use-drag-move';
import { toWall } from '../../../lib/station-time';
import { useSwipe } from '../lib/use-swipe';
import { CancelledStrip } from './cancelled-strip';
import { EventCard, type NudgeKey } from './event-card';
import { HourLoad } from './hour-load';
import './time-grid.css';

interface Range {
  startMin: number;
  endMin: number;
}

interface TimeGridProps {
  days: CalendarDay[];
  compact: boolean;
  /** Week view: each day's events. */
  placed: Map<string, PlacedEvent[]>;
  /** Day view (DESIGN §10): one lane per box, and the cancelled orders that take none. */
  lanes?: DayLanes;
  /** A phone's lanes: narrow, so a card's car may wrap onto two lines (event-card.tsx). */
  narrow?: boolean;
  /** Week view: per day, how many boxes are busy in each hour of the range; with the station's box count. */
  load?: { byDate: Map<string, number[]>; boxes: number };
  /** Every order of the visible days, filtered out or not: what a dragged card may collide with. */
  occupied?: readonly CalendarEvent[];
  range: Range;
  zone: string;
  /** Slot length: an empty-time click is rounded down to it, a drag snaps to it. */
  slotMinutes: number;
  canCreate: boolean;
  loading: boolean;
  /** Changes when a new orders list is shown: the grid marks «calendar-rendered» once it has committed. */
  dataStamp: number;
  onOpenEvent(placed: PlacedEvent): void;
  /** An empty cell: the day, the slot and, in the day view, the lane's box. */
  onCreateAt(date: string, minutes: number, box?: number): void;
  /** Drag, resize or Alt+arrows on an own order; absent for those who may not move orders. */
  onMove?(event: CalendarEvent, target: MoveTarget): void;
  onPickDay?(date: string): void;
  onSwipe?(step: 1 | -1): void;
  /** Above the columns, inside the scroll area (the no-working-days note). */
  banner?: ReactNode;
}

/** A column of the grid: a day (week view) or a box's lane on the one day (day view). */
interface Column {
  key: string;
  day: CalendarDay;
  box?: number;
  placed: PlacedEvent[];
  load?: number[];
}

/**
 * The time grid (S1 §2): 80 px per hour over the working hours; one column per visible day in the week,
 * one lane per box in the day view (DESIGN §10), where own orders can be dragged, resized and moved with
 * Alt+arrows.
 */
export function TimeGrid(props: TimeGridProps) {
  const { days, range, zone, dataStamp, compact, lanes, slotMinutes } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = ((range.endMin - range.startMin) / 60) * HOUR_PX;
  const hours = Array.from(
    { length: (range.endMin - range.startMin) / 60 },
    (_, i) => range.startMin + i * 60,
  );
  const viewKey = `${days[0]?.date}|${days.length}|${range.startMin}`;
  const day = days[0];

  const columns: Column[] = useMemo(() => {
    if (lanes && day) {
      return lanes.lanes.map((lane) => ({ key: `box-${lane.box}`, day, box: lane.box, placed: lane.placed }));
    }
    return days.map((d) => ({
      key: d.date,
      day: d,
      placed: props.placed.get(d.date) ?? EMPTY,
      load: props.load?.byDate.get(d.date),
    }));
  }, [lanes, day, days, props.placed, props.load]);

  const movable = !!props.onMove && !!lanes && props.canCreate;
  const byId = useMemo(() => {
    const map = new Map<string, CalendarEvent>();
    for (const c of columns) for (const p of c.placed) map.set(p.event.id, p.event);
    return map;
  }, [columns]);
  const bounds = day?.hours ?? range;
  const drag = useDragMove({
    bodyRef,
    date: day?.date ?? '',
    slotMinutes,
    bounds,
    find: (id) => byId.get(id),
    conflictAt: (event, target) => conflictWith(props.occupied ?? [...byId.values()], event, target),
    onMove: (event, target) => props.onMove?.(event, target),
  });
  const swipe = useSwipe((step) => {
    if (!drag.justDropped()) props.onSwipe?.(step);
  });

  // Alt+arrows: one slot earlier or later, one box left or right. Focus follows the card to its new lane
  // (and back, if the server refuses), for a few seconds after the key.
  const focusAfterMove = useRef<{ id: string; until: number } | null>(null);
  const boxes = lanes?.lanes.map((l) => l.box) ?? [];
  const nudgeNow = (event: CalendarEvent, key: NudgeKey) => {
    const box = event.boxes[0]!;
    const duration = event.endMin - event.startMin;
    const target: MoveTarget = { date: day!.date, startMin: event.startMin, endMin: event.endMin, box };
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      const step = key === 'ArrowUp' ? -slotMinutes : slotMinutes;
      const lo = Math.min(bounds.startMin, event.startMin);
      const hi = Math.max(bounds.endMin, event.endMin);
      target.startMin = Math.max(lo, Math.min(hi - duration, event.startMin + step));
      target.endMin = target.startMin + duration;
    } else {
      const next = boxes[boxes.indexOf(box) + (key === 'ArrowLeft' ? -1 : 1)];
      if (next === undefined) return;
      target.box = next;
    }
    if (target.startMin === event.startMin && target.box === box) return;
    focusAfterMove.current = { id: event.id, until: Date.now() + 3000 };
    props.onMove?.(event, target);
  };
  const nudgeRef = useRef(nudgeNow);
  nudgeRef.current = nudgeNow;
  // Stable, so the memoised lanes do not re-render on every render of the grid.
  const nudge = useCallback((event: CalendarEvent, key: NudgeKey) => nudgeRef.current(event, key), []);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    if (Date.now() > pending.until) {
      focusAfterMove.current = null;
      return;
    }
    const card = bodyRef.current?.querySelector<HTMLElement>(`[data-event-id="${CSS.escape(pending.id)}"]`);
    if (card && document.activeElement !== card) card.focus();
  }, [columns]);

  // S1 §2: scroll to now after 200 ms (or to the first order when today is not shown) — unless the person
  // got there first: a grid already scrolled, pressed or wheeled is where they want it, and moving it under
  // their finger would put a tap or a drag on another time (seen on a slow phone, and in the e2e tests).
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  useEffect(() => {
    const el = scrollRef.current;
    // A scroll before the timer (the person's, or the browser restoring one) counts as touched. Listened
    // to, not read as scrollTop here: a read now would lay out the page just committed in the same task
    // (≈ 35 ms on a mid phone), before it has even painted.
    let touched = false;
    const touch = () => {
      touched = true;
    };
    const interactions = ['pointerdown', 'wheel', 'touchstart', 'keydown', 'scroll'] as const;
    interactions.forEach((type) => el?.addEventListener(type, touch, { passive: true }));
    // The grid says when this has been decided, so scripted hands (the e2e tests) aim after it, not during.
    delete el?.dataset.scrollSettled;
    const settle = () => {
      if (el) el.dataset.scrollSettled = 'true';
    };
    const timer = window.setTimeout(() => {
      if (!el || touched) return settle();
      const now = toWall(Date.now(), zone);
      const today = days.some((d) => d.date === now.date);
      let target: number | null = null;
      if (today && now.minutes >= range.startMin && now.minutes <= range.endMin) {
        target = ((now.minutes - range.startMin) / 60) * HOUR_PX - el.clientHeight / 3;
      } else {
        const tops = columnsRef.current.flatMap((c) => c.placed.map((p) => p.top));
        if (tops.length) target = Math.min(...tops) - 24;
      }
      el.scrollTo({ top: Math.max(0, target ?? 0) });
      settle();
    }, 200);
    return () => {
      window.clearTimeout(timer);
      interactions.forEach((type) => el?.removeEventListener(type, touch));
    };
    // Only when the visible days or hours change, not on every refresh of the orders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, zone]);

  // bench:web: the grid with the orders that just arrived is on screen.
  useEffect(() => {
    if (dataStamp) performance.mark('calendar-rendered');
  }, [dataStamp]);

  const laneView = !!lanes;
  return (
    <div
      className={`tg${compact ? ' tg--compact' : ''}${laneView ? ' tg--lanes' : ''}`}
      style={{ ['--hour' as string]: `${HOUR_PX}px`, ['--cols' as string]: columns.length }}
    >
      {lanes && lanes.cancelled.length > 0 && (
        <CancelledStrip events={lanes.cancelled} onOpen={(id) => props.onOpenEvent(stripPlaced(lanes, id))} />
      )}
      <div ref={scrollRef} className="tg__scroll" {...swipe}>
        {laneView ? (
          <div className="tg__head">
            <div className="tg__corner" />
            {columns.map((c) => (
              <div key={c.key} className="tg__lane-head">
                Бокс {c.box}
              </div>
            ))}
          </div>
        ) : (
          days.length > 1 && (
            <div className="tg__head">
              <div className="tg__corner" />
              {days.map((d) => (
                <DayHeader key={d.date} day={d} onPick={props.onPickDay} />
              ))}
            </div>
          )
        )}
        {props.banner}
        <div
          ref={bodyRef}
          className="tg__body"
          style={{ height }}
          onPointerDown={movable ? drag.onPointerDown : undefined}
          onClickCapture={movable ? drag.onClickCapture : undefined}
        >
          <div className="tg__axis" aria-hidden="true">
            {hours.map((m) => (
              <span key={m} className="tg__hour" style={{ top: ((m - range.startMin) / 60) * HOUR_PX }}>
                {fromMinutes(m)}
              </span>
            ))}
          </div>
          {columns.map((c) => (
            <DayColumn
              key={c.key}
              day={c.day}
              box={c.box}
              placed={c.placed}
              load={c.load}
              boxCount={props.load?.boxes ?? 0}
              range={range}
              zone={zone}
              compact={compact}
              narrow={!!props.narrow && laneView}
              slotMinutes={slotMinutes}
              canCreate={props.canCreate}
              movable={movable}
              onOpenEvent={props.onOpenEvent}
              onCreateAt={props.onCreateAt}
              onNudge={movable ? nudge : undefined}
            />
          ))}
          {props.loading && (
            <div className="tg__loading" role="status">
              <span className="tg__spinner" aria-hidden="true" />
              {orderMessages.loading}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

const EMPTY: PlacedEvent[] = [];

/** A cancelled order from the strip, shaped as the grid's click hands it to the page. */
function stripPlaced(lanes: DayLanes, id: string): PlacedEvent {
  const event = lanes.cancelled.find((e) => e.id === id)!;
  return { event, top: 0, height: 0, column: 0, columns: 1, span: 1, group: [event] };
}

function DayHeader({ day, onPick }: { day: CalendarDay; onPick?: (date: string) => void }) {
  return (
    <button
      type="button"
      className={`tg__day${day.isToday ? ' is-today' : ''}${day.hours ? '' : ' is-off'}`}
      onClick={() => onPick?.(day.date)}
      // The visible text is the name (WCAG 2.5.3 «label in name»); the action is the description.
      title="Открыть день"
    >
      <span className="tg__day-name">
        {day.shortName} <strong>{day.dayNumber}</strong>
      </span>
      <span className="tg__day-hours">
        <span className="cal-long">{day.hoursLabel}</span>
        <span className="cal-short">{day.hoursShort}</span>
      </span>
    </button>
  );
}

interface DayColumnProps {
  day: CalendarDay;
  /** The lane's box (day view). */
  box?: number;
  placed: PlacedEvent[];
  load?: number[];
  boxCount: number;
  range: Range;
  zone: string;
  compact: boolean;
  narrow: boolean;
  slotMinutes: number;
  canCreate: boolean;
  movable: boolean;
  onOpenEvent(placed: PlacedEvent): void;
  onCreateAt(date: string, minutes: number, box?: number): void;
  onNudge?(event: CalendarEvent, key: NudgeKey): void;
}

const DayColumn = memo(function DayColumn(props: DayColumnProps) {
  const { day, box, placed, range, slotMinutes, canCreate, compact } = props;
  const ghostRef = useRef<HTMLDivElement>(null);
  const toPx = (minutes: number) => ((minutes - range.startMin) / 60) * HOUR_PX;
  const slotPx = (slotMinutes / 60) * HOUR_PX;

  /** The slot under the pointer, if a new order may start there. */
  const slotAt = (e: MouseEvent<HTMLDivElement>): number | null => {
    if (!canCreate || !day.hours) return null;
    if ((e.target as HTMLElement).closest('.ev, .tg__load')) return null;
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    const minutes = range.startMin + (y / HOUR_PX) * 60;
    const slot = Math.floor(minutes / slotMinutes) * slotMinutes;
    if (slot < day.hours.startMin || slot >= day.hours.endMin) return null;
    return slot;
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const slot = slotAt(e);
    if (slot !== null) props.onCreateAt(day.date, slot, box);
  };
  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    const ghost = ghostRef.current;
    if (!ghost) return;
    const slot = e.buttons ? null : slotAt(e);
    if (slot === null) {
      ghost.style.display = 'none';
      return;
    }
    ghost.style.display = 'flex';
    ghost.style.top = `${toPx(slot)}px`;
    ghost.style.height = `${slotPx}px`;
    ghost.textContent = `+ ${fromMinutes(slot)}`;
  };
  const onLeave = () => {
    if (ghostRef.current) ghostRef.current.style.display = 'none';
  };

  const hours = day.hours;
  return (
    <div
      className={`tg__col${day.isToday ? ' is-today' : ''}${canCreate && hours ? ' is-creatable' : ''}`}
      data-date={day.date}
      data-box={box}
      aria-label={box !== undefined ? `Бокс ${box}` : undefined}
      role={box !== undefined ? 'group' : undefined}
      onClick={onClick}
      onMouseMove={onMove}
      onMouseLeave={onLeave}
    >
      {hours ? (
        <>
          {hours.startMin > range.startMin && (
            <div className="tg__off" style={{ top: 0, height: toPx(hours.startMin) }} />
          )}
          {hours.endMin < range.endMin && (
            <div className="tg__off" style={{ top: toPx(hours.endMin), bottom: 0 }} />
          )}
        </>
      ) : (
        <div className="tg__off tg__off--day" style={{ top: 0, bottom: 0 }}>
          <span>{day.hoursLabel}</span>
        </div>
      )}
      {props.load && props.boxCount > 0 && (
        <HourLoad load={props.load} boxes={props.boxCount} startMin={range.startMin} />
      )}
      <div ref={ghostRef} className="tg__ghost" aria-hidden="true" />
      {placed.map((p) => (
        <EventCard
          key={p.event.id}
          placed={p}
          compact={compact}
          narrow={props.narrow}
          movable={props.movable && isMovable(p.event)}
          onOpen={props.onOpenEvent}
          onNudge={props.onNudge}
        />
      ))}
      {day.isToday && <NowLine zone={props.zone} date={day.date} range={range} />}
    </div>
  );
});

/** S1 §2: the current-time line on today, refreshed every 60 s. */
function NowLine({ zone, date, range }: { zone: string; date: string; range: Range }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const wall = toWall(now, zone);
  if (wall.date !== date || wall.minutes < range.startMin || wall.minutes > range.endMin) return null;
  return (
    <div
      className="tg__now"
      style={{ top: ((wall.minutes - range.startMin) / 60) * HOUR_PX }}
      aria-label={`Сейчас ${fromMinutes(wall.minutes)}`}
      role="img"
    />
  );
}

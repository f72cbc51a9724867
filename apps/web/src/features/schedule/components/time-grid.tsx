import { memo, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { fromMinutes, orderMessages } from '@crm/shared';
import type { CalendarDay } from '../lib/calendar-days';
import type { PlacedEvent } from '../lib/place-events';
import { HOUR_PX } from '../lib/place-events';
import { toWall } from '../../../lib/station-time';
import { useSwipe } from '../lib/use-swipe';
import { EventCard } from './event-card';
import './time-grid.css';

interface Range {
  startMin: number;
  endMin: number;
}

interface TimeGridProps {
  days: CalendarDay[];
  compact: boolean;
  placed: Map<string, PlacedEvent[]>;
  range: Range;
  zone: string;
  /** Slot length: an empty-time click is rounded down to it. */
  slotMinutes: number;
  canCreate: boolean;
  loading: boolean;
  /** Changes when a new orders list is shown: the grid marks «calendar-rendered» once it has committed. */
  dataStamp: number;
  onOpenEvent(placed: PlacedEvent): void;
  onCreateAt(date: string, minutes: number): void;
  onPickDay?(date: string): void;
  onSwipe?(step: 1 | -1): void;
  /** Above the columns, inside the scroll area (the no-working-days note). */
  banner?: ReactNode;
}

/** The time grid (S1 §2): 80 px per hour over the working hours, one column per visible day. */
export function TimeGrid(props: TimeGridProps) {
  const { days, range, zone, dataStamp, compact } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const swipe = useSwipe(props.onSwipe);
  const height = ((range.endMin - range.startMin) / 60) * HOUR_PX;
  const hours = Array.from(
    { length: (range.endMin - range.startMin) / 60 },
    (_, i) => range.startMin + i * 60,
  );
  const viewKey = `${days[0]?.date}|${days.length}|${range.startMin}`;

  // S1 §2: scroll to now after 200 ms (or to the first order when today is not shown).
  const placedRef = useRef(props.placed);
  placedRef.current = props.placed;
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const el = scrollRef.current;
      if (!el) return;
      const now = toWall(Date.now(), zone);
      const today = days.some((d) => d.date === now.date);
      let target: number | null = null;
      if (today && now.minutes >= range.startMin && now.minutes <= range.endMin) {
        target = ((now.minutes - range.startMin) / 60) * HOUR_PX - el.clientHeight / 3;
      } else {
        const tops = [...placedRef.current.values()].flat().map((p) => p.top);
        if (tops.length) target = Math.min(...tops) - 24;
      }
      el.scrollTo({ top: Math.max(0, target ?? 0) });
    }, 200);
    return () => window.clearTimeout(timer);
    // Only when the visible days or hours change, not on every refresh of the orders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, zone]);

  // bench:web: the grid with the orders that just arrived is on screen.
  useEffect(() => {
    if (dataStamp) performance.mark('calendar-rendered');
  }, [dataStamp]);

  return (
    <div className={`tg${compact ? ' tg--compact' : ''}`} style={{ ['--hour' as string]: `${HOUR_PX}px` }}>
      <div ref={scrollRef} className="tg__scroll" {...swipe}>
        {days.length > 1 && (
          <div className="tg__head">
            <div className="tg__corner" />
            {days.map((day) => (
              <DayHeader key={day.date} day={day} onPick={props.onPickDay} />
            ))}
          </div>
        )}
        {props.banner}
        <div className="tg__body" style={{ height }}>
          <div className="tg__axis" aria-hidden="true">
            {hours.map((m) => (
              <span key={m} className="tg__hour" style={{ top: ((m - range.startMin) / 60) * HOUR_PX }}>
                {fromMinutes(m)}
              </span>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn
              key={day.date}
              day={day}
              placed={props.placed.get(day.date) ?? EMPTY}
              range={range}
              zone={zone}
              compact={compact}
              slotMinutes={props.slotMinutes}
              canCreate={props.canCreate}
              onOpenEvent={props.onOpenEvent}
              onCreateAt={props.onCreateAt}
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
  placed: PlacedEvent[];
  range: Range;
  zone: string;
  compact: boolean;
  slotMinutes: number;
  canCreate: boolean;
  onOpenEvent(placed: PlacedEvent): void;
  onCreateAt(date: string, minutes: number): void;
}

const DayColumn = memo(function DayColumn(props: DayColumnProps) {
  const { day, placed, range, slotMinutes, canCreate, compact } = props;
  const ghostRef = useRef<HTMLDivElement>(null);
  const toPx = (minutes: number) => ((minutes - range.startMin) / 60) * HOUR_PX;
  const slotPx = (slotMinutes / 60) * HOUR_PX;

  /** The slot under the pointer, if a new order may start there. */
  const slotAt = (e: MouseEvent<HTMLDivElement>): number | null => {
    if (!canCreate || !day.hours) return null;
    if ((e.target as HTMLElement).closest('.ev')) return null;
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    const minutes = range.startMin + (y / HOUR_PX) * 60;
    const slot = Math.floor(minutes / slotMinutes) * slotMinutes;
    if (slot < day.hours.startMin || slot >= day.hours.endMin) return null;
    return slot;
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const slot = slotAt(e);
    if (slot !== null) props.onCreateAt(day.date, slot);
  };
  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    const ghost = ghostRef.current;
    if (!ghost) return;
    const slot = slotAt(e);
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
      <div ref={ghostRef} className="tg__ghost" aria-hidden="true" />
      {placed.map((p) => (
        <EventCard key={p.event.id} placed={p} compact={compact} onOpen={props.onOpenEvent} />
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

import { useEffect } from 'react';
import { monthsGenitive, orderMessages, orderStatusLabels } from '@crm/shared';
import type { CalendarDay } from '../lib/calendar-days';
import type { CalendarEvent } from '../lib/calendar-events';
import { boxesLabel, eventLabel, timeRange } from './event-card';
import './week-list.css';

export interface WeekListProps {
  days: CalendarDay[];
  events: readonly CalendarEvent[];
  loading: boolean;
  dataStamp: number;
  onOpen(event: CalendarEvent): void;
  onPickDay(date: string): void;
}

/** «5 записей», «1 запись», «2 записи». */
export function ordersCount(n: number): string {
  const ten = n % 10;
  const hundred = n % 100;
  const word =
    ten === 1 && hundred !== 11
      ? 'запись'
      : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)
        ? 'записи'
        : 'записей';
  return `${n} ${word}`;
}

/**
 * The week on a phone (DESIGN §10): a list by day — a header with the day and its count, then one row
 * per order with its time, car and status — instead of seven columns of colour bars.
 */
export function WeekList({ days, events, loading, dataStamp, onOpen, onPickDay }: WeekListProps) {
  useEffect(() => {
    if (dataStamp) performance.mark('calendar-rendered');
  }, [dataStamp]);
  if (loading) {
    return (
      <div className="week-list week-list--loading" role="status">
        {orderMessages.loading}
      </div>
    );
  }
  return (
    <div className="week-list">
      {days.map((day) => {
        const list = events.filter((e) => e.date === day.date);
        const live = list.filter((e) => !e.isCancelled && e.type !== 'BlockerBookingSlot').length;
        const month = monthsGenitive[Number(day.date.slice(5, 7)) - 1];
        return (
          <section key={day.date} className={`week-list__day${day.isToday ? ' is-today' : ''}`}>
            <button type="button" className="week-list__head" onClick={() => onPickDay(day.date)}>
              <span className="week-list__date">
                {day.shortName}, {day.dayNumber} {month}
                {day.isToday && <span className="week-list__today">сегодня</span>}
              </span>
              <span className="week-list__count">{day.hours ? ordersCount(live) : day.hoursLabel}</span>
            </button>
            {list.length === 0 ? (
              <p className="week-list__empty">{day.hours ? 'Записей нет' : 'Выходной'}</p>
            ) : (
              <ul className="week-list__rows">
                {list.map((event) => (
                  <li key={event.id}>
                    <Row event={event} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function Row({ event, onOpen }: { event: CalendarEvent; onOpen(event: CalendarEvent): void }) {
  const blocker = event.type === 'BlockerBookingSlot';
  const body = (
    <>
      <span className="week-list__time">{timeRange(event)}</span>
      <span className="week-list__main">
        <span className="week-list__car">{event.title}</span>
        <span className="week-list__sub">
          {blocker
            ? boxesLabel(event.boxes)
            : [event.plate, boxesLabel(event.boxes)].filter(Boolean).join(' · ')}
        </span>
      </span>
      {!blocker && (
        <span className={`week-list__status ev--${event.kind}`}>{orderStatusLabels[event.status]}</span>
      )}
    </>
  );
  const className = `week-list__row ev--${event.kind}${event.isCancelled ? ' is-cancelled' : ''}`;
  return event.clickable ? (
    <button type="button" className={className} title={eventLabel(event)} onClick={() => onOpen(event)}>
      {body}
    </button>
  ) : (
    <div className={`${className} is-static`} title={eventLabel(event)}>
      {body}
    </div>
  );
}

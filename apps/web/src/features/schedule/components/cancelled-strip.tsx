import { useState } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '../lib/calendar-events';
import { boxesLabel, eventLabel, timeRange } from './event-card';

interface CancelledStripProps {
  events: readonly CalendarEvent[];
  onOpen(id: string): void;
}

/**
 * Day view (DESIGN §10): cancelled orders take no box lane; a strip above the lanes counts them and,
 * opened, lists them faded, each still opening its order.
 */
export function CancelledStrip({ events, onOpen }: CancelledStripProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="tg-cancelled">
      <button
        type="button"
        className="tg-cancelled__toggle"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        Отменено: {events.length}
        {open ? <UpOutlined aria-hidden="true" /> : <DownOutlined aria-hidden="true" />}
      </button>
      {open && (
        <ul className="tg-cancelled__list">
          {events.map((event) => (
            <li key={event.id}>
              <button
                type="button"
                className={`tg-cancelled__item ev--${event.kind}`}
                title={eventLabel(event)}
                onClick={() => onOpen(event.id)}
              >
                <span className="tg-cancelled__time">{timeRange(event)}</span>
                <span className="tg-cancelled__title">{event.title}</span>
                <span className="tg-cancelled__box">{boxesLabel(event.boxes)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

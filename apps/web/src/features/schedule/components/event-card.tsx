import { memo, type KeyboardEvent } from 'react';
import { fromMinutes, orderSourceLabels, orderStatusLabels } from '@crm/shared';
import type { CalendarEvent } from '../lib/calendar-events';
import type { PlacedEvent } from '../lib/place-events';
import './event-card.css';

// Plain elements and CSS only: a busy week draws hundreds of these and must render in well under 100 ms.

const rubFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
export const formatSum = (sum: number) => `${rubFormat.format(sum)} ₽`;

const sourceShort: Record<CalendarEvent['source'], string> = { Own: 'С', Yandex: 'Я', Benzuber: 'B' };

export function timeRange(event: Pick<CalendarEvent, 'startMin' | 'endMin'>): string {
  return `${fromMinutes(event.startMin)}–${fromMinutes(Math.min(event.endMin, 1440))}`.replace(
    '24:00',
    '00:00',
  );
}

export function boxesLabel(boxes: readonly number[]): string {
  return boxes.length === 1 ? `Бокс ${boxes[0]}` : `Боксы ${boxes.join(', ')}`;
}

/** What a screen reader hears after the visible text: time, what it is, car, status, source. */
export function eventLabel(event: CalendarEvent): string {
  const parts = [timeRange(event), event.title];
  if (event.type === 'BlockerBookingSlot') parts.push(boxesLabel(event.boxes));
  else {
    if (event.plate) parts.push(event.plate);
    parts.push(orderStatusLabels[event.status], orderSourceLabels[event.source]);
  }
  return parts.join(', ');
}

interface EventCardProps {
  placed: PlacedEvent;
  /** Week view: narrow columns, start time only, one-letter source badge. */
  compact: boolean;
  onOpen(placed: PlacedEvent): void;
}

export const EventCard = memo(function EventCard({ placed, compact, onOpen }: EventCardProps) {
  const { event, top, height, column, columns, span } = placed;
  const blocker = event.type === 'BlockerBookingSlot';
  const grouped = compact && placed.group.length > 1;
  const interactive = event.clickable;
  const gap = compact ? 1 : 2;
  const lines = Math.max(1, Math.floor((height - 6) / 15));
  const thirdLine = blocker ? boxesLabel(event.boxes) : event.plate;
  // Day view, two lines of room: car and plate share the second line.
  const secondLine = !compact && lines === 2 && thirdLine ? `${event.title} · ${thirdLine}` : event.title;
  const className =
    `ev ev--${event.kind}` +
    (compact ? ' ev--compact' : '') +
    (interactive ? '' : ' ev--static') +
    (height < 34 ? ' ev--tiny' : '');

  const open = () => onOpen(placed);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };

  return (
    <div
      className={className}
      style={{
        top,
        height,
        // Week columns are narrow: a 1 px gap between neighbours instead of 2.
        left: `calc(${(column / columns) * 100}% + ${gap}px)`,
        width: `calc(${(span / columns) * 100}% - ${gap * 2}px)`,
      }}
      data-event-id={event.id}
      role={interactive ? 'button' : undefined}
      tabIndex={interactive ? 0 : undefined}
      title={blocker ? event.title : undefined}
      onClick={interactive ? open : undefined}
      onKeyDown={interactive ? onKeyDown : undefined}
    >
      {/* Long and short forms side by side: CSS container queries pick one by the card's own width. */}
      <div className="ev__row">
        <span className="ev__time">
          <span className="ev__long">{compact ? fromMinutes(event.startMin) : timeRange(event)}</span>
          <span className="ev__short">{fromMinutes(event.startMin)}</span>
        </span>
        {!blocker && (
          <span className="ev__source" title={orderSourceLabels[event.source]}>
            <span className="ev__long">
              {compact ? sourceShort[event.source] : orderSourceLabels[event.source]}
            </span>
            <span className="ev__short">{sourceShort[event.source]}</span>
          </span>
        )}
      </div>
      {lines >= 2 && <div className="ev__title">{secondLine}</div>}
      {lines >= 3 && thirdLine && <div className="ev__line">{thirdLine}</div>}
      {lines >= 4 && !blocker && event.sum > 0 && <div className="ev__line">{formatSum(event.sum)}</div>}
      {event.isWarning && !event.isCancelled && <span className="ev__warn" aria-hidden="true" />}
      {/* The visible text is the start of the accessible name (WCAG 2.5.3); what the card has no room
          to show follows for screen readers. */}
      <span className="visually-hidden"> — </span>
      <span className="visually-hidden ev__label">
        {eventLabel(event)}
        {grouped && `. Пересекается с другими: ${placed.group.length}`}
      </span>
    </div>
  );
});

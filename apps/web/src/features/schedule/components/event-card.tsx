import { memo, type KeyboardEvent } from 'react';
import { formatRub, fromMinutes, orderSourceLabel, orderStatusLabels, outsideHoursMark } from '@crm/shared';
import type { CalendarEvent } from '../lib/calendar-events';
import type { PlacedEvent } from '../lib/place-events';
import './event-card.css';

// Plain elements and CSS only: a busy week draws hundreds of these and must render in well under 100 ms.

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
    parts.push(orderStatusLabels[event.status], orderSourceLabel(event.source));
    if (event.outsideHours) parts.push(outsideHoursMark);
  }
  return parts.join(', ');
}

/** Alt+these keys move a movable card: a slot earlier or later, a box left or right. */
export type NudgeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
const nudgeKeys: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** What a screen reader hears about the keys of a card that can be moved. */
export const moveHelp =
  'Enter или пробел — открыть заказ. Alt и стрелки вверх или вниз — перенести на слот раньше или позже, ' +
  'Alt и стрелки влево или вправо — в соседний бокс. Мышью: перетащите карточку или её нижний край.';

interface EventCardProps {
  placed: PlacedEvent;
  /** Week view: narrow columns, start time, the car on up to two lines, one-letter source badge. */
  compact: boolean;
  /** A phone's day lanes: the full time and source, but the car on up to two lines as in the week. */
  narrow?: boolean;
  /** Day view, own live order, staff who may move it: drag, resize and Alt+arrows. */
  movable?: boolean;
  onOpen(placed: PlacedEvent): void;
  onNudge?(event: CalendarEvent, key: NudgeKey): void;
}

export const EventCard = memo(function EventCard(props: EventCardProps) {
  return props.placed.crowd ? (
    <CrowdCard placed={props.placed} onOpen={props.onOpen} />
  ) : (
    <SingleCard {...props} />
  );
});

function SingleCard({ placed, compact, narrow, movable, onOpen, onNudge }: EventCardProps) {
  const { event, top, height, column, columns, span } = placed;
  const blocker = event.type === 'BlockerBookingSlot';
  const grouped = compact && placed.group.length > 1;
  const interactive = event.clickable;
  const gap = compact ? 1 : 2;
  // Week cards use 12 px lines (event-card.css), so a 30-minute card has the time and two lines of car.
  const lines = compact
    ? Math.max(1, Math.floor((height - 4) / 12))
    : Math.max(1, Math.floor((height - 6) / 15));
  const thirdLine = blocker ? boxesLabel(event.boxes) : event.plate;
  // Where the car may wrap (narrow columns) it gets two lines before the plate and the sum get theirs,
  // so a card never draws more lines than its height holds.
  const wraps = compact || !!narrow;
  const titleLines = wraps ? Math.min(lines - 1, 2) : 1;
  // Day view, two lines of room: car and plate share the second line.
  const secondLine = !wraps && lines === 2 && thirdLine ? `${event.title} · ${thirdLine}` : event.title;
  const className =
    `ev ev--${event.kind}` +
    (compact ? ' ev--compact' : '') +
    (narrow ? ' ev--narrow' : '') +
    (interactive ? '' : ' ev--static') +
    (height < 34 ? ' ev--tiny' : '') +
    (movable ? ' ev--movable' : '') +
    (event.outsideHours ? ' ev--outside' : '');

  const open = () => onOpen(placed);
  const onKeyDown = (e: KeyboardEvent) => {
    if (movable && onNudge && e.altKey && nudgeKeys.includes(e.key)) {
      e.preventDefault();
      onNudge(event, e.key as NudgeKey);
      return;
    }
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
        // --ev-inset: the week column's load bar keeps its few pixels on the left.
        left: `calc(var(--ev-inset, 0px) + (100% - var(--ev-inset, 0px)) * ${column / columns} + ${gap}px)`,
        width: `calc((100% - var(--ev-inset, 0px)) * ${span / columns} - ${gap * 2}px)`,
      }}
      data-event-id={event.id}
      data-movable={movable ? '' : undefined}
      aria-description={movable ? moveHelp : undefined}
      role={interactive ? 'button' : undefined}
      tabIndex={interactive ? 0 : undefined}
      // The full text on hover: narrow week cards cut what they cannot fit.
      title={eventLabel(event)}
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
          <span className="ev__source" title={orderSourceLabel(event.source)}>
            <span className="ev__long">
              {compact ? sourceShort[event.source] : orderSourceLabel(event.source)}
            </span>
            <span className="ev__short">{sourceShort[event.source]}</span>
          </span>
        )}
        {event.outsideHours && !compact && <span className="ev__outside ev__long">{outsideHoursMark}</span>}
      </div>
      {lines >= 2 && (
        <div
          className="ev__title"
          // Narrow cards wrap the car onto the lines they have instead of cutting it to «Toyota…».
          style={wraps ? { WebkitLineClamp: titleLines } : undefined}
        >
          {secondLine}
        </div>
      )}
      {lines >= 2 + titleLines && thirdLine && <div className="ev__line">{thirdLine}</div>}
      {lines >= 3 + titleLines && !compact && !blocker && event.sum > 0 && (
        <div className="ev__line">{formatRub(event.sum)}</div>
      )}
      {movable && <span className="ev__resize" aria-hidden="true" />}
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
}

/** «3 записи», «5 записей». */
function entries(n: number): string {
  const ten = n % 10;
  const hundred = n % 100;
  if (ten === 1 && hundred !== 11) return `${n} запись`;
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return `${n} записи`;
  return `${n} записей`;
}

/**
 * Week view: a crowded overlap group as one full-width block, one line per order (start and car, the
 * status as the line's colour mark), so nothing is cut to «Toy…»; a click lists them in a modal.
 */
function CrowdCard({ placed, onOpen }: Pick<EventCardProps, 'placed' | 'onOpen'>) {
  const { group, top, height } = placed;
  const room = Math.max(1, Math.floor((height - 4) / 12) - 1);
  const shown = group.length > room ? group.slice(0, Math.max(0, room - 1)) : group;
  const rest = group.length - shown.length;
  const line = (e: CalendarEvent) => `${fromMinutes(e.startMin)} ${e.title}`;
  const open = () => onOpen(placed);
  return (
    <div
      className={`ev ev--crowd ev--compact${group.some((e) => e.outsideHours) ? ' ev--outside' : ''}`}
      style={{
        top,
        height,
        left: 'calc(var(--ev-inset, 0px) + 1px)',
        width: 'calc(100% - var(--ev-inset, 0px) - 2px)',
      }}
      data-event-id={placed.event.id}
      role="button"
      tabIndex={0}
      title={group.map(eventLabel).join('\n')}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
    >
      <div className="ev__row ev__crowd-head">{entries(group.length)}</div>
      {shown.map((e) => (
        <div key={e.id} className={`ev__crowd-line ev--${e.kind}`}>
          <span className="ev__crowd-time">{fromMinutes(e.startMin)}</span> {e.title}
        </div>
      ))}
      {rest > 0 && <div className="ev__crowd-line">+ ещё {rest}</div>}
      <span className="visually-hidden"> — </span>
      <span className="visually-hidden ev__label">
        {entries(group.length)}, пересекаются: {group.map(line).join(', ')}
      </span>
    </div>
  );
}

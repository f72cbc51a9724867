import { Modal } from 'antd';
import { formatRub, orderMessages, orderSourceLabel, orderStatusLabels } from '@crm/shared';
import type { CalendarEvent } from '../lib/calendar-events';
import { boxesLabel, timeRange } from './event-card';

export interface OverlapModalProps {
  events: CalendarEvent[] | null;
  onClose(): void;
  onOpenOrder(id: string): void;
}

/** S1 §2: in week view a click on a group of overlapping events lists them in «Пересекающиеся записи». */
export function OverlapModal({ events, onClose, onOpenOrder }: OverlapModalProps) {
  return (
    <Modal open={!!events} onCancel={onClose} footer={null} title={orderMessages.overlapsTitle} width={520}>
      <ul className="overlap-list">
        {(events ?? []).map((event) => {
          const blocker = event.type === 'BlockerBookingSlot';
          const body = (
            <>
              <span className="overlap-list__time">{timeRange(event)}</span>
              <span className="overlap-list__main">
                <strong>{event.title}</strong>
                <span>
                  {blocker
                    ? boxesLabel(event.boxes)
                    : [event.plate, event.sum > 0 ? formatRub(event.sum) : null].filter(Boolean).join(' · ')}
                </span>
              </span>
              {!blocker && (
                <span className="overlap-list__meta">
                  <span className={`overlap-list__status ev--${event.kind}`}>
                    {orderStatusLabels[event.status]}
                  </span>
                  <span>{orderSourceLabel(event.source)}</span>
                </span>
              )}
            </>
          );
          return (
            <li key={event.id}>
              {event.clickable ? (
                <button
                  type="button"
                  className={`overlap-list__item ev--${event.kind}`}
                  onClick={() => onOpenOrder(event.id)}
                >
                  {body}
                </button>
              ) : (
                <div className={`overlap-list__item overlap-list__item--static ev--${event.kind}`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

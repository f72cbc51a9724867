import type { KeyboardEvent, ReactNode } from 'react';
import { Tag } from 'antd';
import { formatRub, orderStatusLabels, paymentMethodLabels, type CalendarOrder } from '@crm/shared';
import { carLine, orderWhen, sourceLabel, statusTagClass } from '../lib/order-text';

interface OrderLineProps {
  /** The calendar's projection of the order (`calendarOrderOf` makes it of a whole order). */
  order: CalendarOrder;
  zone: string;
  today: string;
  /** Opens the order's details; without it the row is plain text (the blocking modal). */
  onOpen?(orderId: string): void;
  /** Extra tags after the status («Скоро начнется»). */
  tags?: ReactNode;
  /** Buttons at the end (accept, decline); their clicks do not open the order. */
  actions?: ReactNode;
  showStatus?: boolean;
  /** A partner's order paid at the partner: «Оплачено онлайн» beside the sum (issue 36). */
  paidOnline?: boolean;
}

/**
 * One order in a dashboard list: time on the station's clock, car and plate, source, sum and status. The
 * row opens the order's details (`?orderId=`), by click or Enter.
 */
export function OrderLine(props: OrderLineProps) {
  const { order, zone, today, onOpen, tags, actions, showStatus = true, paidOnline } = props;
  const open = () => onOpen?.(order.id);
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const plate = order.plate_number;
  return (
    <li className="dash-order">
      <div
        className={`dash-order__main${onOpen ? ' is-link' : ''}`}
        // The row's own text is its name (time, car, plate, status, source, sum): a separate label would
        // say something else than what is seen.
        {...(onOpen ? { role: 'button', tabIndex: 0, onClick: open, onKeyDown: onKey } : {})}
      >
        <span className="dash-order__time">{orderWhen(order, zone, today)}</span>
        <span className="dash-order__car">
          <span className="dash-order__car-name">{carLine(order)}</span>
          {plate && <span className="dash-order__plate">{plate}</span>}
        </span>
        <span className="dash-order__meta">
          {showStatus && (
            <Tag className={statusTagClass(order.status)}>{orderStatusLabels[order.status]}</Tag>
          )}
          {tags}
          {/* The default tag: antd's green one reads 2.2:1 against its background (axe, WCAG AA 4.5:1). */}
          {paidOnline && <Tag>{paymentMethodLabels.paid}</Tag>}
          <span className="dash-order__source">{sourceLabel(order)}</span>
          {order.sum > 0 && <span className="dash-order__sum">{formatRub(order.sum)}</span>}
        </span>
      </div>
      {actions && <div className="dash-order__actions">{actions}</div>}
    </li>
  );
}

import type { ReactNode } from 'react';
import { Skeleton, Tag } from 'antd';
import { dashboardListLimit, isStartingSoon, orderMessages, type CalendarOrder } from '@crm/shared';
import { OrderLine } from './order-line';
import { Panel } from '../../../components/panel';
import { RetryAlert } from '../../../components/retry-alert';

interface OrderWindowCardProps {
  title: string;
  empty: string;
  /** The orders of the window, already filtered and in order; at most five are shown (S1 §2). */
  orders: CalendarOrder[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  zone: string;
  today: string;
  now: Date;
  onOpen(orderId: string): void;
  extra?: ReactNode;
}

/**
 * A dashboard list of S1 §2 (upcoming, in progress): at most 5 orders in a box of at most 300 px that
 * scrolls, «Скоро начнется» on an order starting within 30 minutes.
 */
export function OrderWindowCard(props: OrderWindowCardProps) {
  const { title, empty, orders, loading, failed, zone, today, now, onOpen } = props;
  const shown = (orders ?? []).slice(0, dashboardListLimit);
  const more = (orders?.length ?? 0) - shown.length;

  let body;
  if (loading) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (failed && !orders)
    body = <RetryAlert title={orderMessages.listLoadFailed} onRetry={props.onRetry} />;
  else if (shown.length === 0) body = <span className="text-secondary">{empty}</span>;
  else
    body = (
      <>
        <ul className="dash-list dash-list--scroll" aria-label={title}>
          {shown.map((order) => (
            <OrderLine
              key={order.id}
              order={order}
              zone={zone}
              today={today}
              onOpen={onOpen}
              tags={
                isStartingSoon(order, now) ? <Tag className="dash-soon">{orderMessages.soon}</Tag> : undefined
              }
            />
          ))}
        </ul>
        {more > 0 && <span className="text-secondary dash-card__more">И ещё {more} — в расписании</span>}
      </>
    );

  return (
    <Panel
      className="dash-card"
      title={
        <span className="dash-card__title">
          {title}
          {orders && orders.length > 0 && <span className="dash-count">{orders.length}</span>}
        </span>
      }
      extra={props.extra}
    >
      {body}
    </Panel>
  );
}

import { Skeleton } from 'antd';
import { CountBadge } from '../../../components/count-badge';
import { SyncOutlined } from '@ant-design/icons';
import { calendarOrderOf, dashboardMessages, orderMessages } from '@crm/shared';
import { useNewOrders } from '../api/new-orders';
import { useOrderAnswers } from '../lib/use-order-answers';
import { LazyDeclineDialog } from './lazy-decline-dialog';
import { OrderLine } from './order-line';
import { AnswerButtons } from './answer-buttons';
import { Panel } from '../../../components/panel';
import { RetryAlert } from '../../../components/retry-alert';

interface NewOrdersBlockProps {
  stationId: string;
  zone: string;
  today: string;
  /** Accept is a status step every position may take; declining is a cancel, not for a worker. */
  canDecline: boolean;
  onOpen(orderId: string): void;
  /** Phone: with nothing to answer the block shrinks to one line, so the figures come into view. */
  compact?: boolean;
}

/** «Новые заказы» as one line on a phone when there is nothing to answer (or it is still loading). */
function NewOrdersLine({ loading }: { loading: boolean }) {
  return (
    <section className="dash-new-line" aria-label={dashboardMessages.newOrders} aria-busy={loading}>
      <span className="dash-new-line__text">
        {loading ? `${dashboardMessages.newOrders}…` : dashboardMessages.noNewOrders}
      </span>
      <span className="text-secondary dash-new-line__hint">
        <SyncOutlined aria-hidden spin={loading} /> {dashboardMessages.newOrdersHint}
      </span>
    </section>
  );
}

/**
 * «Новые заказы» (S1 §2): every order waiting for «Принять», with accept and decline. The list is polled
 * every 20 s and pushed by order events; the hint keeps the spec's wording.
 */
export function NewOrdersBlock({
  stationId,
  zone,
  today,
  canDecline,
  onOpen,
  compact = false,
}: NewOrdersBlockProps) {
  const query = useNewOrders(stationId);
  const answers = useOrderAnswers(stationId, zone, today);
  const orders = (query.data ?? []).filter((o) => !answers.answered.has(o.id));

  if (compact && (query.isPending || (orders.length === 0 && !(query.isError && !query.data)))) {
    return <NewOrdersLine loading={query.isPending} />;
  }

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (query.isError && !query.data)
    body = <RetryAlert title={orderMessages.listLoadFailed} onRetry={() => void query.refetch()} />;
  else if (orders.length === 0)
    body = <span className="text-secondary">{dashboardMessages.noNewOrders}</span>;
  else
    body = (
      <ul className="dash-list dash-list--scroll" aria-label={dashboardMessages.newOrders}>
        {orders.map((order) => (
          <OrderLine
            key={order.id}
            order={calendarOrderOf(order)}
            zone={zone}
            today={today}
            onOpen={onOpen}
            showStatus={false}
            paidOnline={order.payment_method === 'paid'}
            actions={
              <AnswerButtons
                order={order}
                size="small"
                canDecline={canDecline}
                onAccept={(o) => void answers.accept(o)}
                onDecline={answers.startDecline}
              />
            }
          />
        ))}
      </ul>
    );

  return (
    <Panel
      className="dash-card"
      title={
        <span className="dash-card__title">
          {dashboardMessages.newOrders}
          <CountBadge count={orders.length} />
        </span>
      }
      extra={
        <span className="text-secondary dash-card__hint">
          <SyncOutlined aria-hidden /> {dashboardMessages.newOrdersHint}
        </span>
      }
    >
      {body}
      <LazyDeclineDialog
        subject={answers.declineSubject}
        onDecline={(reason, comment) => void answers.decline(reason, comment)}
        onClose={answers.cancelDecline}
      />
    </Panel>
  );
}

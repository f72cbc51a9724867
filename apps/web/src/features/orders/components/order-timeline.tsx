import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Timeline, Typography } from 'antd';
import {
  isCancelledStatus,
  orderTimelineActor,
  orderTimelineLabel,
  type OrderTimelineEntry,
} from '@crm/shared';
import { ApiError, api } from '../../../lib/api-client';
import { ordersKey } from '../api/order-details';
import { formatOrderDateTime } from '../lib/order-time';

export const orderTimelineTexts = {
  empty: 'Событий пока нет',
  failed: 'Не удалось загрузить историю записи',
  retry: 'Повторить',
} as const;

/**
 * `GET /api/order/{id}/events`, keyed under `['orders', stationId]`: the live order stream and every
 * order change invalidate it together with the order itself.
 */
export const orderTimelineQuery = (stationId: string, orderId: string) =>
  queryOptions({
    queryKey: [...ordersKey(stationId), 'timeline', orderId] as const,
    queryFn: ({ signal }) =>
      api<{ events: OrderTimelineEntry[] }>(`/order/${encodeURIComponent(orderId)}/events`, { signal }),
    staleTime: 30_000,
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    refetchOnWindowFocus: false,
  });

function colorOf(entry: OrderTimelineEntry): string {
  if (entry.action === 'status' && isCancelledStatus(entry.to_status)) return 'red';
  if (entry.action === 'status' && entry.to_status === 'Completed') return 'green';
  if (entry.actor_kind === 'system') return 'gray';
  return 'blue';
}

interface OrderTimelineProps {
  stationId: string;
  orderId: string;
  /** The station's clock: times read as the staff sees them on the calendar. */
  timeZone: string;
}

/** The order modal's «История»: what happened to the order, who did it and when, oldest first. */
export function OrderTimeline({ stationId, orderId, timeZone }: OrderTimelineProps) {
  const query = useQuery(orderTimelineQuery(stationId, orderId));

  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={orderTimelineTexts.failed}
        action={
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {orderTimelineTexts.retry}
          </Button>
        }
      />
    );
  const events = query.data.events;
  if (events.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={orderTimelineTexts.empty} />;

  return (
    <Timeline
      className="order-timeline"
      style={{ paddingTop: 8 }}
      items={events.map((entry) => ({
        key: entry.id,
        color: colorOf(entry),
        content: (
          <div>
            <Typography.Text strong>{orderTimelineLabel(entry)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {orderTimelineActor(entry)} · {formatOrderDateTime(entry.at, timeZone)}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Steps, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import {
  cancelReasonLabels,
  isCancelledStatus,
  orderStatusLabels,
  orderTimelineLabels,
  type Order,
  type OrderStatus,
} from '@crm/shared';
import { formatOrderDateTime } from '../lib/order-time';

/** The colour of a status tag, as in the calendar (S1 §2). */
/** Status tag look (orders.css): antd's preset tag colours fall below WCAG AA, these keep it. */
export const statusTagClass = (status: OrderStatus) =>
  `status-tag status-tag--${isCancelledStatus(status) ? 'cancelled' : status.toLowerCase()}`;

/** What the operator should do next, by status. */
export const statusHints: Record<OrderStatus, string> = {
  Accepted: 'Клиент ожидает подтверждения записи. Примите заказ или отмените его.',
  Booked: 'Запись подтверждена, ожидаем клиента. Начните работу, когда автомобиль будет на посту.',
  Processing: 'Автомобиль в работе. Завершите заказ, когда работа будет выполнена.',
  // Final states are said plainly: no actions are shown for them, so nothing to explain away.
  Completed: 'Заказ выполнен.',
  Canceled: 'Запись отменена.',
  StationCanceled: 'Запись отменена станцией.',
  UserCanceled: 'Запись отменена клиентом.',
};

/**
 * The parenthesised meanings of the timeline labels (S1 §2), shown while the step is the current one: a
 * walk-in is Booked at once and never waited for confirmation (issue 10).
 */
const stepMeanings: Partial<Record<OrderStatus, string>> = {
  Accepted: 'Клиент ожидает подтверждения',
  Booked: 'Ожидание клиента',
};

const path: OrderStatus[] = ['Accepted', 'Booked', 'Processing', 'Completed'];

function stepItems(order: Order, timeZone: string) {
  const when: Partial<Record<OrderStatus, string | null>> = {
    Accepted: order.date_create,
    Processing: order.date_start,
    Completed: order.date_end,
  };
  const content = (status: OrderStatus) => {
    const at = when[status];
    const meaning = status === order.status ? stepMeanings[status] : undefined;
    return (
      <Flex vertical>
        {meaning && <span>{meaning}</span>}
        {at && <span>{formatOrderDateTime(at, timeZone)}</span>}
      </Flex>
    );
  };
  if (isCancelledStatus(order.status)) {
    const reached: OrderStatus[] = order.date_start ? ['Accepted', 'Processing'] : ['Accepted'];
    return {
      current: reached.length,
      items: [
        ...reached.map((s) => ({
          title: orderTimelineLabels[s],
          content: content(s),
          status: 'finish' as const,
        })),
        {
          title: orderTimelineLabels[order.status],
          content: order.reason ? `Причина: ${cancelReasonLabels[order.reason]}` : undefined,
          status: 'error' as const,
        },
      ],
    };
  }
  const current = path.indexOf(order.status);
  return {
    current,
    items: path.map((s, i) => ({
      title: orderTimelineLabels[s],
      content: i <= current ? content(s) : undefined,
      status:
        i < current || order.status === 'Completed'
          ? ('finish' as const)
          : i === current
            ? ('process' as const)
            : ('wait' as const),
    })),
  };
}

/**
 * «№ 10234», the number people say and type, with a button that copies the full id (support and
 * integrations need it); the confirmation lasts 2 s (S1 §2).
 */
export function OrderNumber({ order }: { order: Pick<Order, 'id' | 'number'> }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(order.id);
    } catch {
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Flex align="center" gap={2} className="order-number">
      <Typography.Text type="secondary" style={{ fontWeight: 500 }}>{`№ ${order.number}`}</Typography.Text>
      <Tooltip title={copied ? 'Скопировано' : 'Скопировать идентификатор заказа'}>
        <Button
          size="small"
          type="text"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          aria-label="Скопировать идентификатор заказа"
        />
      </Tooltip>
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Скопировано' : ''}
      </span>
    </Flex>
  );
}

/** The left column of the details modal on large screens: stepper and hint (S1 §2). */
export function OrderStatusPanel({ order, timeZone }: { order: Order; timeZone: string }) {
  const { current, items } = stepItems(order, timeZone);
  return (
    <Flex vertical gap={16} className="order-status-panel">
      <Tag
        className={statusTagClass(order.status)}
        style={{ alignSelf: 'flex-start', fontSize: 13, padding: '2px 10px' }}
      >
        {orderStatusLabels[order.status]}
      </Tag>
      <Steps orientation="vertical" size="small" current={current} items={items} aria-label="Ход записи" />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {statusHints[order.status]}
      </Typography.Paragraph>
    </Flex>
  );
}

/** Phones and tablets: the status and hint above the tabs. */
export function OrderStatusSummary({ order }: { order: Order }) {
  return (
    <Flex vertical gap={8} style={{ marginBottom: 8 }}>
      <Flex align="center" gap={8} wrap>
        <Tag className={statusTagClass(order.status)}>{orderStatusLabels[order.status]}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {statusHints[order.status]}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

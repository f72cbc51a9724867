import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import {
  affectedOrdersMessages,
  cancelReasonLabels,
  cancelReasons,
  commentMaxLength,
  isOwnSource,
  orderFormMessages,
  orderSourceLabel,
  orderStatusLabels,
  ordersCount,
  type AffectedOrder,
  type AffectedOrdersAction,
  type CancelReason,
  type OrderStatus,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import './affected-orders-modal.css';

/** The orders a refused settings change lists (409 ORDERS_OUTSIDE_HOURS), as the modal shows them. */
export interface AffectedOrdersConflict {
  message: string;
  orders: AffectedOrder[];
  total: number;
}

/** The conflict in a failed save, or null when the failure is another one. */
export function affectedOrdersConflict(error: unknown): AffectedOrdersConflict | null {
  if (!(error instanceof ApiError) || error.code !== 'ORDERS_OUTSIDE_HOURS') return null;
  const orders = Array.isArray(error.details.orders) ? (error.details.orders as AffectedOrder[]) : [];
  const total = typeof error.details.total === 'number' ? error.details.total : orders.length;
  return { message: error.message, orders, total };
}

/** What the owner chose: the request's `affected_orders` with, for a cancel, the reason and words. */
export interface AffectedOrdersChoice {
  affected_orders: AffectedOrdersAction;
  cancel_reason?: CancelReason;
  cancel_comment?: string;
}

interface AffectedOrdersModalProps {
  stationId: string;
  /** The station's today (YYYY-MM-DD): a new schedule applies from it. */
  today: string;
  /** A schedule change says from which day it applies; a box change has nothing to say. */
  schedule: boolean;
  conflict: AffectedOrdersConflict | null;
  saving: boolean;
  onChoose(choice: AffectedOrdersChoice): void;
  onClose(): void;
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
/** «сб, 15 марта» of a station-local date. */
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const sourceLabel = orderSourceLabel;

/**
 * Issue 38: a schedule or box change that leaves live orders outside the hours (or without their box)
 * lists them before it saves. The owner keeps them (the calendar marks them «Вне графика»), moves each
 * through its order (a new tab keeps the unsaved change here), or cancels them with a reason; partners
 * hear of a cancel through their channel.
 */
export function AffectedOrdersModal({
  stationId,
  today,
  schedule,
  conflict,
  saving,
  onChoose,
  onClose,
}: AffectedOrdersModalProps) {
  const [action, setAction] = useState<AffectedOrdersAction>('keep');
  const [reason, setReason] = useState<CancelReason>('NotWorking');
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const orders = conflict?.orders ?? [];
  const onRemovedBox = orders.some((o) => o.reason === 'box');
  const chosen: AffectedOrdersAction = onRemovedBox ? 'cancel' : action;
  const partners = [
    ...new Set(orders.filter((o) => !isOwnSource(o.source)).map((o) => sourceLabel(o.source))),
  ];
  const commentError =
    chosen === 'cancel' && reason === 'Other' && tried && !comment.trim()
      ? orderFormMessages.cancelCommentRequired
      : undefined;
  const rest = (conflict?.total ?? 0) - orders.length;

  const submit = () => {
    if (chosen === 'keep') return onChoose({ affected_orders: 'keep' });
    if (reason === 'Other' && !comment.trim()) {
      setTried(true);
      return;
    }
    onChoose({
      affected_orders: 'cancel',
      cancel_reason: reason,
      ...(comment.trim() ? { cancel_comment: comment.trim() } : {}),
    });
  };
  const reset = () => {
    setAction('keep');
    setReason('NotWorking');
    setComment('');
    setTried(false);
  };

  return (
    <Modal
      open={conflict !== null}
      title={affectedOrdersMessages.title}
      onCancel={onClose}
      afterOpenChange={(open) => open || reset()}
      width={640}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose} disabled={saving}>
            Назад к настройкам
          </Button>
          <Button type="primary" danger={chosen === 'cancel'} loading={saving} onClick={submit}>
            {chosen === 'keep' ? 'Сохранить и оставить заказы' : 'Сохранить и отменить заказы'}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={conflict?.message} />
        {schedule && (
          <Typography.Text>
            {affectedOrdersMessages.appliesFrom.replace('{date}', dayLabel(today))}
          </Typography.Text>
        )}
        <ul className="affected-orders" aria-label="Затронутые заказы">
          {orders.map((o) => (
            <li key={o.id} className="affected-orders__item">
              <Flex justify="space-between" align="start" gap={8} wrap>
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Typography.Text strong>
                    {dayLabel(o.date)} · {o.start}–{o.end} · Бокс {o.box_number}
                  </Typography.Text>
                  <Typography.Text>
                    {o.car || 'Автомобиль не указан'}
                    {o.plate_number && ` · ${o.plate_number.toUpperCase()}`}
                  </Typography.Text>
                  <Flex gap={4} wrap>
                    <Tag style={{ marginInlineEnd: 0 }}>{sourceLabel(o.source)}</Tag>
                    <Tag style={{ marginInlineEnd: 0 }}>
                      {orderStatusLabels[o.status as OrderStatus] ?? o.status}
                    </Tag>
                    <Tag color={o.reason === 'box' ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
                      {o.reason === 'box'
                        ? affectedOrdersMessages.removedBox
                        : affectedOrdersMessages.outsideHours}
                    </Tag>
                  </Flex>
                </Flex>
                <Link
                  to={`/station/${encodeURIComponent(stationId)}?view=day&date=${o.date}&orderId=${encodeURIComponent(o.id)}`}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${affectedOrdersMessages.move}: ${dayLabel(o.date)}, ${o.start}, ${o.car}`}
                >
                  {affectedOrdersMessages.move}
                </Link>
              </Flex>
            </li>
          ))}
        </ul>
        {rest > 0 && <Typography.Text type="secondary">И ещё {ordersCount(rest)}</Typography.Text>}
        <Typography.Text type="secondary">
          «Перенести» открывает заказ в новой вкладке: измените время или бокс, затем сохраните настройки
          снова.
        </Typography.Text>
        <Radio.Group
          value={chosen}
          onChange={(e) => setAction(e.target.value as AffectedOrdersAction)}
          aria-label="Что сделать с заказами"
        >
          <Space orientation="vertical">
            <Radio value="keep" disabled={onRemovedBox}>
              {affectedOrdersMessages.keep}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {onRemovedBox ? affectedOrdersMessages.keepOnRemovedBox : affectedOrdersMessages.keptHint}
              </Typography.Text>
            </Radio>
            <Radio value="cancel">{affectedOrdersMessages.cancel}</Radio>
          </Space>
        </Radio.Group>
        {chosen === 'cancel' && (
          <Flex vertical gap={8} style={{ paddingInlineStart: 24 }}>
            <Radio.Group
              value={reason}
              onChange={(e) => setReason(e.target.value as CancelReason)}
              aria-label="Причина отмены"
            >
              <Space wrap>
                {cancelReasons.map((r) => (
                  <Radio key={r} value={r}>
                    {cancelReasonLabels[r]}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            <Form layout="vertical" component="div">
              <Form.Item
                label="Комментарий"
                htmlFor="affected-cancel-comment"
                required={reason === 'Other'}
                validateStatus={commentError ? 'error' : undefined}
                help={commentError}
                style={{ marginBottom: 0 }}
              >
                <Input.TextArea
                  id="affected-cancel-comment"
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  maxLength={commentMaxLength}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  placeholder="Попадёт в служебную заметку каждого заказа"
                  aria-invalid={!!commentError}
                />
              </Form.Item>
            </Form>
            {partners.length > 0 && (
              <Typography.Text type="secondary">
                {affectedOrdersMessages.partnerNotified}: {partners.join(', ')}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

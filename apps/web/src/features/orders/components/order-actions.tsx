import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  cancelReasonLabels,
  cancelReasons,
  commentMaxLength,
  defaultCancelReason,
  isEarlyStep,
  isFinalStatus,
  isOwnSource,
  nextStatus,
  nextStepLabels,
  orderFormMessages,
  orderMessages,
  type CancelReason,
  type Order,
  type OrderStatus,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCancelOrder, useOrderStep, type PaymentInput } from '../api/order-status';
import { paymentCase } from '../lib/payment';
import { refreshOrdersLater } from '../lib/refresh-orders';
import { CompletePaymentStep } from './complete-payment-step';
import { useFeedback } from '../../../lib/feedback';

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

interface OrderActionsProps {
  order: Order;
  stationId: string;
  canManage: boolean;
  compact: boolean;
  onEdit(): void;
  /** Refetches the order; resolves when the new data is in. */
  refetch(): Promise<unknown>;
}

/**
 * The footer of the details modal (S1 §4): the next step with the early start / finish confirmations,
 * cancel with a reason, edit for own orders. «Завершить» on an unpaid order turns the footer into the
 * payment step (issue 10). A final order has no actions left: nothing is shown, not disabled buttons.
 * A worker only moves the status, and takes the money when finishing (the server says 403 to the rest).
 */
export function OrderActions({ order, stationId, canManage, compact, onEdit, refetch }: OrderActionsProps) {
  const { modal } = useFeedback();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const step = useOrderStep(order.id);
  const [stepping, setStepping] = useState<'paid' | 'unpaid' | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  /** The payment step is open; `skip`: the early finish was already confirmed. */
  const [paying, setPaying] = useState<{ skip: boolean } | null>(null);

  const to = nextStatus(order.status);
  const own = isOwnSource(order.source);
  if (isFinalStatus(order.status) || !to) return null;

  const run = async (target: OrderStatus, skipValidation: boolean, payment?: PaymentInput | null) => {
    setStepping(payment ? 'paid' : 'unpaid');
    try {
      await step.mutateAsync({ to: target, skipValidation, payment: payment ?? undefined });
      // S1 §4: wait 1 s, refresh the order, say so; the calendar follows 500 ms later.
      await sleep(1000);
      await refetch();
      setPaying(null);
      notify.success(payment ? orderMessages.paymentDone : orderMessages.statusUpdated);
      refreshOrdersLater(queryClient, stationId, 500);
    } catch (error) {
      if (payment && error instanceof ApiError && error.status === 400) {
        // The payment step stays open with what was typed; the server's words say what to fix.
        notify.error(error, orderMessages.paymentFailed);
        return;
      }
      setPaying(null);
      notify.error(
        error instanceof ApiError && error.status === 409
          ? orderMessages.statusTooEarly
          : orderMessages.statusFailed,
      );
      refreshOrdersLater(queryClient, stationId, 0);
      void refetch();
    } finally {
      setStepping(null);
    }
  };

  /** After any early-finish confirmation: an unpaid order asks for the payment first. */
  const proceed = (skip: boolean) => {
    if (to === 'Completed' && paymentCase(order) === 'due') setPaying({ skip });
    else void run(to, skip);
  };

  const advance = () => {
    if (!isEarlyStep(to, order, new Date())) {
      proceed(false);
      return;
    }
    const starting = to === 'Processing';
    modal.confirm({
      title: starting ? orderMessages.earlyStartTitle : orderMessages.earlyFinishTitle,
      content: starting ? orderMessages.earlyStartText : orderMessages.earlyFinishText,
      okText: starting ? orderMessages.earlyStartOk : orderMessages.earlyFinishOk,
      cancelText: orderMessages.cancel,
      onOk: () => proceed(true),
    });
  };

  if (paying) {
    return (
      <div className="order-actions">
        <CompletePaymentStep
          order={order}
          pending={stepping}
          compact={compact}
          onBack={() => setPaying(null)}
          onComplete={(payment) => void run('Completed', paying.skip, payment)}
        />
      </div>
    );
  }

  const busy = stepping !== null;
  const size = compact ? 'middle' : undefined;
  // Three buttons in one row on a 390 px phone: shorter cancel, edit as an icon (names stay whole).
  const cancelLabel = compact ? 'Отменить' : 'Отменить запись';

  return (
    <Flex justify="space-between" align="center" gap={8} wrap className="order-actions">
      <Flex gap={8} wrap>
        {canManage && (
          <Button
            danger
            size={size}
            onClick={() => setCancelOpen(true)}
            disabled={busy}
            aria-label="Отменить запись"
          >
            {cancelLabel}
          </Button>
        )}
      </Flex>
      <Flex gap={8} wrap justify="end" style={{ marginInlineStart: 'auto' }}>
        {canManage && own && (
          <Tooltip title={compact ? 'Редактировать' : undefined}>
            <Button
              size={size}
              onClick={onEdit}
              disabled={busy}
              aria-label="Редактировать"
              icon={compact ? <EditOutlined /> : undefined}
            >
              {compact ? null : 'Редактировать'}
            </Button>
          </Tooltip>
        )}
        {/* Keyed by status: the next step is a new button, not the old one finishing its spinner. */}
        <Button key={order.status} type="primary" size={size} loading={busy} onClick={advance}>
          {nextStepLabels[order.status]}
        </Button>
      </Flex>
      {cancelOpen && (
        <CancelOrderDialog
          order={order}
          onClose={() => setCancelOpen(false)}
          onDone={async () => {
            setCancelOpen(false);
            await refetch();
            refreshOrdersLater(queryClient, stationId, 500);
          }}
          onFailed={() => {
            refreshOrdersLater(queryClient, stationId, 0);
            void refetch();
          }}
        />
      )}
    </Flex>
  );
}

interface CancelOrderDialogProps {
  order: Order;
  onClose(): void;
  onDone(): Promise<void>;
  onFailed(): void;
}

/** Cancel with a reason from the list, «Другое» by default (S1 §3); «Другое» needs the operator's words. */
function CancelOrderDialog({ order, onClose, onDone, onFailed }: CancelOrderDialogProps) {
  const notify = useNotify();
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState<CancelReason>(defaultCancelReason);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const other = reason === 'Other';
  const error = other && tried && !comment.trim() ? orderFormMessages.cancelCommentRequired : undefined;

  const confirm = async () => {
    if (other && !comment.trim()) {
      setTried(true);
      return;
    }
    try {
      await cancel.mutateAsync({ reason, comment: other ? comment.trim() : undefined });
      notify.success(orderMessages.cancelled);
      await onDone();
    } catch (error) {
      notify.error(error, orderMessages.cancelFailed);
      onFailed();
    }
  };

  return (
    <Modal
      open
      title="Отмена записи"
      width={420}
      onCancel={onClose}
      okText="Отменить запись"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="Назад"
      onOk={() => void confirm()}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text>Запись будет отменена, время освободится для других клиентов.</Typography.Text>
        <label htmlFor="cancel-reason">Причина отмены</label>
        <Select<CancelReason>
          id="cancel-reason"
          value={reason}
          onChange={setReason}
          options={cancelReasons.map((r) => ({ value: r, label: cancelReasonLabels[r] }))}
        />
        {other && (
          <Form layout="vertical" component="div">
            <Form.Item
              label="Комментарий"
              htmlFor="cancel-comment"
              required
              validateStatus={error ? 'error' : undefined}
              help={error}
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea
                id="cancel-comment"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                maxLength={commentMaxLength}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                placeholder="Почему отменяете запись"
                aria-invalid={!!error}
              />
            </Form.Item>
          </Form>
        )}
      </Flex>
    </Modal>
  );
}

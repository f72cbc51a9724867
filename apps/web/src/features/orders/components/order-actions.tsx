import { useState } from 'react';
import { App, Button, Flex, Modal, Select, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  cancelReasonLabels,
  cancelReasons,
  defaultCancelReason,
  isCancelledStatus,
  isEarlyStep,
  isFinalStatus,
  isOwnSource,
  nextStatus,
  nextStepLabels,
  orderMessages,
  type CancelReason,
  type Order,
  type OrderStatus,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCancelOrder, useOrderStep } from '../api/order-status';
import { refreshOrdersLater } from '../lib/refresh-orders';

/** Completed is as final as cancelled; the spec's tooltip names the cancelled case. */
const completedTooltip = 'Заказ завершен, изменить статус невозможно';

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
 * cancel with a reason, edit for own orders. A worker only moves the status (the server says 403 to the
 * rest anyway).
 */
export function OrderActions({ order, stationId, canManage, compact, onEdit, refetch }: OrderActionsProps) {
  const { modal } = App.useApp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const step = useOrderStep(order.id);
  const [stepping, setStepping] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);

  const final = isFinalStatus(order.status);
  const to = nextStatus(order.status);
  const own = isOwnSource(order.source);
  const finalTooltip = isCancelledStatus(order.status) ? orderMessages.finalStatus : completedTooltip;

  const run = async (target: OrderStatus, skipValidation: boolean) => {
    setStepping(true);
    try {
      await step.mutateAsync({ to: target, skipValidation });
      // S1 §4: wait 1 s, refresh the order, say so; the calendar follows 500 ms later.
      await sleep(1000);
      await refetch();
      notify.success(orderMessages.statusUpdated);
      refreshOrdersLater(queryClient, stationId, 500);
    } catch (error) {
      notify.error(
        error instanceof ApiError && error.status === 409
          ? orderMessages.statusTooEarly
          : orderMessages.statusFailed,
      );
      refreshOrdersLater(queryClient, stationId, 0);
      void refetch();
    } finally {
      setStepping(false);
    }
  };

  const advance = () => {
    if (!to) return;
    if (!isEarlyStep(to, order, new Date())) {
      void run(to, false);
      return;
    }
    const starting = to === 'Processing';
    modal.confirm({
      title: starting ? orderMessages.earlyStartTitle : orderMessages.earlyFinishTitle,
      content: starting ? orderMessages.earlyStartText : orderMessages.earlyFinishText,
      okText: starting ? orderMessages.earlyStartOk : orderMessages.earlyFinishOk,
      cancelText: orderMessages.cancel,
      onOk: () => void run(to, true),
    });
  };

  const size = compact ? 'middle' : undefined;
  // Three buttons in one row on a 390 px phone: shorter cancel, edit as an icon (names stay whole).
  const cancelLabel = compact ? 'Отменить' : 'Отменить запись';
  const stepButton = to ? (
    // Keyed by status: the next step is a new button, not the old one finishing its spinner.
    <Button key={order.status} type="primary" size={size} loading={stepping} onClick={advance}>
      {nextStepLabels[order.status]}
    </Button>
  ) : (
    <Tooltip title={finalTooltip}>
      <Button type="primary" size={size} disabled>
        Изменить статус
      </Button>
    </Tooltip>
  );

  return (
    <Flex justify="space-between" align="center" gap={8} wrap className="order-actions">
      <Flex gap={8} wrap>
        {canManage &&
          (final ? (
            <Tooltip title={finalTooltip}>
              <Button danger size={size} disabled aria-label="Отменить запись">
                {cancelLabel}
              </Button>
            </Tooltip>
          ) : (
            <Button
              danger
              size={size}
              onClick={() => setCancelOpen(true)}
              disabled={stepping}
              aria-label="Отменить запись"
            >
              {cancelLabel}
            </Button>
          ))}
      </Flex>
      <Flex gap={8} wrap justify="end" style={{ marginInlineStart: 'auto' }}>
        {canManage && own && (
          <Tooltip title={final ? finalTooltip : compact ? 'Редактировать' : undefined}>
            <Button
              size={size}
              onClick={onEdit}
              disabled={final || stepping}
              aria-label="Редактировать"
              icon={compact ? <EditOutlined /> : undefined}
            >
              {compact ? null : 'Редактировать'}
            </Button>
          </Tooltip>
        )}
        {stepButton}
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

/** Cancel with a reason from the list, «Другое» by default (S1 §3). */
function CancelOrderDialog({ order, onClose, onDone, onFailed }: CancelOrderDialogProps) {
  const notify = useNotify();
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState<CancelReason>(defaultCancelReason);

  const confirm = async () => {
    try {
      await cancel.mutateAsync(reason);
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
      </Flex>
    </Modal>
  );
}

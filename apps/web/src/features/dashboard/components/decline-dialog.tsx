import { useState } from 'react';
import { Modal, Radio, Space } from 'antd';
import {
  cancelReasonLabels,
  cancelReasons,
  dashboardMessages,
  defaultCancelReason,
  orderMessages,
  type CancelReason,
} from '@crm/shared';

interface DeclineDialogProps {
  /** What is being declined, e.g. «Kia Rio А123ВС77, 14:30–15:00». */
  subject: string | null;
  onDecline(reason: CancelReason): void;
  onClose(): void;
}

/** «Отклонить заказ»: the cancel reason of S1 §3 (default «Другое»), then the decline. */
export function DeclineDialog({ subject, onDecline, onClose }: DeclineDialogProps) {
  const [reason, setReason] = useState<CancelReason>(defaultCancelReason);
  return (
    <Modal
      open={subject !== null}
      title={dashboardMessages.declineTitle}
      okText={dashboardMessages.decline}
      okButtonProps={{ danger: true }}
      cancelText={orderMessages.cancel}
      onOk={() => onDecline(reason)}
      onCancel={onClose}
      afterOpenChange={(open) => open || setReason(defaultCancelReason)}
      width={420}
      destroyOnHidden
    >
      {subject && <p style={{ marginTop: 0 }}>{subject}</p>}
      <Radio.Group
        value={reason}
        onChange={(e) => setReason(e.target.value as CancelReason)}
        aria-label={dashboardMessages.declineReason}
      >
        <Space orientation="vertical">
          {cancelReasons.map((r) => (
            <Radio key={r} value={r}>
              {cancelReasonLabels[r]}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}

import { useState } from 'react';
import { Form, Input, Modal, Radio, Space } from 'antd';
import {
  cancelReasonLabels,
  cancelReasons,
  commentMaxLength,
  dashboardMessages,
  defaultCancelReason,
  orderFormMessages,
  orderMessages,
  type CancelReason,
} from '@crm/shared';

export interface DeclineDialogProps {
  /** What is being declined, e.g. «Kia Rio А123ВС77, 14:30–15:00». */
  subject: string | null;
  /** `comment`: the operator's words, required with «Другое» (it says nothing by itself). */
  onDecline(reason: CancelReason, comment?: string): void;
  onClose(): void;
}

/**
 * «Отклонить заказ»: the cancel reason of S1 §3 (default «Другое»), then the decline. «Другое» opens a text
 * field that must be filled: staff read later why the order was declined (kept in its service note).
 */
export function DeclineDialog({ subject, onDecline, onClose }: DeclineDialogProps) {
  const [reason, setReason] = useState<CancelReason>(defaultCancelReason);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const other = reason === 'Other';
  const error = other && tried && !comment.trim() ? orderFormMessages.cancelCommentRequired : undefined;

  const decline = () => {
    if (other && !comment.trim()) {
      setTried(true);
      return;
    }
    onDecline(reason, other ? comment.trim() : undefined);
  };
  const reset = () => {
    setReason(defaultCancelReason);
    setComment('');
    setTried(false);
  };

  return (
    <Modal
      open={subject !== null}
      title={dashboardMessages.declineTitle}
      okText={dashboardMessages.decline}
      okButtonProps={{ danger: true }}
      cancelText={orderMessages.cancel}
      onOk={decline}
      onCancel={onClose}
      afterOpenChange={(open) => open || reset()}
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
      {other && (
        <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
          <Form.Item
            label="Комментарий"
            htmlFor="decline-comment"
            required
            validateStatus={error ? 'error' : undefined}
            help={error}
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              id="decline-comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={commentMaxLength}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder="Почему отклоняете заказ"
              aria-invalid={!!error}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { FeedbackApis } from './feedback';

export interface FeedbackHoldersProps {
  onReady(apis: FeedbackApis): void;
}

/** antd's message, notification and modal engines with their holders: loaded apart (lib/feedback.tsx). */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

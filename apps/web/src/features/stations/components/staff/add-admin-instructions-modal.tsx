import { Button, Modal, Steps, Typography } from 'antd';
import { invitationLifetimeDays } from '@crm/shared';
import { useCountdown } from './use-countdown';

/** S2 §4: the confirm button counts down and must finish before the modal can go on. */
export const instructionsReadSeconds = 5;

interface AddAdminInstructionsModalProps {
  open: boolean;
  /** Changes each time the modal opens, so the countdown starts again. */
  openedAt: number | null;
  onCancel(): void;
  onConfirm(): void;
}

/** «Как добавить администратора»: what the invitation does, read before the link is made. */
export function AddAdminInstructionsModal({
  open,
  openedAt,
  onCancel,
  onConfirm,
}: AddAdminInstructionsModalProps) {
  const left = useCountdown(instructionsReadSeconds, openedAt);
  return (
    <Modal
      open={open}
      title="Как добавить администратора"
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={
        <Button type="primary" disabled={left > 0} onClick={onConfirm}>
          {left > 0 ? `Понятно (${left} сек.)` : 'Понятно'}
        </Button>
      }
    >
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[
          {
            status: 'process',
            title: 'Выберите должность',
            content: 'Мойщик, администратор или управляющий; по умолчанию — администратор.',
          },
          {
            status: 'process',
            title: 'Покажите QR-код или отправьте ссылку',
            content: `Ссылка действует ${invitationLifetimeDays} дней и подходит одному человеку.`,
          },
          {
            status: 'process',
            title: 'Сотрудник входит в CRM по ссылке',
            content: 'После входа он появится в списке сотрудников станции с выбранной должностью.',
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Убрать сотрудника можно кнопкой «Удалить» в списке: его сессии сразу завершатся.
      </Typography.Paragraph>
    </Modal>
  );
}

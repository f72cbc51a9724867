import { Button, Flex, Modal, Steps, Typography } from 'antd';
import { invitationLifetimeDays } from '@crm/shared';

interface AdminInstructionsModalProps {
  open: boolean;
  onClose(): void;
  onSettings(): void;
}

/** S1 §2: a user who already belongs to the station's network gets only these instructions. */
export function AdminInstructionsModal({ open, onClose, onSettings }: AdminInstructionsModalProps) {
  return (
    <Modal
      open={open}
      title="Как добавить администратора"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>Закрыть</Button>
          <Button type="primary" onClick={onSettings}>
            Перейти к настройкам
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        Вы уже подключены к сети этой станции. Ссылка-приглашение нужна тому, кого вы хотите добавить:
      </Typography.Paragraph>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[
          {
            status: 'process',
            title: 'Откройте настройки станции',
            content: 'Раздел «Сотрудники», кнопка «Добавить администратора».',
          },
          {
            status: 'process',
            title: 'Создайте ссылку-приглашение',
            content: `Выберите должность и покажите QR-код или скопируйте ссылку: она действует ${invitationLifetimeDays} дней, для одного человека.`,
          },
          {
            status: 'process',
            title: 'Отправьте ссылку сотруднику',
            content: 'После входа по ссылке он подключится к сети станций с выбранной должностью.',
          },
        ]}
      />
    </Modal>
  );
}

import { Alert, Button, Modal, Steps, Typography } from 'antd';
import { invitationLifetimeDays } from '@crm/shared';
import { useCountdown } from './use-countdown';

/** S2 §4: the confirm button counts down and must finish before the modal can go on. */
export const instructionsReadSeconds = 5;

const readKey = 'crm.inviteInstructionsRead';

/**
 * The countdown is the one wait of the invitation kept (docs/decisions.md «Invitations: which waits
 * stay»): it makes the owner read that a link opens the whole network before he makes one. Once read on
 * this device, it is not imposed again.
 */
export function instructionsAlreadyRead(): boolean {
  try {
    return localStorage.getItem(readKey) === '1';
  } catch {
    return false;
  }
}

function rememberInstructionsRead() {
  try {
    localStorage.setItem(readKey, '1');
  } catch {
    // Private mode: the wait comes back next time, nothing worse.
  }
}

interface AddAdminInstructionsModalProps {
  open: boolean;
  /** What the link opens (the whole network), from useInvitationAccessText. */
  accessText: string;
  /** Changes each time the modal opens, so the countdown starts again. */
  openedAt: number | null;
  onCancel(): void;
  onConfirm(): void;
}

/** «Как добавить администратора»: what the invitation does, read before the link is made. */
export function AddAdminInstructionsModal({
  open,
  accessText,
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
        <Button
          type="primary"
          disabled={left > 0}
          onClick={() => {
            rememberInstructionsRead();
            onConfirm();
          }}
        >
          {left > 0 ? `Понятно (${left} сек.)` : 'Понятно'}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={accessText} style={{ marginBottom: 16 }} />
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
            content:
              'После входа он становится сотрудником всей сети с выбранной должностью и появится в списке сотрудников.',
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Убрать сотрудника можно кнопкой «Удалить» в списке: его сессии сразу завершатся.
      </Typography.Paragraph>
    </Modal>
  );
}

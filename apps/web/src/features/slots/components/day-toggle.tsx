import { Button, Popconfirm } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { slotMessages } from '@crm/shared';

interface DayToggleProps {
  action: 'block' | 'unblock';
  /** Nothing the action would change: no free slot to block, no blocked one to release. */
  disabled: boolean;
  loading: boolean;
  onRun(action: 'block' | 'unblock'): void;
}

/**
 * The whole-day toggle of S2 §4. Blocking closes the day to bookings, so it asks first; unblocking only
 * opens time again and runs at once.
 */
export function DayToggle({ action, disabled, loading, onRun }: DayToggleProps) {
  if (action === 'unblock') {
    return (
      <Button icon={<UnlockOutlined />} disabled={disabled} loading={loading} onClick={() => onRun(action)}>
        {slotMessages.unblockDay}
      </Button>
    );
  }
  return (
    <Popconfirm
      title="Заблокировать все свободные слоты дня?"
      description="Записаться на это время будет нельзя, пока слоты не разблокируют."
      okText="Заблокировать"
      cancelText="Отмена"
      onConfirm={() => onRun(action)}
      disabled={disabled}
    >
      <Button danger icon={<LockOutlined />} disabled={disabled} loading={loading}>
        {slotMessages.blockDay}
      </Button>
    </Popconfirm>
  );
}

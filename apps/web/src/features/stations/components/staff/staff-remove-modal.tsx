import { Modal, Typography } from 'antd';
import { staffMessages } from '@crm/shared';
import { useNotify } from '../../../../lib/notify';
import { useUpdateStaff } from '../../api/update-staff';
import type { StaffRow } from './staff-rows';

interface StaffRemoveModalProps {
  stationId: string;
  row: StaffRow | null;
  onClose(): void;
}

/** S2 §4 «Staff removal»: a confirmation, then an update with an empty networks list. */
export function StaffRemoveModal({ stationId, row, onClose }: StaffRemoveModalProps) {
  const notify = useNotify();
  const update = useUpdateStaff(stationId);

  const remove = async () => {
    if (!row) return;
    try {
      await update.mutateAsync({ userId: row.id, body: { networks: [] } });
      notify.success(staffMessages.removed);
      onClose();
    } catch (error) {
      notify.error(error, staffMessages.removeFailed);
    }
  };

  return (
    <Modal
      open={!!row}
      title="Удалить сотрудника?"
      okText="Удалить"
      cancelText="Отмена"
      okButtonProps={{ danger: true, loading: update.isPending }}
      onOk={() => void remove()}
      onCancel={onClose}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {row?.fullName} больше не будет работать в сети станций, все его сессии завершатся сразу.
      </Typography.Paragraph>
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { Button, Flex, Form, Modal, Select } from 'antd';
import {
  assignablePositions,
  positionLabels,
  profileFormChanged,
  profileFormFromUser,
  profileFormToUpdate,
  staffMessages,
  type AssignablePosition,
} from '@crm/shared';
import { ApiError } from '../../../../lib/api-client';
import { useNotify } from '../../../../lib/notify';
import {
  fromProfileShape,
  ProfileFields,
  profileFieldErrors,
  toProfileShape,
  type ProfileFieldsShape,
} from '../../../profile';
import { useUpdateStaff } from '../../api/update-staff';
import type { StaffRow } from './staff-rows';

/** The profile's own fields (one component with the profile page) plus the position. */
interface Shape extends ProfileFieldsShape {
  position?: AssignablePosition;
}

const positionOptions = assignablePositions.map((value) => ({ value, label: positionLabels[value] }));
const isAssignable = (p: unknown): p is AssignablePosition =>
  assignablePositions.includes(p as AssignablePosition);

function initialShape(row: StaffRow): Shape {
  return {
    ...toProfileShape(profileFormFromUser(row.user)),
    position: isAssignable(row.position) ? row.position : undefined,
  };
}

interface StaffEditModalProps {
  stationId: string;
  row: StaffRow | null;
  onClose(): void;
}

/**
 * «Редактирование профиля» of a colleague (S2 §5 «Staff edit»): the profile rules plus the position,
 * which only those who may assign it see. Saving stays disabled until something changes.
 */
export function StaffEditModal({ stationId, row, onClose }: StaffEditModalProps) {
  return (
    <Modal open={!!row} title="Редактирование профиля" onCancel={onClose} footer={null} destroyOnHidden>
      {row && <StaffEditForm stationId={stationId} row={row} onClose={onClose} />}
    </Modal>
  );
}

function StaffEditForm({ stationId, row, onClose }: { stationId: string; row: StaffRow; onClose(): void }) {
  const [form] = Form.useForm<Shape>();
  const notify = useNotify();
  const update = useUpdateStaff(stationId);
  const initial = useMemo(() => initialShape(row), [row]);
  const withPosition = row.canChangeMembership && initial.position !== undefined;
  const [changed, setChanged] = useState(false);

  const isChanged = (all: Partial<Shape>) =>
    profileFormChanged(fromProfileShape(initial), fromProfileShape(all)) ||
    (withPosition && all.position !== initial.position);

  const save = async (shape: Shape) => {
    const body = profileFormToUpdate(fromProfileShape(shape));
    try {
      await update.mutateAsync({
        userId: row.id,
        body: withPosition ? { ...body, position: shape.position } : body,
      });
      notify.success(staffMessages.updated);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const position = error.fields.position;
        form.setFields([
          ...profileFieldErrors(error.fields),
          ...(position ? [{ name: 'position' as const, errors: [position] }] : []),
        ]);
      }
      notify.error(error, staffMessages.updateFailed);
    }
  };

  return (
    <Form<Shape>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={(_, all) => setChanged(isChanged(all))}
      onFinish={(values) => void save(values)}
    >
      <ProfileFields />
      {withPosition && (
        <Form.Item name="position" label="Должность">
          <Select options={positionOptions} />
        </Form.Item>
      )}
      <Flex gap={8} justify="end">
        <Button onClick={onClose}>Отмена</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed}>
          Сохранить
        </Button>
      </Flex>
    </Form>
  );
}

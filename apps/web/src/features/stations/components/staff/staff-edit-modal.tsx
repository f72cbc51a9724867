import { useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, type FormRule } from 'antd';
import {
  assignablePositions,
  phoneProblem,
  positionLabels,
  profileFieldFromApi,
  profileFormChanged,
  profileFormFromUser,
  profileFormToUpdate,
  profileMessages,
  staffMessages,
  type AssignablePosition,
  type PhoneParts,
} from '@crm/shared';
import { ApiError } from '../../../../lib/api-client';
import { useNotify } from '../../../../lib/notify';
import { PhoneInput } from '../../../profile/components/phone-input';
import { useUpdateStaff } from '../../api/update-staff';
import type { StaffRow } from './staff-rows';

interface Shape {
  name: string;
  surname: string;
  email: string;
  phone: PhoneParts;
  position?: AssignablePosition;
}

const positionOptions = assignablePositions.map((value) => ({ value, label: positionLabels[value] }));
const isAssignable = (p: unknown): p is AssignablePosition =>
  assignablePositions.includes(p as AssignablePosition);

const phoneRule: FormRule = {
  validator: async (_, v: PhoneParts | undefined) => {
    const problem = phoneProblem(v ?? {});
    if (problem) throw new Error(problem.message);
  },
};

function initialShape(row: StaffRow): Shape {
  const v = profileFormFromUser(row.user);
  return {
    name: v.name,
    surname: v.surname,
    email: v.email,
    phone: { countryCode: v.countryCode, areaCode: v.areaCode, phoneNumber: v.phoneNumber },
    position: isAssignable(row.position) ? row.position : undefined,
  };
}

const flat = (s: Partial<Shape>) => ({
  name: s.name ?? '',
  surname: s.surname ?? '',
  email: s.email ?? '',
  countryCode: s.phone?.countryCode ?? '',
  areaCode: s.phone?.areaCode ?? '',
  phoneNumber: s.phone?.phoneNumber ?? '',
});

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
    profileFormChanged(flat(initial), flat(all)) || (withPosition && all.position !== initial.position);

  const save = async (shape: Shape) => {
    const body = profileFormToUpdate(flat(shape));
    try {
      await update.mutateAsync({
        userId: row.id,
        body: withPosition ? { ...body, position: shape.position } : body,
      });
      notify.success(staffMessages.updated);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields).flatMap(([key, message]) => {
            if (key === 'position') return [{ name: 'position' as const, errors: [message] }];
            const field = profileFieldFromApi(key);
            if (!field) return [];
            const name = field === 'phoneNumber' ? 'phone' : field;
            return [{ name: name as keyof Shape, errors: [message] }];
          }),
        );
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
      <Flex gap="0 12px" wrap>
        <Form.Item
          name="name"
          label="Имя"
          rules={[{ required: true, whitespace: true, message: profileMessages.nameRequired }]}
          style={{ flex: '1 1 180px' }}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="surname"
          label="Фамилия"
          rules={[{ required: true, whitespace: true, message: profileMessages.surnameRequired }]}
          style={{ flex: '1 1 180px' }}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="email"
        label="Email"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: profileMessages.emailRequired },
          { type: 'email', transform: (v: string) => v?.trim(), message: profileMessages.emailInvalid },
        ]}
      >
        <Input type="email" inputMode="email" autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label="Телефон" rules={[phoneRule]}>
        <PhoneInput />
      </Form.Item>
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

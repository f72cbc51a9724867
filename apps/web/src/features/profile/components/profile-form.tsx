import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Form } from 'antd';
import {
  messages,
  profileFormChanged,
  profileFormFromUser,
  profileFormToUpdate,
  type User,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';
import { useNotify } from '../../../lib/notify';
import { useUpdateProfile } from '../../users/api/update-profile';
import {
  fromProfileShape,
  ProfileFields,
  profileFieldErrors,
  toProfileShape,
  type ProfileFieldsShape,
} from './profile-fields';

interface ProfileFormProps {
  user: User;
  onSaved?(user: User): void;
  submitLabel?: string;
  /** The wizard's «Назад». */
  extraActions?: ReactNode;
  /** The wizard may go on without changes (S2 §4: «saves the profile if changed, otherwise advances»). */
  allowUnchanged?: boolean;
}

/**
 * The profile edit form of S1 §5 / S2 §5: name, surname, email and phone; values trimmed; saving is
 * disabled until something changes; server field errors land on their fields.
 */
export function ProfileForm({
  user,
  onSaved,
  submitLabel = 'Сохранить',
  extraActions,
  allowUnchanged,
}: ProfileFormProps) {
  const [form] = Form.useForm<ProfileFieldsShape>();
  const notify = useNotify();
  const update = useUpdateProfile(getSessionUserId());
  const initial = useMemo(() => profileFormFromUser(user), [user]);
  const [changed, setChanged] = useState(false);

  const save = async (shape: ProfileFieldsShape) => {
    const values = fromProfileShape(shape);
    if (!profileFormChanged(initial, values)) {
      onSaved?.(user);
      return;
    }
    try {
      const saved = await update.mutateAsync(profileFormToUpdate(values));
      setChanged(false);
      notify.success(messages.profile.updated);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError) form.setFields(profileFieldErrors(error.fields));
      notify.error(error, messages.profile.updateFailed);
    }
  };

  return (
    <Form<ProfileFieldsShape>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={toProfileShape(initial)}
      onValuesChange={(_, all) => setChanged(profileFormChanged(initial, fromProfileShape(all)))}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 560 }}
    >
      <ProfileFields own />
      <Flex gap={8} wrap>
        {extraActions}
        <Button
          type="primary"
          htmlType="submit"
          loading={update.isPending}
          disabled={!allowUnchanged && !changed}
        >
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}

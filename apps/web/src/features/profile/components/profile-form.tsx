import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Form, Input, type FormRule } from 'antd';
import {
  messages,
  phoneProblem,
  profileFieldFromApi,
  profileFormChanged,
  profileFormFromUser,
  profileFormToUpdate,
  profileMessages,
  type PhoneParts,
  type ProfileFormValues,
  type User,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';
import { useNotify } from '../../../lib/notify';
import { useUpdateProfile } from '../../users/api/update-profile';
import { PhoneInput } from './phone-input';

/** The antd form keeps the phone as one field of three parts. */
interface FormShape {
  name: string;
  surname: string;
  email: string;
  phone: PhoneParts;
}

const toShape = (v: ProfileFormValues): FormShape => ({
  name: v.name,
  surname: v.surname,
  email: v.email,
  phone: { countryCode: v.countryCode, areaCode: v.areaCode, phoneNumber: v.phoneNumber },
});
const fromShape = (s: FormShape): ProfileFormValues => ({
  name: s.name ?? '',
  surname: s.surname ?? '',
  email: s.email ?? '',
  countryCode: s.phone?.countryCode ?? '',
  areaCode: s.phone?.areaCode ?? '',
  phoneNumber: s.phone?.phoneNumber ?? '',
});

/**
 * Phone rules (S1 §5): every part present; a too-short area code or number is shown as «Введите
 * корректный номер телефона» with the exact reason under it.
 */
const phoneRules: FormRule[] = [
  {
    validator: async (_, v: PhoneParts | undefined) => {
      const problem = phoneProblem(v ?? {});
      if (problem && problem.message !== profileMessages.phoneParts)
        throw new Error(profileMessages.phoneInvalid);
    },
  },
  {
    validator: async (_, v: PhoneParts | undefined) => {
      const problem = phoneProblem(v ?? {});
      if (problem && problem.message !== profileMessages.phoneInvalid) throw new Error(problem.message);
    },
  },
];

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
  const [form] = Form.useForm<FormShape>();
  const notify = useNotify();
  const update = useUpdateProfile(getSessionUserId());
  const initial = useMemo(() => profileFormFromUser(user), [user]);
  const [changed, setChanged] = useState(false);

  const save = async (shape: FormShape) => {
    const values = fromShape(shape);
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
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields).flatMap(([key, message]) => {
            const field = profileFieldFromApi(key);
            if (!field) return [];
            const name = ['countryCode', 'areaCode', 'phoneNumber'].includes(field) ? 'phone' : field;
            return [{ name: name as keyof FormShape, errors: [message] }];
          }),
        );
      }
      notify.error(error, messages.profile.updateFailed);
    }
  };

  return (
    <Form<FormShape>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={toShape(initial)}
      onValuesChange={(_, all) => setChanged(profileFormChanged(initial, fromShape(all)))}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 560 }}
    >
      <Flex gap="0 12px" wrap>
        <Form.Item
          name="name"
          label="Имя"
          rules={[{ required: true, whitespace: true, message: profileMessages.nameRequired }, { max: 100 }]}
          style={{ flex: '1 1 200px' }}
        >
          <Input autoComplete="given-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="surname"
          label="Фамилия"
          rules={[
            { required: true, whitespace: true, message: profileMessages.surnameRequired },
            { max: 100 },
          ]}
          style={{ flex: '1 1 200px' }}
        >
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="email"
        label="Email"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: profileMessages.emailRequired },
          {
            validator: async (_, v: string | undefined) => {
              if (v && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.trim()))
                throw new Error(profileMessages.emailInvalid);
            },
          },
        ]}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@example.ru"
          maxLength={200}
        />
      </Form.Item>
      <Form.Item name="phone" label="Телефон" rules={phoneRules} extra="Код страны, код региона и номер">
        <PhoneInput />
      </Form.Item>
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

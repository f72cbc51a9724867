import { Flex, Form, Input, type FormRule } from 'antd';
import {
  emailSchema,
  phoneProblem,
  profileFieldFromApi,
  profileMessages,
  type PhoneParts,
  type ProfileFormValues,
} from '@crm/shared';
import { PhoneInput } from './phone-input';

/** The antd form keeps the phone as one field of three parts. */
export interface ProfileFieldsShape {
  name: string;
  surname: string;
  email: string;
  phone: PhoneParts;
}

export const toProfileShape = (v: ProfileFormValues): ProfileFieldsShape => ({
  name: v.name,
  surname: v.surname,
  email: v.email,
  phone: { countryCode: v.countryCode, areaCode: v.areaCode, phoneNumber: v.phoneNumber },
});

export const fromProfileShape = (s: Partial<ProfileFieldsShape>): ProfileFormValues => ({
  name: s.name ?? '',
  surname: s.surname ?? '',
  email: s.email ?? '',
  countryCode: s.phone?.countryCode ?? '',
  areaCode: s.phone?.areaCode ?? '',
  phoneNumber: s.phone?.phoneNumber ?? '',
});

/**
 * The e-mail rule is the shared schema's, the one the server applies to the same field (`emailSchema`):
 * the profile page and the staff window used to differ (a regex here, antd's `type: 'email'` there).
 */
const emailRule: FormRule = {
  validator: async (_, v: string | undefined) => {
    const checked = emailSchema.safeParse(v ?? '');
    if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? profileMessages.emailInvalid);
  },
};

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

/** The server's field errors on the profile fields, as antd's `setFields` takes them. */
export function profileFieldErrors(fields: Record<string, string>) {
  return Object.entries(fields).flatMap(([key, message]) => {
    const field = profileFieldFromApi(key);
    if (!field) return [];
    const name = ['countryCode', 'areaCode', 'phoneNumber'].includes(field) ? 'phone' : field;
    return [{ name: name as keyof ProfileFieldsShape, errors: [message] }];
  });
}

/**
 * Name, surname, e-mail and phone with the rules of S1 §5 / S2 §5, for any antd form whose values hold a
 * `ProfileFieldsShape`: the user's own profile (`own`: the browser may fill in his details) and a
 * colleague's in the staff window (not the editor's own details).
 */
export function ProfileFields({ own = false }: { own?: boolean }) {
  const auto = (value: string) => (own ? value : 'off');
  return (
    <>
      <Flex gap="0 12px" wrap>
        <Form.Item
          name="name"
          label="Имя"
          rules={[{ required: true, whitespace: true, message: profileMessages.nameRequired }, { max: 100 }]}
          style={{ flex: '1 1 180px' }}
        >
          <Input autoComplete={auto('given-name')} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="surname"
          label="Фамилия"
          rules={[
            { required: true, whitespace: true, message: profileMessages.surnameRequired },
            { max: 100 },
          ]}
          style={{ flex: '1 1 180px' }}
        >
          <Input autoComplete={auto('family-name')} maxLength={100} />
        </Form.Item>
      </Flex>
      <Form.Item name="email" label="Email" validateFirst rules={[emailRule]}>
        <Input
          type="email"
          inputMode="email"
          autoComplete={auto('email')}
          placeholder="name@example.ru"
          maxLength={200}
        />
      </Form.Item>
      <Form.Item name="phone" label="Телефон" rules={phoneRules} extra="Код страны, код региона и номер">
        <PhoneInput />
      </Form.Item>
    </>
  );
}

import { Form, Input } from 'antd';
import { clientMessages } from '@crm/shared';

/** The order's contact phone (`phones[0].redirection_phone`), optional; filled by a picked client. */
export function PhoneField({ label = 'Телефон клиента' }: { label?: string }) {
  return (
    <Form.Item
      name="phone"
      label={label}
      validateTrigger="onBlur"
      rules={[
        {
          validator: async (_, v: string | undefined) => {
            const digits = (v ?? '').replace(/\D/g, '');
            if (digits && (digits.length < 10 || digits.length > 15))
              throw new Error(clientMessages.phoneInvalid);
          },
        },
      ]}
    >
      <Input inputMode="tel" autoComplete="off" placeholder="+7 999 123-45-67" maxLength={20} />
    </Form.Item>
  );
}

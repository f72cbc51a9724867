import { Input, Space } from 'antd';
import { digitsOnly, phonePartLimits, type PhoneParts } from '@crm/shared';

interface PhoneInputProps {
  value?: PhoneParts;
  onChange?(value: PhoneParts): void;
  disabled?: boolean;
  id?: string;
  status?: 'error' | 'warning' | '';
}

const empty: PhoneParts = { countryCode: '7', areaCode: '', phoneNumber: '' };

/** The phone as three parts (S2 §3): country code (Russia, 7, preferred), area code and number. */
export function PhoneInput({ value = empty, onChange, disabled, id, status }: PhoneInputProps) {
  const set = (part: keyof PhoneParts, raw: string) =>
    onChange?.({ ...value, [part]: digitsOnly(raw, phonePartLimits[part]) });
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        aria-label="Код страны"
        prefix="+"
        value={value.countryCode}
        onChange={(e) => set('countryCode', e.target.value)}
        inputMode="numeric"
        autoComplete="tel-country-code"
        disabled={disabled}
        status={status}
        style={{ width: 76, flex: 'none' }}
      />
      <Input
        id={id}
        aria-label="Код региона"
        placeholder="916"
        value={value.areaCode}
        onChange={(e) => set('areaCode', e.target.value)}
        inputMode="numeric"
        autoComplete="tel-area-code"
        disabled={disabled}
        status={status}
        style={{ width: 92, flex: 'none' }}
      />
      <Input
        aria-label="Номер телефона"
        placeholder="1234567"
        value={value.phoneNumber}
        onChange={(e) => set('phoneNumber', e.target.value)}
        inputMode="numeric"
        autoComplete="tel-local"
        disabled={disabled}
        status={status}
      />
    </Space.Compact>
  );
}

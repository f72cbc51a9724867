import type { ReactNode } from 'react';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { legalFieldLabels, type LegalType } from '@crm/shared';
import { formNameOf, isRequiredField, type LegalFieldSpec } from '../lib/legal-form';
import './legal.css';

dayjs.extend(customParseFormat);

/** S2 §3: the certificate date travels and is stored as DD.MM.YYYY text. */
const dateFormat = 'DD.MM.YYYY';

const toDay = (value: unknown): Dayjs | null => {
  if (typeof value !== 'string' || !value) return null;
  const day = dayjs(value, dateFormat, true);
  return day.isValid() ? day : null;
};

export const onlyDigits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
// КПП's reason code may hold capital Latin letters (checksums.ts).
const kppChars = (value: unknown) =>
  String(value ?? '')
    .toUpperCase()
    .replace(/[^\dA-Z]/g, '');

/** One field of the legal form, its label and required mark by the chosen type (ids come from the form). */
export function LegalFieldItem({
  spec,
  type,
  extra,
}: {
  spec: LegalFieldSpec;
  type: LegalType;
  /** A hint under the field (the БИК's lookup result). */
  extra?: ReactNode;
}) {
  const label = legalFieldLabels[spec.path] ?? spec.path;
  const common = {
    name: formNameOf(spec.path),
    label,
    required: isRequiredField(type, spec.path),
    extra,
  };
  if (spec.path === 'certificateDate') {
    return (
      <Form.Item
        {...common}
        getValueProps={(value: unknown) => ({ value: toDay(value) })}
        normalize={(day: Dayjs | null) => (day?.isValid() ? day.format(dateFormat) : '')}
      >
        <DatePicker
          format={dateFormat}
          placeholder="ДД.ММ.ГГГГ"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  }
  const normalize = spec.digits ? onlyDigits : spec.path === 'kpp' ? kppChars : undefined;
  return (
    <Form.Item {...common} normalize={normalize}>
      <Input
        maxLength={spec.maxLength}
        inputMode={spec.digits ? 'numeric' : undefined}
        autoComplete="off"
        className={spec.digits || spec.path === 'kpp' ? 'legal-number' : undefined}
      />
    </Form.Item>
  );
}

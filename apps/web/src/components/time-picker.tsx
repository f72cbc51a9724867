import { useEffect, useState } from 'react';
import { Button, Flex, Input, Popover, Select } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { acceptTimeInput } from '@crm/shared';

const hourOptions = Array.from({ length: 24 }, (_, h) => {
  const v = String(h).padStart(2, '0');
  return { value: v, label: v };
});

export interface TimePickerProps {
  value?: string;
  onChange?(value: string): void;
  disabled?: boolean;
  'aria-label': string;
  id?: string;
  /** Minutes offered by the minute select (a typed time may be any minute). */
  minuteStep?: number;
  placeholder?: string;
  /** Width of the text box. */
  width?: number | string;
}

/**
 * The time picker of S1 §2: hour and minute selects in a popover, or typed as HH:MM / HHMM / HMM. A typed
 * value is taken on blur or Enter; an invalid one reverts to the previous value (S1 §5).
 */
export function TimePicker({
  value = '',
  onChange,
  disabled,
  id,
  minuteStep = 5,
  placeholder = 'ЧЧ:ММ',
  width = 112,
  ...rest
}: TimePickerProps) {
  const label = rest['aria-label'];
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value), [value]);

  const commit = () => {
    const next = acceptTimeInput(text, value);
    setText(next);
    if (next !== value && next) onChange?.(next);
  };
  const [h, m] = value ? value.split(':') : [undefined, undefined];
  const pick = (nextH: string, nextM: string) => onChange?.(`${nextH}:${nextM}`);
  const minuteOptions = Array.from({ length: Math.ceil(60 / minuteStep) }, (_, i) => {
    const v = String(i * minuteStep).padStart(2, '0');
    return { value: v, label: v };
  });

  return (
    <Input
      id={id}
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={label}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      style={{ width }}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={(e) => {
        e.preventDefault();
        commit();
      }}
      suffix={
        <Popover
          open={open && !disabled}
          onOpenChange={setOpen}
          trigger="click"
          placement="bottomLeft"
          content={
            <Flex gap={8} align="center">
              <Select
                aria-label="Часы"
                value={h}
                placeholder="ЧЧ"
                onChange={(nh) => pick(nh, m ?? '00')}
                options={hourOptions}
                style={{ width: 76 }}
                listHeight={220}
              />
              <span aria-hidden>:</span>
              <Select
                aria-label="Минуты"
                value={m && minuteOptions.some((o) => o.value === m) ? m : undefined}
                placeholder={m ?? 'ММ'}
                onChange={(nm) => pick(h ?? '09', nm)}
                options={minuteOptions}
                style={{ width: 76 }}
                listHeight={220}
              />
            </Flex>
          }
        >
          <Button
            type="text"
            size="small"
            disabled={disabled}
            aria-label={`Выбрать: ${label}`}
            icon={<ClockCircleOutlined />}
            style={{ marginInlineEnd: -6 }}
          />
        </Popover>
      }
    />
  );
}

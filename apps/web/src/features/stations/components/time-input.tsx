import { useEffect, useState } from 'react';
import { Button, Flex, Input, Popover, Select } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { acceptTimeInput } from '@crm/shared';

const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const minutes = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));

interface TimeInputProps {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  'aria-label': string;
  /** Shown while the box is empty. */
  placeholder?: string;
}

/**
 * The time picker of S1 §2: hour and minute selects, or typed as HH:MM / HHMM. A typed value is taken on
 * blur or Enter; an invalid one reverts to the previous value (S1 §5).
 */
export function TimeInput({ value, onChange, disabled, placeholder = 'ЧЧ:ММ', ...rest }: TimeInputProps) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value), [value]);

  const commit = () => {
    const next = acceptTimeInput(text, value);
    setText(next);
    if (next !== value) onChange(next);
  };
  const [h = '09', m = '00'] = value.split(':');
  const pick = (nextH: string, nextM: string) => onChange(`${nextH}:${nextM}`);

  return (
    <Input
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      inputMode="numeric"
      maxLength={5}
      style={{ width: 118 }}
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
                onChange={(nh) => pick(nh, m)}
                options={hours.map((x) => ({ value: x, label: x }))}
                style={{ width: 76 }}
                listHeight={220}
              />
              <span aria-hidden>:</span>
              <Select
                aria-label="Минуты"
                value={minutes.includes(m) ? m : undefined}
                placeholder={m}
                onChange={(nm) => pick(h, nm)}
                options={minutes.map((x) => ({ value: x, label: x }))}
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
            aria-label={`Выбрать: ${rest['aria-label']}`}
            icon={<ClockCircleOutlined />}
            style={{ marginInlineEnd: -6 }}
          />
        </Popover>
      }
    />
  );
}

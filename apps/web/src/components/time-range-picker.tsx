import { Flex, Typography } from 'antd';
import { normalizeTimeRange } from '@crm/shared';
import { TimePicker } from './time-picker';

export interface TimeRange {
  start: string;
  end: string;
}

export interface TimeRangePickerProps {
  value?: TimeRange;
  /** `changed` says which end the person moved, so a caller can keep its own end in step. */
  onChange?(value: TimeRange, changed: 'start' | 'end'): void;
  disabled?: boolean;
  id?: string;
  minuteStep?: number;
  startLabel?: string;
  endLabel?: string;
}

/**
 * A start and an end time (S1 §2 «time-range picker»). Each end is a {@link TimePicker}; a start of
 * exactly 00:00 becomes 00:01 and an end of 00:00 becomes 23:59 (S1 §5), so a range never collapses.
 */
export function TimeRangePicker({
  value,
  onChange,
  disabled,
  id,
  minuteStep,
  startLabel = 'Время начала',
  endLabel = 'Время окончания',
}: TimeRangePickerProps) {
  const start = value?.start ?? '';
  const end = value?.end ?? '';
  const emit = (next: TimeRange, changed: 'start' | 'end') => {
    const normalized = normalizeTimeRange(next.start, next.end);
    onChange?.({ start: next.start ? normalized.start : '', end: next.end ? normalized.end : '' }, changed);
  };
  return (
    <Flex align="center" gap={8} wrap={false}>
      <TimePicker
        id={id}
        aria-label={startLabel}
        value={start}
        minuteStep={minuteStep}
        disabled={disabled}
        onChange={(v) => emit({ start: v, end }, 'start')}
      />
      <Typography.Text type="secondary" aria-hidden>
        —
      </Typography.Text>
      <TimePicker
        aria-label={endLabel}
        value={end}
        minuteStep={minuteStep}
        disabled={disabled}
        onChange={(v) => emit({ start, end: v }, 'end')}
      />
    </Flex>
  );
}

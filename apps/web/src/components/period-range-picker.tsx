import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { DateRange } from '@crm/shared';

interface PeriodRangePickerProps {
  range: DateRange;
  onChange(range: DateRange): void;
}

/** «Период»'s two dates. Its own module: the date-picker loads when someone picks «Период» (issue 15). */
export default function PeriodRangePicker({ range, onChange }: PeriodRangePickerProps) {
  return (
    <DatePicker.RangePicker
      className="period-selector__range"
      format="DD.MM.YYYY"
      allowClear={false}
      value={[dayjs(range.start), dayjs(range.end)]}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ start: from.format('YYYY-MM-DD'), end: to.format('YYYY-MM-DD') });
      }}
      aria-label="Даты периода"
      placeholder={['Начало', 'Конец']}
    />
  );
}

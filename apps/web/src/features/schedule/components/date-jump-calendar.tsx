import { Calendar } from 'antd';
import dayjs from 'dayjs';

interface DateJumpCalendarProps {
  /** The selected calendar date, `YYYY-MM-DD`. */
  selected: string;
  onPick(date: string): void;
}

/**
 * The month grid of the toolbar's date popover. A chunk of its own: antd's Calendar brings the date-picker
 * and select stack (≈ 50 KB gzip), which the calendar page needs only once someone opens the popover.
 */
export function DateJumpCalendar({ selected, onPick }: DateJumpCalendarProps) {
  return (
    <Calendar
      fullscreen={false}
      value={dayjs(selected)}
      onSelect={(value, info) => {
        if (info?.source && info.source !== 'date' && info.source !== 'customize') {
          // Choosing a month or year in the header only turns the page.
          return;
        }
        onPick(value.format('YYYY-MM-DD'));
      }}
    />
  );
}

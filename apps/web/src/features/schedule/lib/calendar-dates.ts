import { isCalendarDate, periodRange } from '@crm/shared';
import { dayjs } from '../../../lib/station-time';

// Arithmetic on plain station-local dates (YYYY-MM-DD) in dayjs's UTC mode, where no daylight-saving jump
// can move a day. Instants ↔ the station's clock live in lib/station-time.

/** Monday of the week the date is in (Russian weeks start on Monday). */
export function weekStart(date: string): string {
  return periodRange('week', date).start;
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (dayjs.utc(date).day() + 6) % 7;
}

export function isDate(value: string | null): value is string {
  return !!value && isCalendarDate(value);
}

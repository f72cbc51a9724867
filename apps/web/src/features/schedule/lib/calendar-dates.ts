import { dayjs } from '../../../lib/station-time';

// Arithmetic on plain station-local dates (YYYY-MM-DD) in dayjs's UTC mode, where no daylight-saving jump
// can move a day. Instants ↔ the station's clock live in lib/station-time.

export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** Monday of the week the date is in (Russian weeks start on Monday). */
export function weekStart(date: string): string {
  const d = dayjs.utc(date);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (dayjs.utc(date).day() + 6) % 7;
}

export function isDate(value: string | null): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

import { weekDays, type WeekDay } from '@crm/shared';

// Station-local calendar maths for the seed: demo orders are laid out on the station's wall clock (work
// hours, slots) and stored as UTC instants (DESIGN §4). `localInstant` lives in shared: the slot manager
// and the work-hours rule need the same conversion.
export { localInstant } from '@crm/shared';

export function weekDayOf(date: string): WeekDay {
  // getUTCDay: 0 = Sunday; weekDays starts on Monday.
  return weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

import { weekDays, type WeekDay } from '@crm/shared';

// Station-local calendar maths for the seed: demo orders are laid out on the station's wall clock (work
// hours, slots) and stored as UTC instants (DESIGN §4).

export function weekDayOf(date: string): WeekDay {
  // getUTCDay: 0 = Sunday; weekDays starts on Monday.
  return weekDays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/** Minutes the zone is ahead of UTC at an instant ('Europe/Moscow' → 180). */
function offsetMinutes(timeZone: string, at: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant a station's clock shows `minutes` after midnight of `date` (cached per zone and day). */
export function localInstant(timeZone: string, date: string, minutes: number): Date {
  const key = `${timeZone}|${date}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const noon = Date.parse(`${date}T12:00:00Z`);
    offset = offsetMinutes(timeZone, noon - offsetMinutes(timeZone, noon) * 60_000);
    offsets.set(key, offset);
  }
  return new Date(Date.parse(`${date}T00:00:00Z`) + (minutes - offset) * 60_000);
}

// Station-local calendar maths: a wall-clock time of a station's day as a UTC instant (DESIGN §4: people
// see the station's clock, the database stores instants). Pure; Intl only.

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

/**
 * The instant a station's clock shows `minutes` after midnight of `date` (YYYY-MM-DD); 1440 is the next
 * midnight. One offset per zone and day, taken at local noon and cached: Russian zones keep no daylight
 * saving time, and the seed calls this for thousands of orders.
 */
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

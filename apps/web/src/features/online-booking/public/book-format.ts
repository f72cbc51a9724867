import { localInstant } from '@crm/shared';

// Dates, times and money as the driver reads them, always on the station's clock (its time zone), not
// the phone's: a driver booking a wash in Novosibirsk from Moscow sees the station's 10:00.

// formatRub's twin (@crm/shared): imported here, its module became a chunk shared by this page and the staff
// app, two files more on every staff route's first load and on this page (bench/web-size.ts).
const money = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
export const formatPrice = (rub: number) => `${money.format(rub)} ₽`;

/** YYYY-MM-DD plus `days` (calendar maths on the date itself, no zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The next `count` days from `today`, today first. */
export function dayRange(today: string, count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => addDays(today, i));
}

const weekday = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('ru-RU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** A day of the strip: «сб», «28 нояб.» and the whole date for a screen reader. */
export function dayParts(date: string) {
  const at = new Date(`${date}T12:00:00Z`);
  return { weekday: weekday.format(at), dayMonth: dayMonth.format(at), full: longDay.format(at) };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function cached(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = map.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', { ...options, timeZone });
    map.set(timeZone, format);
  }
  return format;
}

/** «10:30» of an instant on the station's clock. */
export function timeLabel(instant: string, timeZone: string): string {
  return cached(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
}

/** «суббота, 28 ноября, 10:30» on the station's clock. */
export function dateTimeLabel(instant: string, timeZone: string): string {
  const format = cached(dateTimeFormats, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return format.format(new Date(instant));
}

/** The station's local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/**
 * A start time of the availability answer as the instant the booking sends. The contract types it as a
 * string: an ISO instant (as the partner API answers), or a wall-clock «HH:MM» of that day in the zone.
 */
export function startInstant(start: string, date: string, timeZone: string): string {
  const clock = /^(\d{1,2}):(\d{2})$/.exec(start);
  if (!clock) return new Date(start).toISOString();
  return localInstant(timeZone, date, Number(clock[1]) * 60 + Number(clock[2])).toISOString();
}

/** What a start time shows: «10:30». */
export function startLabel(start: string, timeZone: string): string {
  return /^\d{1,2}:\d{2}$/.test(start) ? start.padStart(5, '0') : timeLabel(start, timeZone);
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();
/** «30 ноября, 12:00» on the station's clock (no weekday: it reads after «Перенести на»). */
export function shortDateTimeLabel(instant: string, timeZone: string): string {
  const at = new Date(instant);
  const day = cached(shortFormats, timeZone, { day: 'numeric', month: 'long' }).format(at);
  return `${day}, ${timeLabel(instant, timeZone)}`;
}

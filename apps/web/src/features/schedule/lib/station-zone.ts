import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// The calendar shows everything on the station's clock (DESIGN §4), never the browser's. Wall-clock
// arithmetic on plain dates (YYYY-MM-DD) goes through dayjs in UTC mode, where no daylight-saving jump can
// move a day; instants are converted with the zone's offset. dayjs's timezone plugin would do the latter
// too, but it formats a string through `toLocaleString` on every call: a 300-order week needs 600
// conversions and the whole week must render in under 100 ms, so offsets come from one cached
// Intl.DateTimeFormat per zone and are memoised per hour (zones change offset on whole hours or halves,
// never inside an hour of a real booking day).

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new Map<string, number>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone must not take the calendar down: fall back to Moscow, as the station card does.
      format = zone === 'Europe/Moscow' ? null : formatterFor('Europe/Moscow');
    }
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC in minutes at an instant (Moscow: 180). */
export function zoneOffset(zone: string, ms: number): number {
  const bucket = Math.floor(ms / HOUR);
  const key = `${zone}|${bucket}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const format = formatterFor(zone);
  let offset = 180;
  if (format) {
    const at = bucket * HOUR;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(at)) p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
    offset = Math.round((wall - at) / 60_000);
  }
  offsets.set(key, offset);
  return offset;
}

export interface WallTime {
  /** YYYY-MM-DD on the station's calendar. */
  date: string;
  /** Minutes since the station's midnight, 0–1439. */
  minutes: number;
}

/** Where an instant falls on the station's clock. */
export function toWall(ms: number, zone: string): WallTime {
  // The hot path of a busy week (two calls per order): plain UTC getters, no formatting.
  const local = new Date(ms + zoneOffset(zone, ms) * 60_000);
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  return {
    date: `${local.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** The instant at a station-local date and minute (minutes may pass 1440: the next day). */
export function fromWall(date: string, minutes: number, zone: string): number {
  const wall = dayjs.utc(date).valueOf() + minutes * 60_000;
  // The offset at the guess, then once more at the result: right on both sides of a DST change.
  const first = wall - zoneOffset(zone, wall) * 60_000;
  return wall - zoneOffset(zone, first) * 60_000;
}

/** Today on the station's calendar. */
export function stationToday(zone: string, now: number = Date.now()): string {
  return toWall(now, zone).date;
}

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

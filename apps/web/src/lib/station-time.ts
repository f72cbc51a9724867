import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { fromMinutes } from '@crm/shared';

// The one place the web client converts between a station's wall clock and UTC instants (DESIGN §4, §7:
// everything shown is on the station's clock, instants travel as ISO UTC). The dayjs plugins are extended
// here once; the calendar and the order forms both import from here.
dayjs.extend(utc);
dayjs.extend(timezone);

// Wall-clock arithmetic on plain dates (YYYY-MM-DD) goes through dayjs in UTC mode, where no daylight-saving
// jump can move a day; instants are converted with the zone's offset. dayjs's timezone plugin would do the
// latter too, but it formats a string through `toLocaleString` on every call: a 300-order week needs 600
// conversions and the whole week must render in under 100 ms, so offsets come from one cached
// Intl.DateTimeFormat per zone and are memoised per hour (zones change offset on whole hours or halves,
// never inside an hour of a real booking day).

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new Map<string, number>();
const knownZones = new Map<string, boolean>();

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

/** Whether the runtime knows the IANA zone (the order forms refuse to guess where the calendar falls back). */
function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
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

/** Where an instant falls on the station's clock (an unknown zone reads as Moscow). */
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

/**
 * An instant as a dayjs on the station's wall clock, for formatting with a pattern. Null for a missing or
 * unparsable instant, or an unknown zone.
 */
export function inStationZone(iso: string | null | undefined, timeZone: string): Dayjs | null {
  if (!iso) return null;
  try {
    const d = dayjs(iso);
    if (!d.isValid()) return null;
    return d.tz(timeZone);
  } catch {
    return null;
  }
}

/** The station-local date (YYYY-MM-DD) and time (HH:mm) of an instant; null as for `inStationZone`. */
export function localParts(iso: string, timeZone: string): { date: string; time: string } | null {
  if (!iso || !isKnownZone(timeZone)) return null;
  const d = dayjs(iso);
  if (!d.isValid()) return null;
  const wall = toWall(d.valueOf(), timeZone);
  return { date: wall.date, time: fromMinutes(wall.minutes) };
}

/**
 * A station-local date and time as the UTC instant the API wants: ISO-8601 with seconds zero (S1 §5).
 * Null when either part is malformed or the zone is unknown.
 */
export function toUtcIso(date: string, time: string, timeZone: string): string | null {
  const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !hhmm || !isKnownZone(timeZone)) return null;
  const ms = fromWall(date, Number(hhmm[1]) * 60 + Number(hhmm[2]), timeZone);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export { dayjs };
